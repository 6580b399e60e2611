import { defineModule } from '../../platform/module';
import { tradeOrderFulfilment } from './orders.fulfilment';
import { ORDER_JOBS } from './orders.jobs';
import { ordersRoutes } from './orders.routes';

/**
 * Trade orders (README "Trade orders"): stock orders, orders from agreed inquiry quotes and proxy
 * selections, through quote, agreement, payment (transfer, or the cashier via payments' 'trade_order'
 * purpose), shipment and receipt; the expiry job; the console's read-only lookup.
 */
export const ordersModule = defineModule({
  name: 'orders',
  routes: ordersRoutes,
  jobs: () => ORDER_JOBS,
  paymentPurposes: { trade_order: tradeOrderFulfilment },
});
