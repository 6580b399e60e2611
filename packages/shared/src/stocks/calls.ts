import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZCompanyStockRequest,
  ZStockDetail,
  ZStockDetailRequest,
  ZStockIdRequest,
  ZStockPriceSeries,
  ZStockReviewItem,
  ZStockSameSpecRequest,
  ZStockSaveRequest,
  ZStockSaveResult,
  ZStockSummary,
  ZStockSummaryPage,
} from './schemas';

/** The `.htmls` calls of stocks (see contract.ts). */
export const stocksCalls = {
  stockSave: contract({
    path: 'stock/save',
    auth: 'user',
    permission: 'stock',
    feature: 'stocks',
    summary:
      "Post a stock listing (input_stock), or change one of the company's own by `id` (it goes back to review); needs complete company info (codeFlag 7). quantity, pieceWeight and grossWeight in tons (3 decimals), processingFee and price in yuan per ton (2 decimals; a fee may be negative); the answer's listing waits for an operator",
    request: ZStockSaveRequest,
    response: ZStockSaveResult,
  }),
  stockDetail: contract({
    path: 'stock/detail',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      "A listing (stock_detail): every field, today's price, pictures, the shop card with distances from lng/lat if given, contact (phone masked for visitors). Public when for sale; the owner company sees its own in any status but deleted; codeFlag 4 otherwise. Counts a view",
    request: ZStockDetailRequest,
    response: ZStockDetail,
  }),
  stockSameSpec: contract({
    path: 'stock/same_spec',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      'Other for-sale listings of the same category and specification (case-insensitive) as a public listing (stock_same_spec), nearest price first, page by page',
    request: ZStockSameSpecRequest,
    response: ZStockSummaryPage,
  }),
  stockCompanyList: contract({
    path: 'stock/company_list',
    auth: 'visitor',
    feature: 'stocks',
    summary: "A company's for-sale listings (the shop page's stock tab), newest first, page by page",
    request: ZCompanyStockRequest,
    response: ZStockSummaryPage,
  }),
  stockRefresh: contract({
    path: 'stock/refresh',
    auth: 'user',
    permission: 'stock',
    feature: 'stocks',
    summary:
      "Confirm one of the company's listings is still there: for sale or expired (and published before) → for sale, refreshed now; expiry counts from here. codeFlag 5 in other states",
    request: ZStockIdRequest,
    response: ZStockSummary,
  }),
  stockPriceSeries: contract({
    path: 'stock/price_series',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      "Market series a listing's price may follow (yuan quotes only), each with its latest quote for a price preview",
    request: ZEmptyRequest,
    response: z.array(ZStockPriceSeries),
  }),
  pendingStocks: contract({
    path: 'console/stock/list',
    auth: 'operator',
    feature: 'stocks',
    summary: "Operators: stock listings waiting for review, oldest first, with pictures, today's price and the company",
    request: ZEmptyRequest,
    response: z.array(ZStockReviewItem),
  }),
  reviewStock: contract({
    path: 'console/stock/review',
    auth: 'operator',
    feature: 'stocks',
    summary:
      'Operators: put a listing on sale (approve) or reject it with a reason; the poster gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the listing has changed since (the seller’s stock/save, or a batch edit of its price, payment days, transport or freight; or tons a cancelled or expired order gave back), deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZStockReviewItem,
  }),
} as const;
