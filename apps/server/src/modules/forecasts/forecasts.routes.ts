import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { forecastDetail, mrt, statistics, userRecord, vote } from './forecasts.service';

export function forecastsRoutes(app: FastifyInstance) {
  registerCall(app, Calls.forecastDetail, (call) =>
    forecastDetail(serviceContext(app.deps, call), { sortId: call.input.id }),
  );
  registerCall(app, Calls.forecastVote, (call) =>
    vote(serviceContext(app.deps, call), { sortId: call.input.id, choice: call.input.choice }),
  );
  registerCall(app, Calls.forecastStats, (call) =>
    statistics(serviceContext(app.deps, call), { sortId: call.input.id }),
  );
  registerCall(app, Calls.forecastUser, (call) => userRecord(serviceContext(app.deps, call)));
  registerCall(app, Calls.forecastMrt, (call) => mrt(serviceContext(app.deps, call)));
}
