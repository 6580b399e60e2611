import { formatCents, type TPayOrder } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { minuteOf } from '../format';

/** An order's facts as its receipt shows them: number, amount, channel, when it was made and paid. */
export function Receipt({ order, subject = true }: { order: TPayOrder; subject?: boolean }) {
  const { t } = useTranslation('payments');
  const rows: [string, string, string][] = [
    ...(subject ? [['subject', t('fields.subject'), order.subject] as [string, string, string]] : []),
    ['orderNo', t('fields.orderNo'), order.orderNo],
    ['amount', t('fields.amount'), t('money', { amount: formatCents(order.amountFen) })],
  ];
  const channel = order.receipt?.channel ?? order.channel;
  if (channel) rows.push(['channel', t('fields.channel'), t(`channels.${channel}`)]);
  rows.push(['createdAt', t('fields.createdAt'), minuteOf(order.createdAt)]);
  if (order.paidAt) rows.push(['paidAt', t('fields.paidAt'), minuteOf(order.paidAt)]);
  if (order.receipt?.transactionId)
    rows.push(['transactionId', t('fields.transactionId'), order.receipt.transactionId]);
  return (
    <dl className="mm-pay-receipt">
      {rows.map(([key, label, value]) => (
        <div key={key} data-testid={`receipt-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An order's state as a tag; refunds in the quiet colour, paid in the theme's, unpaid in copper. */
export function StateTag({ state }: { state: TPayOrder['state'] }) {
  const { t } = useTranslation('payments');
  return (
    <span className={`mm-pay-state is-${state}`} data-testid="pay-state">
      {t(`states.${state}`)}
    </span>
  );
}
