import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { listVisitors, visitorDetail } from './visitors.service';

export function visitorsRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.visitorList, ({ actor, lang, input }) => listVisitors({ db, clock, actor, lang, ...input }));
  registerCall(app, Calls.visitorDetail, ({ actor, lang, input }) =>
    visitorDetail({ db, clock, actor, lang, ...input }),
  );
}
