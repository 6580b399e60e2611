import { contract } from '../contract';
import { ZVisitorDetail, ZVisitorDetailRequest, ZVisitorListRequest, ZVisitorPage } from './schemas';

/** The `.htmls` calls of visitors (see contract.ts). */
export const visitorsCalls = {
  visitorList: contract({
    path: 'visitor/list',
    auth: 'user',
    permission: 'visitors',
    feature: 'visitors',
    summary:
      "The caller company's visitors of one kind (view: opened a listing; cart: added one to the cart; attention: follows the company), one row per visitor with the latest time, the count and the latest listing, newest first; guests and the company's own people never appear. keyword finds by listing, and for certified suppliers by name, company or phone. Without the certified-supplier membership identities are masked",
    request: ZVisitorListRequest,
    response: ZVisitorPage,
  }),
  visitorDetail: contract({
    path: 'visitor/detail',
    auth: 'user',
    permission: 'visitors',
    feature: 'visitors',
    summary:
      "visitor_detail: one visitor's actions on the caller company's listings and shop over time, newest first, with their whole identity; certified suppliers only (codeFlag 9), 4 when they never visited",
    request: ZVisitorDetailRequest,
    response: ZVisitorDetail,
  }),
} as const;
