import { defineModule } from '../../platform/module';
import { pushDispatchJob } from './push.jobs';
import { pushRoutes } from './push.routes';

export const pushModule = defineModule({
  name: 'push',
  routes: pushRoutes,
  jobs: (app) => [pushDispatchJob(app.deps.pushProvider)],
});
