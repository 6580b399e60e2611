import { defineModule } from '../../platform/module';
import { companiesRoutes } from './companies.routes';

/**
 * Company information, licences and the seller's trade settings. For the orders module:
 * `tradeSettingsFor(db, rootId): Promise<TTradeSettings>` (trade-settings.service.ts) gives a seller's terms,
 * the defaults (`saved` false) when it saved none.
 */
export const companiesModule = defineModule({
  name: 'companies',
  routes: companiesRoutes,
});
