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
  const { db, clock, fileLinks: links } = app.deps;
  registerCall(app, Calls.agentBuySave, async ({ actor, lang, input }) => {
    const id = await saveAgentBuy({ db, clock, actor, input });
    return agentBuyDetail({ db, clock, links, lang, actor, id });
  });
  registerCall(app, Calls.agentBuyDetail, ({ actor, lang, input }) =>
    agentBuyDetail({ db, clock, links, lang, actor, id: input.id }),
  );
  registerCall(app, Calls.agentBuyHall, ({ actor, lang, input }) =>
    agentBuyHall({ db, clock, links, lang, actor, input }),
  );
  registerCall(app, Calls.agentBuyMine, ({ actor, lang, input }) =>
    myAgentBuys({ db, clock, links, lang, actor, input }),
  );
  registerCall(app, Calls.agentBuyClose, ({ actor, input }) => closeAgentBuy({ db, clock, actor, id: input.id }));
  registerCall(app, Calls.agentBuyDelete, ({ actor, input }) => deleteAgentBuy({ db, clock, actor, id: input.id }));
  registerCall(app, Calls.agentQuoteSave, ({ actor, input }) => saveAgentQuote({ db, clock, actor, input }));
  registerCall(app, Calls.agentQuoteList, ({ actor, input }) =>
    listAgentQuotes({ db, actor, agentBuyId: input.agentBuyId }),
  );
  registerCall(app, Calls.pendingAgentBuys, (call) => pendingAgentBuys(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewAgentBuy, (call) =>
    reviewAgentBuy(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
