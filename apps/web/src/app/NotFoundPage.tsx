import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '../components/ErrorScreen';
import { Page } from '../components/Page';

/** An address no route knows: the not-found screen, with ways back to home and to search. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} bodyClassName="mm-center-page">
      <NotFoundScreen title={t('notFound.title')} />
    </Page>
  );
}
