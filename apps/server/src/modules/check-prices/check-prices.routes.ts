import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
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
  registerCall(app, Calls.checkPriceBases, (call) => checkPriceBases(serviceContext(app.deps, call)));
  registerCall(app, Calls.checkPriceAdd, (call) => addCheckPrice(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.checkPriceList, (call) => listCheckPrices(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.checkPriceMine, (call) => myCheckPrices(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.checkPriceDetail, (call) => checkPriceDetail(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.checkPriceDelete, (call) => deleteCheckPrice(serviceContext(app.deps, call), call.input));
}
