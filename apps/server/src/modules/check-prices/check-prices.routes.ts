import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import {
  addCheckPrice,
  checkPriceBases,
  checkPriceDetail,
  deleteCheckPrice,
  listCheckPrices,
  myCheckPrices,
} from './check-prices.service';

export function checkPricesRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.checkPriceBases, ({ lang }) => checkPriceBases({ db, lang }));
  registerCall(app, Calls.checkPriceAdd, ({ actor, lang, input }) =>
    addCheckPrice({ db, clock, actor, lang, items: input.items }),
  );
  registerCall(app, Calls.checkPriceList, ({ actor, lang, input }) => listCheckPrices({ db, actor, lang, input }));
  registerCall(app, Calls.checkPriceMine, ({ actor, lang, input }) => myCheckPrices({ db, actor, lang, input }));
  registerCall(app, Calls.checkPriceDetail, ({ actor, lang, input }) =>
    checkPriceDetail({ db, actor, lang, id: input.id }),
  );
  registerCall(app, Calls.checkPriceDelete, ({ actor, input }) => deleteCheckPrice({ db, clock, actor, id: input.id }));
}
