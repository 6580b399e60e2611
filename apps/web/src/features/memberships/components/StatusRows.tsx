import type { TVipStatus } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { dayOf } from '../../payments/format';

/** SPEC §3 VIP status as rows: opened, ends, days left, and from 30 days before the end the renewal reminder. */
export function StatusRows({ status }: { status: TVipStatus }) {
  const { t } = useTranslation('memberships');
  if (!status.vip || !status.openDate || !status.endDate) return null;
  return (
    <>
      <dl className="mm-vip-rows">
        <div>
          <dt>{t('center.opened')}</dt>
          <dd data-testid="vip-open-date">{dayOf(status.openDate)}</dd>
        </div>
        <div>
          <dt>{t('center.ends')}</dt>
          <dd data-testid="vip-end-date">{dayOf(status.endDate)}</dd>
        </div>
        <div>
          <dt>{t('center.left')}</dt>
          <dd data-testid="vip-days-left" className={status.needremind ? 'is-due' : undefined}>
            {t('days', { count: status.remainderdays })}
          </dd>
        </div>
      </dl>
      {status.needremind && (
        <p className="mm-vip-remind" role="status" data-testid="vip-remind">
          {t('center.remind', { date: dayOf(status.endDate) })}
        </p>
      )}
    </>
  );
}
