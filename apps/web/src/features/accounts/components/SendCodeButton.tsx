import { SMS_RESEND_SECONDS, type SmsPurpose, translate, ZSendCodeRequest } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/feedback';
import { getLanguage } from '../../../lib/language';
import { useCountdown } from '../../../lib/useCountdown';
import { fieldErrors } from '../../../lib/validation';
import { useSendCode } from '../api';

interface SendCodeButtonProps {
  phone: string;
  purpose: SmsPurpose;
  /** A message key for the phone field when it is not a valid phone. */
  onInvalidPhone: (messageKey: string) => void;
  /** `code` only when the server runs its SMS sandbox (SMS_SANDBOX=1). */
  onSent: (sandboxCode: string | undefined) => void;
}

/** "Get code": `user/send_code`, then a countdown (60 s, or what the server says) before another. */
export function SendCodeButton({ phone, purpose, onInvalidPhone, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation('accounts');
  const { seconds, running, start } = useCountdown();
  const sendCode = useSendCode();

  const send = () => {
    const parsed = ZSendCodeRequest.safeParse({ phone, purpose });
    if (!parsed.success) {
      onInvalidPhone(fieldErrors(parsed.error.issues).phone ?? 'phone.invalid');
      return;
    }
    sendCode.mutate(parsed.data, {
      onSuccess: (data) => {
        start(data.resendAfter > 0 ? data.resendAfter : SMS_RESEND_SECONDS);
        showSuccess(translate('code.sent', getLanguage()));
        onSent(data.code);
      },
    });
  };

  return (
    <button
      type="button"
      className="mm-code-button"
      disabled={running || sendCode.isPending}
      onClick={send}
      data-testid={`send-code-${purpose}`}
    >
      {running ? t('field.resend', { seconds }) : t('field.getCode')}
    </button>
  );
}
