import type { OrderState } from '@metal/shared';

/** Each state's tag colour: waiting gold or blue, money in green, goods moving cyan, done and ended grey, cancelled red. */
export const ORDER_STATE_COLOURS: Record<OrderState, string> = {
  awaiting_quote: 'gold',
  quoted: 'blue',
  agreed: 'orange',
  payment_submitted: 'purple',
  paid: 'green',
  shipped: 'cyan',
  completed: 'default',
  cancelled: 'red',
  expired: 'default',
};
