import { ChatProductType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { shopLink } from './shops.links';
import { shopsRoutes } from './shops.routes';

export const shopsModule = defineModule({
  name: 'shops',
  routes: shopsRoutes,
  productLinks: { [ChatProductType.shop]: shopLink },
});
