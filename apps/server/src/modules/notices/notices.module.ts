import { ChatFrameType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { listenForNotices } from './notices.live';
import { noticesRoutes } from './notices.routes';

export const noticesModule = defineModule({
  name: 'notices',
  routes: noticesRoutes,
  // A committed notice reaches its user's open chat connections as a notice frame; they fetch the counts.
  listen: (app) =>
    listenForNotices(
      app.deps.db,
      ({ userId, category }) =>
        app.deps.bus.publish('chat.deliver', {
          userIds: [userId],
          frame: JSON.stringify({ type: ChatFrameType.notice, category }),
        }),
      app.log,
    ),
});
