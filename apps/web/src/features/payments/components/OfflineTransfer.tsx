import { formatCents, type TOfflineInstructions } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { showSuccess } from '../../../lib/feedback';
import { useSubmitSlip } from '../api';
import { minuteOf } from '../format';
import { payPagePath } from '../links';

export interface OfflineTransferProps {
  orderNo: string;
  amountFen: number;
  expiresAt: string;
  offline: TOfflineInstructions;
}

/**
 * Bank transfer (对公转账): the platform's account and the reference for the transfer's remark, then
 * the slip, handed in for an operator to confirm; the payment page then waits for the confirmation.
 */
export function OfflineTransfer({ orderNo, amountFen, expiresAt, offline }: OfflineTransferProps) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const uploads = useImageUploads('transferSlip', 1);
  const submit = useSubmitSlip();
  const [problem, setProblem] = useState('');

  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(() => showSuccess(t('offline.copied')));
  };
  const rows: [keyof TOfflineInstructions | 'amount', string][] = [
    ['accountName', offline.accountName],
    ['bankName', offline.bankName],
    ['accountNo', offline.accountNo],
    ['reference', offline.reference],
    ['amount', t('money', { amount: formatCents(amountFen) })],
  ];

  const send = async () => {
    const [file] = uploads.uploaded;
    if (uploads.busy) return setProblem(t('offline.waitUpload'));
    if (!file) return setProblem(t('offline.needSlip'));
    setProblem('');
    try {
      await submit.mutateAsync({ orderNo, fileId: file.id });
      uploads.remove(uploads.doneKeys);
      navigate(payPagePath(orderNo), { replace: true });
    } catch {
      // The toast has said why; the slip stays for another try.
    }
  };

  return (
    <>
      <section className="mm-card mm-pay-card" data-testid="offline-instructions">
        <h2 className="mm-section-title">{t('offline.title')}</h2>
        <p className="mm-pay-note">{t('offline.intro')}</p>
        <dl className="mm-pay-receipt is-transfer">
          {rows.map(([key, value]) => (
            <div key={key} data-testid={`offline-${key}`}>
              <dt>{t(`offline.${key}`)}</dt>
              <dd>
                <span className={key === 'reference' ? 'mm-pay-reference' : undefined}>{value}</span>
                {key !== 'amount' && key !== 'bankName' && (
                  <button type="button" className="mm-pay-copy" onClick={() => copy(value)}>
                    {t('offline.copy')}
                  </button>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mm-pay-note">{t('offline.deadline', { time: minuteOf(expiresAt) })}</p>
      </section>
      <section className="mm-card mm-pay-card" data-testid="offline-slip">
        <h2 className="mm-section-title">{t('offline.slipTitle')}</h2>
        <p className="mm-pay-note">{t('offline.slipHint')}</p>
        <ImageUploader uploads={uploads} addLabel={t('offline.slipLabel')} layout="document" />
        {problem && (
          <p className="mm-pay-error" role="alert">
            {problem}
          </p>
        )}
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={submit.isPending}
          onClick={() => void send()}
          data-testid="offline-submit"
        >
          {t('offline.submit')}
        </Button>
      </section>
    </>
  );
}
