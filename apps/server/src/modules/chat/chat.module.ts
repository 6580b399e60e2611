import { defineModule, on } from '../../platform/module';
import { productCardsJob } from './chat.product-cards';
import { productLinkCheckers } from './chat.product-links';
import { chatRoutes } from './chat.routes';
import { chatConnectionsOf } from './chat.socket';

export const chatModule = defineModule({
  name: 'chat',
  routes: chatRoutes,
  // Product links stored before their card existed get one (issue 16), by the checkers new ones use.
  jobs: (app) => [productCardsJob({ links: app.deps.fileLinks, productLinks: productLinkCheckers(app.deps.modules) })],
  // Frames for users reach the connections this instance holds (with a shared bus, every instance's).
  subscriptions: (app) => [
    on('chat.deliver', ({ userIds, frame, exceptConnectionId }) =>
      chatConnectionsOf(app).deliver(userIds, frame, exceptConnectionId),
    ),
  ],
});
