import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import {
  addSubscription,
  deleteSubscription,
  listSubscriptions,
  markMatchesRead,
  matchFeed,
} from './quick-buys.service';

export function quickBuysRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks } = app.deps;
  registerCall(app, Calls.quickBuyList, ({ actor, lang }) => listSubscriptions({ db, actor, lang }));
  registerCall(app, Calls.quickBuyAdd, ({ actor, lang, input }) => addSubscription({ db, clock, actor, lang, input }));
  registerCall(app, Calls.quickBuyDelete, ({ actor, input }) => deleteSubscription({ db, actor, id: input.id }));
  registerCall(app, Calls.quickBuyMatches, ({ actor, lang, input }) =>
    matchFeed({ db, clock, actor, lang, links: fileLinks, input }),
  );
  registerCall(app, Calls.quickBuyRead, ({ actor, input }) => markMatchesRead({ db, clock, actor, ids: input.ids }));
}
