import { CodeFlag, type TLicenceDisplay } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useCaptcha } from '../../accounts/api';
import { CaptchaField } from '../../accounts/components/CaptchaField';
import { useLicenceDisplay } from '../api';
import { LicenceImage } from '../components/LicenceImage';
import '../../accounts/accounts.css';
import '../licences.css';

/**
 * SPEC §2 license_display ('license information'): anyone, visitors included, sees a company's
 * approved licence after entering the image captcha (SPEC §5: the verification code is required).
 */
export default function LicenseDisplayPage() {
  const { t } = useTranslation(['licences', 'common']);
  const message = useMessage();
  const [search] = useSearchParams();
  const rootId = Number(search.get('id'));
  const valid = Number.isInteger(rootId) && rootId > 0;
  const [shown, setShown] = useState<TLicenceDisplay | null>(null);
  const [none, setNone] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const captcha = useCaptcha(valid && !shown && !none);
  const display = useLicenceDisplay();

  const newCaptcha = () => {
    setAnswer('');
    void captcha.refetch();
  };

  const view = async () => {
    const key = captcha.data?.captchaKey;
    if (!answer.trim() || !key) return setError(message('captcha.required'));
    setError('');
    try {
      setShown(await display.mutateAsync({ rootId, captchaKey: key, captcha: answer.trim() }));
    } catch (failure) {
      if (!isApiError(failure)) return;
      if (failure.codeFlag === CodeFlag.notFound) setNone(failure.mesg);
      else if (failure.codeFlag === CodeFlag.invalidInput) {
        // A captcha is spent by any answer: a new one is needed for the next try.
        setError(failure.errors?.captcha ?? failure.mesg);
        newCaptcha();
      }
    }
  };

  let body: ReactNode;
  if (!valid) {
    body = (
      <EmptyState kind="search" title={t('licences:display.missing')} description={t('licences:display.missingText')} />
    );
  } else if (none) {
    body = <EmptyState kind="search" title={t('licences:display.none')} description={none} />;
  } else if (shown) {
    body = (
      <section className="mm-card mm-licence-card" data-testid="licence-shown">
        <h2 className="mm-section-title">{t('licences:display.company')}</h2>
        <p className="mm-licence-company">{shown.companyName}</p>
        <LicenceImage image={shown.image} testId="licence-shown-image" />
        <p className="mm-licence-verified">
          <CheckShieldOutline /> {t('licences:display.verified')}
        </p>
      </section>
    );
  } else {
    body = (
      <section className="mm-card mm-licence-card" data-testid="licence-captcha">
        <h2 className="mm-section-title">{t('licences:display.heading')}</h2>
        <p className="mm-licence-note">{t('licences:display.intro')}</p>
        <CaptchaField
          svg={captcha.data?.svg}
          loading={captcha.isFetching}
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setError('');
          }}
          onRefresh={newCaptcha}
          error={error || undefined}
        />
        <div className="mm-licence-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={display.isPending}
            onClick={() => void view()}
            data-testid="licence-view"
          >
            {t('licences:display.view')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <Page
      title={t('licences:display.title')}
      backTo={valid ? `${Paths.company}?id=${rootId}` : undefined}
      className="mm-licence"
    >
      {body}
    </Page>
  );
}
