import { defineModule } from '../../platform/module';
import { noticesRoutes } from './notices.routes';

// A committed notice reaches its user's open chat connections through sendNotice's deliverOnCommit
// (platform/delivery.ts); the chat module's subscription hands it to the connections.
export const noticesModule = defineModule({
  name: 'notices',
  routes: noticesRoutes,
});
