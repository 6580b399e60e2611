import { defineModule } from '../../platform/module';
import { cartRoutes } from './cart.routes';

/**
 * The shopping cart (issue 18). Orders remove checked-out lines inside their checkout transaction with
 * `removeCheckedOutCartLines` (cart.service.ts).
 */
export const cartModule = defineModule({
  name: 'cart',
  routes: cartRoutes,
});
