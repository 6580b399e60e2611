import { defineModule, on } from '../../platform/module';
import { chatRoutes } from './chat.routes';
import { chatConnectionsOf } from './chat.socket';

export const chatModule = defineModule({
  name: 'chat',
  routes: chatRoutes,
  // Frames for users reach the connections this instance holds (with a shared bus, every instance's).
  subscriptions: (app) => [
    on('chat.deliver', ({ userIds, frame, exceptConnectionId }) =>
      chatConnectionsOf(app).deliver(userIds, frame, exceptConnectionId),
    ),
  ],
});
