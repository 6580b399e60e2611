import { contract } from '../contract';
import { ZNearbyCompaniesPage, ZNearbyRequest, ZNearbyStockPage } from './schemas';

/** The `.htmls` calls of nearby (see contract.ts). */
export const nearbyCalls = {
  nearbyCompanies: contract({
    path: 'nearby/companies',
    auth: 'visitor',
    feature: 'nearby',
    summary:
      'Companies with complete info and a map point within radiusKm (5, 10, 50 or 200; default 5) of a GCJ-02 point, nearest first, page by page, with distance, products and whether the shop is open',
    request: ZNearbyRequest,
    response: ZNearbyCompaniesPage,
  }),
  nearbyStock: contract({
    path: 'nearby/stock',
    auth: 'visitor',
    feature: 'nearby',
    summary:
      'For-sale stock lying within radiusKm (5, 10, 50 or 200; default 5) of a GCJ-02 point, nearest first, page by page, as stock summaries with their distance',
    request: ZNearbyRequest,
    response: ZNearbyStockPage,
  }),
} as const;
