import { ChatProductType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { stockExpiryJob } from './stocks.jobs';
import { stockLink } from './stocks.links';
import { stocksRoutes } from './stocks.routes';
import { countForSaleStock } from './stocks.service';

export const stocksModule = defineModule({
  name: 'stocks',
  routes: stocksRoutes,
  jobs: (app) => [stockExpiryJob(app.deps.config.stockExpireDays)],
  productLinks: { [ChatProductType.stock]: stockLink },
  listingCounts: { stock: countForSaleStock },
});
