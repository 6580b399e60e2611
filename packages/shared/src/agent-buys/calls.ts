import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZAgentBuy,
  ZAgentBuyHallRequest,
  ZAgentBuyIdRequest,
  ZAgentBuyMineRequest,
  ZAgentBuyPage,
  ZAgentBuyReviewItem,
  ZAgentBuySaveRequest,
  ZAgentQuoteList,
  ZAgentQuoteSaveRequest,
  ZAgentQuotesRequest,
} from './schemas';

/** The `.htmls` calls of agent-buys (see contract.ts). */
export const agentBuysCalls = {
  agentBuySave: contract({
    path: 'agent_buy/save',
    auth: 'user',
    permission: 'inquiry',
    feature: 'agent-buys',
    summary:
      "input_agent_buy / input_agent_sell: post a request for an agent to buy (kind buy) or sell (kind sell) for the caller. Content: text (at most 500), and/or one voice recording of the caller's (voiceUrl from upload/file kind voice, voiceSeconds 1-60), and/or photos (JSON list of at most 9 image addresses the caller uploaded); at least one of the three. Optional category (sortId: a physical product; a futures series, quoted only, is refused with codeFlag 2) and contact phone (default: the account's). It waits for an operator's review",
    request: ZAgentBuySaveRequest,
    response: ZAgentBuy,
  }),
  agentBuyDetail: contract({
    path: 'agent_buy/detail',
    auth: 'visitor',
    feature: 'agent-buys',
    summary:
      "agent_buy_detail: one request; anyone once it is open or expired, only its owner while in review, rejected or closed (codeFlag 3; 4 once deleted). The contact phone only for the owner and agents who quoted; the caller's own live quote as myQuote. Another user's view counts once per person per day",
    request: ZAgentBuyIdRequest,
    response: ZAgentBuy,
  }),
  agentBuyHall: contract({
    path: 'agent_buy/hall',
    auth: 'visitor',
    feature: 'agent-buys',
    summary:
      'procurement_hall (agent purchase): open requests, newest first; filters: kind (buy, sell), category (sortId)',
    request: ZAgentBuyHallRequest,
    response: ZAgentBuyPage,
  }),
  agentBuyMine: contract({
    path: 'agent_buy/mine',
    auth: 'user',
    feature: 'agent-buys',
    summary: "The caller's own requests in every state but deleted, newest first",
    request: ZAgentBuyMineRequest,
    response: ZAgentBuyPage,
  }),
  agentBuyClose: contract({
    path: 'agent_buy/close',
    auth: 'user',
    permission: 'inquiry',
    feature: 'agent-buys',
    summary:
      "The owner stops taking quotes on an open request (codeFlag 5 when it is not open; 3 when not the caller's)",
    request: ZAgentBuyIdRequest,
    response: z.null(),
  }),
  agentBuyDelete: contract({
    path: 'agent_buy/delete',
    auth: 'user',
    permission: 'inquiry',
    feature: 'agent-buys',
    summary: "The owner removes a request from every list (codeFlag 3 when not the caller's)",
    request: ZAgentBuyIdRequest,
    response: z.null(),
  }),
  agentQuoteSave: contract({
    path: 'agent_buy/quote',
    auth: 'user',
    permission: 'quote',
    feature: 'agent-buys',
    summary:
      "The agent-quote form (SPEC §3) on an open request: info (at most 500), companyName, contactName, phone, all required. Anyone logged in but the owner (codeFlag 3); codeFlag 5 once it is no longer open. It replaces the caller's live quote (kept as replaced); the owner gets a notice. Answers the caller's live quote in a list",
    request: ZAgentQuoteSaveRequest,
    response: ZAgentQuoteList,
  }),
  agentQuoteList: contract({
    path: 'agent_buy/quotes',
    auth: 'user',
    feature: 'agent-buys',
    summary:
      "The owner: every agent's live quote with contact details, newest first. An agent who quoted: their own live quote. Anyone else: codeFlag 3 (the request's quoteCount tells how many)",
    request: ZAgentQuotesRequest,
    response: ZAgentQuoteList,
  }),
  pendingAgentBuys: contract({
    path: 'console/agent_buy/list',
    auth: 'operator',
    feature: 'agent-buys',
    summary: 'Operators: agent requests waiting for review, oldest first, in full (text, voice, photos, contact phone)',
    request: ZEmptyRequest,
    response: z.array(ZAgentBuyReviewItem),
  }),
  reviewAgentBuy: contract({
    path: 'console/agent_buy/review',
    auth: 'operator',
    feature: 'agent-buys',
    summary:
      'Operators: open an agent request for quotes for 7 days (approve) or reject it with a reason; the poster gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the poster has changed the request since, deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZAgentBuy,
  }),
} as const;
