import { Calls, PUSH_TOKEN_REBIND_MS } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { bindToken, unbindToken, updateSubscriptions } from './push.service';

export function pushRoutes(app: FastifyInstance) {
  registerCall(app, Calls.bindToken, async (call) => {
    await bindToken(serviceContext(app.deps, call), { device: call.input.token });
    return null;
  });
  registerCall(app, Calls.unbindToken, async (call) => {
    await unbindToken(serviceContext(app.deps, call), { device: call.input.token });
    return null;
  });
  registerCall(app, Calls.pushKey, async () => ({
    publicKey: app.deps.vapid.publicKey,
    rebindMs: PUSH_TOKEN_REBIND_MS,
  }));
  registerCall(app, Calls.updateSubscribe, (call) =>
    updateSubscriptions(serviceContext(app.deps, call), {
      device: call.input.token,
      subscribe: call.input.subscribe,
      pre: call.input.pre,
    }),
  );
}
