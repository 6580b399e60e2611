import type { FastifyInstance } from 'fastify';
import { defineModule, on } from '../../platform/module';
import { STOCK_SEARCH_JOBS } from './stock-search.jobs';
import { stockQuotesOf, syncStockQuotes } from './stock-search.prices';
import { stockSearchRoutes } from './stock-search.routes';

/**
 * A quote moved: reprice its listings now rather than at the next search. Several series arrive together
 * from one import; one sync at a time handles them all.
 */
function repriceStockOnQuoteChange(app: FastifyInstance) {
  const { db, clock } = app.deps;
  let syncing: Promise<unknown> = Promise.resolve();
  return () => {
    stockQuotesOf(db).changed();
    syncing = syncing
      .then(() => syncStockQuotes(db, clock.today(), clock.now()))
      .catch((error: unknown) => app.log.error({ err: error }, 'repricing stock after a quote change failed'));
    return syncing;
  };
}

export const stockSearchModule = defineModule({
  name: 'stock-search',
  routes: stockSearchRoutes,
  jobs: () => STOCK_SEARCH_JOBS,
  subscriptions: (app) => [
    on('price.changed', repriceStockOnQuoteChange(app)),
    // A posted or edited listing is priced from its series' quote at the next search.
    on('stocks.saved', () => stockQuotesOf(app.deps.db).changed()),
    // Quote changes or posted listings this instance may not have heard of: every listing is checked again.
    on('events.missed', () => stockQuotesOf(app.deps.db).changed()),
  ],
});
