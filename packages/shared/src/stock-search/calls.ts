import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZFactoryListPage,
  ZFactoryListRequest,
  ZFiveDayListRequest,
  ZFiveDayOverview,
  ZFiveDayRequest,
  ZHotStocks,
  ZStockListPage,
  ZStockListRequest,
} from './schemas';

/** The `.htmls` calls of stock-search (see contract.ts). */
export const stockSearchCalls = {
  stockList: contract({
    path: 'stock/list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      "For-sale stock (stock_list, nearby's stock tab), page by page: keyword (Chinese n-gram search, 1-2 characters too), category, a company (rootId), specification text, province/city, price range (yuan per ton, today's price), fixedPrice, specialSale, a point (lng/lat, GCJ-02) with an optional radiusKm; order newest (with a keyword: product-name and category matches first), priceAsc, priceDesc or distance",
    request: ZStockListRequest,
    response: ZStockListPage,
  }),
  factoryList: contract({
    path: 'factory/list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Companies with complete info (factory_list, find merchants), open shops first: by a product they sell (sortId), province/city and a keyword in the name; each with its for-sale stock count',
    request: ZFactoryListRequest,
    response: ZFactoryListPage,
  }),
  fiveDayStock: contract({
    path: 'stock/five_day',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Five-day stock (five_day_stock): stock published today and the 4 days before (Asia/Shanghai), by day with counts and the newest few, and the categories in it; optionally of one category',
    request: ZFiveDayRequest,
    response: ZFiveDayOverview,
  }),
  fiveDayStockList: contract({
    path: 'stock/five_day_list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      "Five-day stock detail (five_day_stock_detail): one day's (date within the window) or the whole window's new stock, optionally of one category, newest first, page by page",
    request: ZFiveDayListRequest,
    response: ZStockListPage,
  }),
  hotStocks: contract({
    path: 'stock/hot',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Hot ranking (hot_page): the most-clicked for-sale stock of the last 14 days, as the daily job computed it, with when it was computed',
    request: ZEmptyRequest,
    response: ZHotStocks,
  }),
} as const;
