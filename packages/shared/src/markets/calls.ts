import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZExchangeRateResult,
  ZGroupCreateRequest,
  ZGroupDeleteRequest,
  ZGroupOrderRequest,
  ZGroupUpdateRequest,
  ZImportPricesRequest,
  ZImportResult,
  ZMarketDetailRequest,
  ZMarketDetailResponse,
  ZMarketGroup,
  ZMarketGroupsResponse,
  ZQuotesRequest,
  ZQuotesResponse,
  ZSetExchangeRateRequest,
  ZSortsResponse,
} from './schemas';

/** The `.htmls` calls of markets (see contract.ts). */
export const marketsCalls = {
  importPrices: contract({
    path: 'markets/import_prices',
    auth: 'operator',
    feature: 'markets',
    summary:
      'Operators: import price rows (CSV or JSON: market, sort, date, low, high[, price]); all or nothing, bad lines listed in data.problems',
    request: ZImportPricesRequest,
    response: ZImportResult,
  }),
  setExchangeRate: contract({
    path: 'markets/set_exchange_rate',
    auth: 'operator',
    feature: 'markets',
    summary:
      "Operators: store a day's USD→CNY rate; LME rows from that day until the next stored rate get their yuan price again",
    request: ZSetExchangeRateRequest,
    response: ZExchangeRateResult,
  }),
  marketGroups: contract({
    path: 'market/groups',
    auth: 'visitor',
    feature: 'markets',
    summary:
      "The caller's quote groups; a visitor's (or a user's who never edited it) is the default 'my quotes' (id 0)",
    request: ZEmptyRequest,
    response: ZMarketGroupsResponse,
  }),
  marketSorts: contract({
    path: 'market/sorts',
    auth: 'visitor',
    feature: 'markets',
    summary: 'Every sort with its series, for the category pickers',
    request: ZEmptyRequest,
    response: ZSortsResponse,
  }),
  groupCreate: contract({
    path: 'market/group_create',
    auth: 'user',
    feature: 'markets',
    summary: 'Create a quote group (name, JSON list of sort ids)',
    request: ZGroupCreateRequest,
    response: ZMarketGroup,
  }),
  groupUpdate: contract({
    path: 'market/group_update',
    auth: 'user',
    feature: 'markets',
    summary: 'Rename a group and/or set its whole ordered sort list (adds, removes, reorders); id 0 saves the default',
    request: ZGroupUpdateRequest,
    response: ZMarketGroup,
  }),
  groupDelete: contract({
    path: 'market/group_delete',
    auth: 'user',
    feature: 'markets',
    summary: 'Delete one of your quote groups',
    request: ZGroupDeleteRequest,
    response: ZNull,
  }),
  groupOrder: contract({
    path: 'market/group_order',
    auth: 'user',
    feature: 'markets',
    summary: 'Order your quote groups (JSON list of all your group ids)',
    request: ZGroupOrderRequest,
    response: ZMarketGroupsResponse,
  }),
  quotes: contract({
    path: 'market/quotes',
    auth: 'visitor',
    feature: 'markets',
    summary: "Latest price row of every series of a group's sorts, or of a JSON list of sort ids",
    request: ZQuotesRequest,
    response: ZQuotesResponse,
  }),
  marketBoard: contract({
    path: 'market/board',
    auth: 'visitor',
    feature: 'markets',
    summary:
      "Latest price row of every series of every market (the quotes board), markets in the board's order and each market's sorts in the catalogue's order",
    request: ZEmptyRequest,
    response: ZQuotesResponse,
  }),
  marketDetail: contract({
    path: 'market/detail',
    auth: 'visitor',
    feature: 'markets',
    summary: 'One series (aliasId): latest row, chart points for 7d/30d/90d/1y/all, and its rows newest first',
    request: ZMarketDetailRequest,
    response: ZMarketDetailResponse,
  }),
} as const;
