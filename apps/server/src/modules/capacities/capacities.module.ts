import { ChatProductType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { capacityLink } from './capacities.links';
import { capacitiesRoutes } from './capacities.routes';
import { countPassedCapacities } from './capacities.service';

export const capacitiesModule = defineModule({
  name: 'capacities',
  routes: capacitiesRoutes,
  productLinks: { [ChatProductType.capacity]: capacityLink },
  listingCounts: { capacity: countPassedCapacities },
});
