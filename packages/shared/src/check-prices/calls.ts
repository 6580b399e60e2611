import { z } from 'zod';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZCheckPrice,
  ZCheckPriceAddRequest,
  ZCheckPriceBases,
  ZCheckPriceIdRequest,
  ZCheckPriceListRequest,
  ZCheckPriceMineRequest,
  ZCheckPricePage,
} from './schemas';

/** The `.htmls` calls of check-prices (see contract.ts). */
export const checkPricesCalls = {
  checkPriceBases: contract({
    path: 'check_price/bases',
    auth: 'visitor',
    feature: 'check-prices',
    summary:
      'The base prices a price-checker entry may name: every yuan market series (e.g. 长江A00铝) with its latest quote in fen per ton (null before its first)',
    request: ZEmptyRequest,
    response: ZCheckPriceBases,
  }),
  checkPriceAdd: contract({
    path: 'check_price/add',
    auth: 'user',
    permission: 'quote',
    feature: 'check-prices',
    summary:
      "add_check_price: publish a price-checker quote (SPEC §3) to the market: items is a JSON list of 1-7 entries {specification (no Chinese characters, at most 50), seriesId (a yuan series: the base price), premium (yuan per ton added to the base, may be negative, two decimals at most)}. A price is only ever base plus premium; the shown price follows the base series' latest quote",
    request: ZCheckPriceAddRequest,
    response: ZCheckPrice,
  }),
  checkPriceList: contract({
    path: 'check_price/list',
    auth: 'visitor',
    feature: 'check-prices',
    summary:
      "check_price: the market's price-checker quotes, newest first, each entry with its base series' latest quote and the resulting price; keyword filters on the specification",
    request: ZCheckPriceListRequest,
    response: ZCheckPricePage,
  }),
  checkPriceMine: contract({
    path: 'check_price/mine',
    auth: 'user',
    feature: 'check-prices',
    summary: "me_check_price: the caller's own price-checker quotes, newest first",
    request: ZCheckPriceMineRequest,
    response: ZCheckPricePage,
  }),
  checkPriceDetail: contract({
    path: 'check_price/detail',
    auth: 'visitor',
    feature: 'check-prices',
    summary:
      "check_price_detail: one price-checker quote with its author and every entry priced at the base series' latest quote (codeFlag 4 once withdrawn)",
    request: ZCheckPriceIdRequest,
    response: ZCheckPrice,
  }),
  checkPriceDelete: contract({
    path: 'check_price/delete',
    auth: 'user',
    permission: 'quote',
    feature: 'check-prices',
    summary: "The author withdraws one of their price-checker quotes; anyone else's: codeFlag 3",
    request: ZCheckPriceIdRequest,
    response: z.null(),
  }),
} as const;
