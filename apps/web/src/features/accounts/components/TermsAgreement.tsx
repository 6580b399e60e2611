import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LegalDocument, LegalPopup } from '../../../components/LegalPopup';

interface TermsAgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Set when the user tried to go on without ticking it. */
  highlight?: boolean;
}

/** SPEC §5: the user agreement and privacy policy must be agreed to before login and register. */
export function TermsAgreement({ checked, onChange, highlight }: TermsAgreementProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const [doc, setDoc] = useState<LegalDocument | null>(null);
  return (
    <div className={`mm-terms ${highlight && !checked ? 'is-highlighted' : ''}`}>
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '17px', '--font-size': '13px', '--gap': '6px' }}
        data-testid="terms"
      >
        {t('accounts:terms.prefix')}
      </Checkbox>
      <button type="button" className="mm-link" onClick={() => setDoc('agreement')}>
        {t('common:legal.agreementLink')}
      </button>
      {t('accounts:terms.and')}
      <button type="button" className="mm-link" onClick={() => setDoc('privacy')}>
        {t('common:legal.privacyLink')}
      </button>
      <LegalPopup doc={doc} onClose={() => setDoc(null)} />
    </div>
  );
}
