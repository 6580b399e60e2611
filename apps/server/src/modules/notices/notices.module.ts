import { defineModule } from '../../platform/module';
import { noticesRoutes } from './notices.routes';

// A committed notice reaches its user's open chat connections through sendNotice's deliverOnCommit
// (platform/delivery.ts), which the chat module listens for.
export const noticesModule = defineModule({
  name: 'notices',
  routes: noticesRoutes,
});
