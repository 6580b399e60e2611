import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';

export type LegalDocument = 'agreement' | 'privacy';

/** The user agreement or the privacy policy, in a bottom sheet. */
export function LegalPopup({ doc, onClose }: { doc: LegalDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const paragraphs =
    doc === 'agreement'
      ? [t('legal.agreement1'), t('legal.agreement2'), t('legal.agreement3')]
      : [t('legal.privacy1'), t('legal.privacy2'), t('legal.privacy3'), t('legal.privacy4')];
  return (
    <Popup
      visible={doc !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mm-legal-popup"
      showCloseButton
    >
      <h3 className="mm-legal-title">{doc === 'agreement' ? t('legal.userAgreement') : t('legal.privacyPolicy')}</h3>
      <ol className="mm-legal-list">
        {paragraphs.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
      <Button block color="primary" shape="rounded" size="large" onClick={onClose}>
        {t('legal.close')}
      </Button>
    </Popup>
  );
}
