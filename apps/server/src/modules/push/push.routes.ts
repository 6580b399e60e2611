import { Calls, PUSH_TOKEN_REBIND_MS } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { bindToken, unbindToken, updateSubscriptions } from './push.service';

export function pushRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.bindToken, async ({ actor, input, lang }) => {
    await bindToken({ db, clock, actor, device: input.token, lang });
    return null;
  });
  registerCall(app, Calls.unbindToken, async ({ actor, input }) => {
    await unbindToken({ db, actor, device: input.token });
    return null;
  });
  registerCall(app, Calls.pushKey, async () => ({
    publicKey: app.deps.vapid.publicKey,
    rebindMs: PUSH_TOKEN_REBIND_MS,
  }));
  registerCall(app, Calls.updateSubscribe, ({ actor, input }) =>
    updateSubscriptions({ db, clock, actor, device: input.token, subscribe: input.subscribe, pre: input.pre }),
  );
}
