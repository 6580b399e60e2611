import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZSameAttrRequest,
  ZStockBatchEditRequest,
  ZStockBatchResult,
  ZStockBatchStatusRequest,
  ZStockMinePage,
  ZStockMineRequest,
  ZStockMineSorts,
  ZStockSummaries,
  ZStockSummariesRequest,
} from './schemas';

/** The `.htmls` calls of stock-manager (see contract.ts). */
export const stockManagerCalls = {
  stockMine: contract({
    path: 'stock/mine',
    auth: 'user',
    feature: 'stock-manager',
    summary:
      "The caller company's listings (stock_manager) in one status tab (sale, review, rejected with the reason, offline, soldOut, onTheWay, expired; or all of them; never deleted), filtered by category, posting days (startDate ≤ endDate, Asia/Shanghai) and keyword, newest first, with the count of each tab",
    request: ZStockMineRequest,
    response: ZStockMinePage,
  }),
  stockMineSorts: contract({
    path: 'stock/mine_sorts',
    auth: 'user',
    feature: 'stock-manager',
    summary: "The caller company's categories with listings and how many each has (filters, same_attr)",
    request: ZEmptyRequest,
    response: ZStockMineSorts,
  }),
  stockBatchStatus: contract({
    path: 'stock/batch_status',
    auth: 'user',
    permission: 'stock',
    feature: 'stock-manager',
    summary:
      "Moves the caller company's listings (ids: JSON list) all or none: sale (back online: offline, soldOut, onTheWay or expired listings that were on sale before; refreshes them), offline, soldOut, onTheWay (from each other's states and sale or expired) or deleted (any). One listing of another company (codeFlag 3), unknown or deleted (4) or in a wrong state (5, data.ids) refuses the whole batch",
    request: ZStockBatchStatusRequest,
    response: ZStockBatchResult,
  }),
  stockBatchEdit: contract({
    path: 'stock/batch_edit',
    auth: 'user',
    permission: 'stock',
    feature: 'stock-manager',
    summary:
      "Changes one attribute of the caller company's listings (ids: JSON list), all or none: price adds value (yuan, ≤ 2 decimals, not 0) to the fixed price (which must stay above 0) or to the processing fee; paymentDays (positive integer); transportInfo; freightIncluded (0/1). Listings stay in their status (no new review)",
    request: ZStockBatchEditRequest,
    response: ZStockBatchResult,
  }),
  stockSameAttr: contract({
    path: 'stock/same_attr',
    auth: 'user',
    permission: 'stock',
    feature: 'stock-manager',
    summary:
      "same_attr: one attribute (as stock/batch_edit) across the caller company's listings of one category (sortId first): those named in ids, each of that category, or all of them without ids; all or none",
    request: ZSameAttrRequest,
    response: ZStockBatchResult,
  }),
  stockSummaries: contract({
    path: 'stock/summaries',
    auth: 'visitor',
    feature: 'stock-manager',
    summary:
      "Listings by id (ids: JSON list, at most 50), in order, as list rows: for sale to anyone, any status but deleted to the seller's own company; others answer available false ('no longer available')",
    request: ZStockSummariesRequest,
    response: ZStockSummaries,
  }),
} as const;
