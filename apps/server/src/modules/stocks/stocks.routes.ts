import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import { latestQuotesOf } from '../markets/markets.latest';
import {
  companyStocks,
  pendingStocks,
  refreshStock,
  reviewStock,
  sameSpecStocks,
  saveStock,
  stockDetail,
  stockPriceSeries,
} from './stocks.service';

const pointOf = (input: { lng?: number | undefined; lat?: number | undefined }) =>
  input.lng !== undefined && input.lat !== undefined ? { lng: input.lng, lat: input.lat } : null;

export function stocksRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks: links } = app.deps;
  const keptQuotes = latestQuotesOf(app);
  registerCall(app, Calls.stockSave, ({ actor, input }) => saveStock({ db, clock, actor, input }));
  registerCall(app, Calls.stockDetail, ({ actor, lang, input }) =>
    stockDetail({ db, clock, links, actor, lang, id: input.id, point: pointOf(input), keptQuotes }),
  );
  registerCall(app, Calls.stockSameSpec, ({ actor, lang, input }) =>
    sameSpecStocks({ db, clock, links, actor, lang, ...input, point: pointOf(input) }),
  );
  registerCall(app, Calls.stockCompanyList, ({ lang, input }) =>
    companyStocks({ db, clock, links, lang, ...input, point: pointOf(input) }),
  );
  registerCall(app, Calls.stockRefresh, ({ actor, lang, input }) =>
    refreshStock({ db, clock, links, actor, lang, id: input.id }),
  );
  registerCall(app, Calls.stockPriceSeries, ({ lang }) => stockPriceSeries({ db, clock, lang }));
  registerCall(app, Calls.pendingStocks, (call) => pendingStocks(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewStock, (call) =>
    reviewStock(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
