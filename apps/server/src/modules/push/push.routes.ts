import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { bindToken, updateSubscriptions } from './push.service';

export function pushRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.bindToken, async ({ actor, input }) => {
    await bindToken({ db, clock, actor, token: input.token });
    return null;
  });
  registerCall(app, Calls.updateSubscribe, ({ actor, input }) =>
    updateSubscriptions({ db, clock, actor, token: input.token, subscribe: input.subscribe, pre: input.pre }),
  );
}
