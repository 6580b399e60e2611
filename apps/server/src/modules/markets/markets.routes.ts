import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { importPrices, setExchangeRate } from './markets.import';
import { LatestQuotesCache } from './markets.latest';
import {
  board,
  createGroup,
  deleteGroup,
  listGroups,
  listSorts,
  marketDetail,
  orderGroups,
  quotes,
  updateGroup,
} from './markets.service';

/** A form-encoded import of MAX_IMPORT_ROWS rows stays well under this. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

export function marketsRoutes(app: FastifyInstance) {
  const { db, clock, bus } = app.deps;
  const latestQuotes = new LatestQuotesCache(db, bus);
  registerCall(
    app,
    Calls.importPrices,
    ({ actor, lang, input }) =>
      importPrices({ db, clock, bus, actor, lang, format: input.format, content: input.content }),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  registerCall(app, Calls.setExchangeRate, ({ actor, input }) =>
    setExchangeRate({ db, clock, bus, actor, date: input.date, usdCny: input.usdCny }),
  );
  registerCall(app, Calls.marketGroups, ({ actor, lang }) => listGroups({ db, actor, lang }));
  registerCall(app, Calls.marketSorts, ({ lang }) => listSorts({ db, lang }));
  registerCall(app, Calls.groupCreate, ({ actor, lang, input }) =>
    createGroup({ db, actor, lang, name: input.name, sortIds: input.sortIds }),
  );
  registerCall(app, Calls.groupUpdate, ({ actor, lang, input }) =>
    updateGroup({ db, actor, lang, id: input.id, name: input.name, sortIds: input.sortIds }),
  );
  registerCall(app, Calls.groupDelete, async ({ actor, input }) => {
    await deleteGroup({ db, actor, id: input.id });
    return null;
  });
  registerCall(app, Calls.groupOrder, ({ actor, lang, input }) => orderGroups({ db, actor, lang, ids: input.ids }));
  registerCall(app, Calls.quotes, ({ actor, lang, input }) =>
    quotes({ db, latestQuotes, clock, actor, lang, groupId: input.groupId, sortIds: input.sortIds }),
  );
  registerCall(app, Calls.marketBoard, ({ lang }) => board({ latestQuotes, clock, lang }));
  registerCall(app, Calls.marketDetail, ({ lang, input }) =>
    marketDetail({ db, clock, lang, aliasId: input.aliasId, period: input.period }),
  );
}
