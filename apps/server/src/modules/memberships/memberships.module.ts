import { defineModule } from '../../platform/module';
import { membershipFulfilment } from './memberships.fulfilment';
import { MEMBERSHIP_JOBS } from './memberships.jobs';
import { membershipsRoutes } from './memberships.routes';

export const membershipsModule = defineModule({
  name: 'memberships',
  routes: membershipsRoutes,
  jobs: () => MEMBERSHIP_JOBS,
  paymentPurposes: { membership: membershipFulfilment },
});
