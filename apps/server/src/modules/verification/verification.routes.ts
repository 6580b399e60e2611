import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { createSecretBox } from '../../platform/crypto-box';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import {
  escalateVerification,
  pendingEscalations,
  reviewEscalation,
  submitVerification,
  verificationStatus,
} from './verification.service';

/** Real-person verification (SPEC §2 face_verify → auth_result) and the customer-service queue. */
export function verificationRoutes(app: FastifyInstance) {
  const { db, clock, identity, keys } = app.deps;
  const box = createSecretBox(keys.idEncryption);
  registerCall(app, Calls.verificationStatus, ({ actor }) => verificationStatus(db, actor.userId, clock.now()));
  registerCall(
    app,
    Calls.verificationSubmit,
    ({ actor, input }) => submitVerification({ db, box, clock, identity, actor, input }),
    // Each check costs money: beyond the daily limit per person, keep one address from cycling accounts.
    { rateLimit: { max: 30, timeWindow: '1 hour' } },
  );
  registerCall(app, Calls.verificationEscalate, (call) =>
    escalateVerification(serviceContext(app.deps, call), { note: call.input.note }),
  );
  registerCall(app, Calls.pendingVerificationEscalations, (call) => pendingEscalations(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewVerificationEscalation, (call) =>
    reviewEscalation(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
