import type { FulfilmentState, PaymentState } from '@metal/shared';
import type { ConsoleT } from '../../lib/i18n';

/** Each state's tag colour: waiting gold, paid green, money gone back red or orange, closed grey. */
export const STATE_COLOURS: Record<PaymentState, string> = {
  unpaid: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'red',
  partly_refunded: 'orange',
};

/** A delivery's tag colour: waiting gold, delivered green, never delivered magenta (the list tags only those not delivered). */
export const FULFILMENT_COLOURS: Record<FulfilmentState, string> = {
  pending: 'gold',
  done: 'green',
  refused: 'magenta',
};

export const fulfilmentName = (fulfilment: FulfilmentState, t: ConsoleT) => t(`payments:fulfilments.${fulfilment}`);

/** A state as transitions name it: an order's states, and 'new', where its first transition (made) starts. */
type RecordedState = PaymentState | 'new';
const isRecordedState = (value: string): value is RecordedState => value === 'new' || value in STATE_COLOURS;

export const stateName = (state: string, t: ConsoleT) =>
  isRecordedState(state) ? t(`payments:states.${state}`) : state;

export const channelName = (channel: string | null, t: ConsoleT) =>
  channel === 'wxpay' || channel === 'alipay' || channel === 'offline'
    ? t(`payments:channels.${channel}`)
    : channel || t('payments:channels.none');

/**
 * Who or what moved an order, in words (the server records 'create', 'notify:wxpay', 'query:alipay',
 * 'job:close', 'job:fulfil', 'operator:<id>', and 'second_payment' / 'undeliverable' for the outcome of
 * an automatic refund); a cause this console does not know yet shows as recorded.
 */
export function causeName(cause: string, t: ConsoleT): string {
  if (cause === 'create') return t('payments:causes.create');
  if (cause === 'job:close') return t('payments:causes.jobClose');
  if (cause === 'job:fulfil') return t('payments:causes.jobFulfil');
  if (cause === 'second_payment') return t('payments:causes.secondPayment');
  if (cause === 'undeliverable') return t('payments:causes.undeliverable');
  const [kind, rest = ''] = cause.split(':');
  if (kind === 'notify') return t('payments:causes.notify', { channel: channelName(rest, t) });
  if (kind === 'query') return t('payments:causes.query', { channel: channelName(rest, t) });
  if (kind === 'operator') return t('payments:causes.operator', { id: rest });
  return cause;
}
