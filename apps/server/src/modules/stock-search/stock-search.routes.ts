import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { latestQuotesOf } from '../markets/markets.latest';
import {
  fiveDayList,
  fiveDayOverview,
  hotStocks,
  listFactories,
  searchStocks,
  stockFiltersOf,
} from './stock-search.service';

export function stockSearchRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks: links } = app.deps;
  const keptQuotes = latestQuotesOf(app);

  registerCall(app, Calls.stockList, ({ lang, input }) =>
    searchStocks({
      db,
      clock,
      links,
      lang,
      keptQuotes,
      filters: stockFiltersOf(input),
      order: input.order,
      page: input.page,
      pageSize: input.pageSize,
    }),
  );
  registerCall(app, Calls.factoryList, ({ lang, input }) => listFactories({ db, clock, lang, ...input }));
  registerCall(app, Calls.fiveDayStock, ({ lang, input }) =>
    fiveDayOverview({ db, clock, links, lang, keptQuotes, sortId: input.sortId }),
  );
  registerCall(app, Calls.fiveDayStockList, ({ lang, input }) =>
    fiveDayList({ db, clock, links, lang, keptQuotes, ...input }),
  );
  registerCall(app, Calls.hotStocks, ({ lang }) => hotStocks({ db, clock, links, lang, keptQuotes }));
}
