import { VERIFICATION_NOTE_MAX, ZVerifyEscalateRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { showSuccess } from '../../../lib/feedback';
import { fieldErrors } from '../../../lib/validation';
import { useEscalateVerification } from '../api';

/** SPEC §4 'contact service': a note to customer service, who verify the person or say why not. */
export function EscalationForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('verification');
  const [note, setNote] = useState('');
  const errors = useFieldErrors();
  const escalate = useEscalateVerification();
  const error = errors.show('note');

  const submit = () => {
    const parsed = ZVerifyEscalateRequest.safeParse({ note });
    if (!parsed.success) {
      errors.setAll(fieldErrors(parsed.error.issues));
      return;
    }
    errors.setAll({});
    escalate.mutate(parsed.data, {
      onSuccess: () => showSuccess(t('escalation.sent')),
      onError: errors.setFromServer,
    });
  };

  return (
    <form
      className="mm-card mm-vf-escalation"
      data-testid="escalation-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="mm-section-title">{t('escalation.title')}</h2>
      <p className="mm-vf-hint">{t('escalation.hint')}</p>
      <div className={`mm-vf-note ${error ? 'has-error' : ''}`}>
        <TextArea
          value={note}
          onChange={(value) => {
            setNote(value);
            if (error) errors.set('note', '');
          }}
          placeholder={t('escalation.placeholder')}
          aria-label={t('escalation.title')}
          name="note"
          rows={4}
          maxLength={VERIFICATION_NOTE_MAX}
          showCount
        />
      </div>
      {error && (
        <div className="mm-vf-error" role="alert">
          {error}
        </div>
      )}
      <div className="mm-vf-actions">
        <Button shape="rounded" onClick={onCancel} disabled={escalate.isPending}>
          {t('escalation.cancel')}
        </Button>
        <Button type="submit" color="primary" shape="rounded" loading={escalate.isPending}>
          {t('escalation.submit')}
        </Button>
      </div>
    </form>
  );
}
