import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { forecastDetail, grantEntitlement, mrt, statistics, userRecord, vote } from './forecasts.service';

export function forecastsRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.forecastDetail, ({ actor, lang, input }) =>
    forecastDetail({ db, clock, actor, lang, sortId: input.id }),
  );
  registerCall(app, Calls.forecastVote, ({ actor, lang, input }) =>
    vote({ db, clock, actor, lang, sortId: input.id, choice: input.choice }),
  );
  registerCall(app, Calls.forecastStats, ({ actor, input }) => statistics({ db, clock, actor, sortId: input.id }));
  registerCall(app, Calls.forecastUser, ({ actor, lang }) => userRecord({ db, clock, actor, lang }));
  registerCall(app, Calls.forecastMrt, () => mrt({ db, clock }));
  registerCall(app, Calls.grantEntitlement, ({ actor, input }) =>
    grantEntitlement({ db, clock, actor, userId: input.userId, kind: input.kind, days: input.days }),
  );
}
