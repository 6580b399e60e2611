import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import {
  agentBuyDetail,
  agentBuyHall,
  closeAgentBuy,
  deleteAgentBuy,
  listAgentQuotes,
  myAgentBuys,
  pendingAgentBuys,
  reviewAgentBuy,
  saveAgentBuy,
  saveAgentQuote,
} from './agent-buys.service';

export function agentBuysRoutes(app: FastifyInstance) {
  registerCall(app, Calls.agentBuySave, async (call) => {
    const ctx = serviceContext(app.deps, call);
    return agentBuyDetail(ctx, { id: await saveAgentBuy(ctx, call.input) });
  });
  registerCall(app, Calls.agentBuyDetail, (call) => agentBuyDetail(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentBuyHall, (call) => agentBuyHall(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentBuyMine, (call) => myAgentBuys(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentBuyClose, (call) => closeAgentBuy(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentBuyDelete, (call) => deleteAgentBuy(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentQuoteSave, (call) => saveAgentQuote(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.agentQuoteList, (call) => listAgentQuotes(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.pendingAgentBuys, (call) => pendingAgentBuys(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewAgentBuy, (call) =>
    reviewAgentBuy(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
