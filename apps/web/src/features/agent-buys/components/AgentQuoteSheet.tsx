import { AGENT_BUY_TEXT_MAX, AGENT_QUOTE_NAME_MAX, type TAgentQuote, ZAgentQuoteSaveRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedTextArea } from '../../../components/form/NamedTextArea';
import { useLanguage } from '../../../lib/i18n';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import { useProfile } from '../../accounts/api';

export interface AgentQuoteDraft {
  info: string;
  companyName: string;
  contactName: string;
  phone: string;
}

/**
 * SPEC §3 agent-quote form: quote info, company name, contact and phone, all required. A first quote
 * starts from the caller's profile (company, nickname, phone); a new one from the caller's last quote.
 */
export function AgentQuoteSheet({
  agentBuyId,
  previous,
  visible,
  onClose,
  onSubmit,
  submitting,
}: {
  agentBuyId: number;
  previous: TAgentQuote | null;
  visible: boolean;
  onClose: () => void;
  onSubmit: (draft: AgentQuoteDraft) => void;
  submitting: boolean;
}) {
  const { t } = useTranslation('agentBuys');
  const [lang] = useLanguage();
  const profile = useProfile();
  const [draft, setDraft] = useState<AgentQuoteDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown: AgentQuoteDraft = draft ?? {
    info: previous?.info ?? '',
    companyName: previous?.companyName ?? profile.data?.companyName ?? '',
    contactName: previous?.contactName ?? profile.data?.nickName ?? '',
    phone: previous?.phone ?? profile.data?.phone ?? '',
  };
  const update = (changes: Partial<AgentQuoteDraft>) => setDraft({ ...shown, ...changes });

  const submit = () => {
    const checked = ZAgentQuoteSaveRequest.safeParse({ agentBuyId, ...shown });
    const found = checked.success ? {} : fieldErrors(checked.error.issues);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, localizeMessage(key, lang)])));
    if (checked.success) onSubmit(shown);
  };

  const error = (field: string) =>
    errors[field] ? (
      <p className="mm-pc-error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const line = (field: 'companyName' | 'contactName' | 'phone', max: number) => (
    <div data-field={field}>
      <div className="mm-pc-sheet-label">{t(`sheet.${field}`)}</div>
      <Input
        name={field}
        aria-label={t(`sheet.${field}`)}
        maxLength={max}
        value={shown[field]}
        onChange={(value) => update({ [field]: value })}
        clearable
        {...(field === 'phone' ? { type: 'tel', inputMode: 'tel' as const } : {})}
      />
      {error(field)}
    </div>
  );

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-pc-sheet" destroyOnClose>
      <div data-testid="agent-quote-sheet">
        <h2 className="mm-pc-sheet-title">{t('sheet.title')}</h2>
        <div className="mm-pc-sheet-body">
          <div data-field="info">
            <div className="mm-pc-sheet-label">{t('sheet.info')}</div>
            <NamedTextArea
              name="info"
              aria-label={t('sheet.info')}
              placeholder={t('sheet.infoPlaceholder')}
              maxLength={AGENT_BUY_TEXT_MAX}
              showCount
              rows={3}
              value={shown.info}
              onChange={(info) => update({ info })}
            />
            {error('info')}
          </div>
          {line('companyName', AGENT_QUOTE_NAME_MAX)}
          {line('contactName', AGENT_QUOTE_NAME_MAX)}
          {line('phone', 20)}
        </div>
        <div className="mm-pc-sheet-actions">
          <Button onClick={onClose}>{t('sheet.cancel')}</Button>
          <Button color="primary" loading={submitting} onClick={submit} data-testid="agent-quote-submit">
            {t('sheet.submit')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
