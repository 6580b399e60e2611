import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { importPrices, setExchangeRate } from './markets.import';
import { latestQuotesOf } from './markets.latest';
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
  const latestQuotes = latestQuotesOf(app);
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
  registerCall(app, Calls.marketGroups, (call) => listGroups(serviceContext(app.deps, call)));
  registerCall(app, Calls.marketSorts, (call) => listSorts(serviceContext(app.deps, call)));
  registerCall(app, Calls.groupCreate, (call) => createGroup(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.groupUpdate, (call) => updateGroup(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.groupDelete, async (call) => {
    await deleteGroup(serviceContext(app.deps, call), call.input);
    return null;
  });
  registerCall(app, Calls.groupOrder, (call) => orderGroups(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.quotes, ({ actor, lang, input }) =>
    quotes({ db, latestQuotes, clock, actor, lang, groupId: input.groupId, sortIds: input.sortIds }),
  );
  registerCall(app, Calls.marketBoard, ({ lang }) => board({ latestQuotes, clock, lang }));
  registerCall(app, Calls.marketDetail, (call) => marketDetail(serviceContext(app.deps, call), call.input));
}
