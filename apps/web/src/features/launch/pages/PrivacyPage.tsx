import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type LegalDocument, LegalPopup } from '../../../components/LegalPopup';
import { Logo } from '../../../components/Logo';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths } from '../../../lib/navigation';
import { agreePrivacy } from '../privacy';
import '../launch.css';

/** First-launch consent: agreeing is remembered; without it the app cannot be used, so the page stays. */
export default function PrivacyPage() {
  const { t } = useTranslation(['launch', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [doc, setDoc] = useState<LegalDocument | null>(null);

  const agree = () => {
    agreePrivacy();
    navigate(Paths.root, { replace: true });
  };

  const disagree = () => {
    void Dialog.alert({
      title: t('launch:privacy.disagreeTitle'),
      content: t('launch:privacy.disagreeText'),
      confirmText: t('common:confirm'),
    });
  };

  const points = [
    t('common:legal.privacy1'),
    t('common:legal.privacy2'),
    t('common:legal.privacy3'),
    t('common:legal.privacy4'),
  ];

  return (
    <div className="mm-privacy">
      <div className="mm-privacy-hero">
        <Logo size={60} />
        <h1>{t('launch:privacy.welcome')}</h1>
      </div>
      <section className="mm-privacy-card" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('launch:privacy.title')}</h2>
        <p className="mm-privacy-intro">{t('launch:privacy.intro')}</p>
        <ol className="mm-privacy-points">
          {points.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        <p className="mm-privacy-links">
          {t('launch:privacy.fullText')}
          <button type="button" className="mm-link" onClick={() => setDoc('agreement')}>
            {t('common:legal.agreementLink')}
          </button>
          <button type="button" className="mm-link" onClick={() => setDoc('privacy')}>
            {t('common:legal.privacyLink')}
          </button>
        </p>
        <div className="mm-privacy-actions">
          <Button block color="primary" size="large" shape="rounded" onClick={agree}>
            {t('launch:privacy.agree')}
          </Button>
          <Button block fill="none" size="middle" className="mm-privacy-disagree" onClick={disagree}>
            {t('launch:privacy.disagree')}
          </Button>
        </div>
      </section>
      <LegalPopup doc={doc} onClose={() => setDoc(null)} />
    </div>
  );
}
