import { z } from 'zod';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZQuickBuyAddRequest,
  ZQuickBuyIdRequest,
  ZQuickBuyMatchesRequest,
  ZQuickBuyMatchPage,
  ZQuickBuyReadRequest,
  ZQuickBuyReadResult,
  ZQuickBuySubscription,
  ZQuickBuySubscriptions,
} from './schemas';

/** The `.htmls` calls of quick-buys (see contract.ts). */
export const quickBuysCalls = {
  quickBuyList: contract({
    path: 'quick_buy/list',
    auth: 'user',
    feature: 'quick-buys',
    summary: "quick_buy_set: the caller's quick-buy subscriptions (category, specification, province), newest first",
    request: ZEmptyRequest,
    response: ZQuickBuySubscriptions,
  }),
  quickBuyAdd: contract({
    path: 'quick_buy/add',
    auth: 'user',
    permission: 'inquiry',
    feature: 'quick-buys',
    summary:
      "quick_buy_set_add: subscribe to a category (sortId: a physical product; a futures series, quoted only, is refused with codeFlag 2), optionally narrowed to a specification (at most 50, compared trimmed, spaces collapsed, case-insensitive) and a province. Nothing chosen: 'Cannot add empty information!'; the same category and specification again: codeFlag 5 'This specification has already been subscribed!'; at most 20 per user (codeFlag 5)",
    request: ZQuickBuyAddRequest,
    response: ZQuickBuySubscription,
  }),
  quickBuyDelete: contract({
    path: 'quick_buy/delete',
    auth: 'user',
    permission: 'inquiry',
    feature: 'quick-buys',
    summary:
      "Ends one of the caller's subscriptions and drops its matches; another user's: codeFlag 3, an unknown one: codeFlag 4",
    request: ZQuickBuyIdRequest,
    response: z.null(),
  }),
  quickBuyMatches: contract({
    path: 'quick_buy/matches',
    auth: 'user',
    feature: 'quick-buys',
    summary:
      "quick_buy: the caller's matches newest first, page by page — stock that went on sale and public inquiries that opened (checked every minute) in a subscribed category, containing the subscribed specification in their specification or product name, in the subscribed province; never the caller's own company's. Items no longer for sale or open are left out. With the unread count and how many subscriptions the caller holds",
    request: ZQuickBuyMatchesRequest,
    response: ZQuickBuyMatchPage,
  }),
  quickBuyRead: contract({
    path: 'quick_buy/read',
    auth: 'user',
    feature: 'quick-buys',
    summary:
      "Marks the caller's matches seen: ids (JSON list, at most 100) or, without ids, all of them; answers the unread count left. An id that is not the caller's: codeFlag 3, nothing marked",
    request: ZQuickBuyReadRequest,
    response: ZQuickBuyReadResult,
  }),
} as const;
