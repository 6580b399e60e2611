import { defineModule } from '../../platform/module';
import { accountsCleanupJob } from './accounts.jobs';
import { accountsRoutes } from './accounts.routes';

export const accountsModule = defineModule({
  name: 'accounts',
  routes: accountsRoutes,
  jobs: () => [accountsCleanupJob],
});
