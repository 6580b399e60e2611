import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import '../locale';
import { inquiryIdParam } from '../form';
import '../../../components/form/form.css';
import '../inquiry-form.css';

const TOPICS = ['products', 'quantity', 'terms', 'deadline', 'address', 'visibility', 'review'] as const;

/** SPEC §2 /pages/input_inquiry/help_choose_inquiry: how to fill an inquiry, linked from the form. */
export default function HelpChooseInquiryPage() {
  const { t } = useTranslation('inquiries');
  // Reached from the form while changing an inquiry (`?id=`), it leads back to that one.
  const [params] = useSearchParams();
  const id = inquiryIdParam(params.get('id'));
  return (
    <Page
      title={t('form.help.title')}
      backTo={id > 0 ? `${Paths.inputInquiry}?id=${id}` : Paths.inputInquiry}
      className="mm-form-page mm-inq-help"
    >
      <p className="mm-form-intro">{t('form.help.intro')}</p>
      {TOPICS.map((topic) => (
        <section key={topic} className="mm-card mm-form-card mm-inq-help-topic">
          <h2 className="mm-section-title">{t(`form.help.topics.${topic}.title`)}</h2>
          <p>{t(`form.help.topics.${topic}.text`)}</p>
        </section>
      ))}
    </Page>
  );
}
