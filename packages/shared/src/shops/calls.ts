import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZFollowedPage,
  ZFollowRequest,
  ZFollowResult,
  ZPageRequest,
  ZShopApplication,
  ZShopDetail,
  ZShopDetailRequest,
  ZShopOpenState,
  ZUserCard,
  ZUserCardRequest,
} from './schemas';

/** The `.htmls` calls of shops (see contract.ts). */
export const shopsCalls = {
  shopOpenState: contract({
    path: 'shop/open_state',
    auth: 'user',
    feature: 'shops',
    summary:
      "The caller's shop opening (open_shop): each condition (company info, approved licence, real-person verification, enough public stock or capacity listings, with the shortfall) and the application's status",
    request: ZEmptyRequest,
    response: ZShopOpenState,
  }),
  shopApply: contract({
    path: 'shop/apply_open',
    auth: 'user',
    permission: 'shop',
    feature: 'shops',
    summary:
      'Owner: apply to open the shop once every condition holds (codeFlag 7 company info, 8 verification, 5 licence or listings short); operators audit it',
    request: ZEmptyRequest,
    response: ZShopOpenState,
  }),
  shopDetail: contract({
    path: 'shop/detail',
    auth: 'visitor',
    feature: 'shops',
    summary:
      "A company's shop page (company?id, company_detail): name, marks, business model, products, address with the distance from lng/lat if given, contact (phones masked for visitors), counts, whether the caller follows it",
    request: ZShopDetailRequest,
    response: ZShopDetail,
  }),
  userCard: contract({
    path: 'user/card',
    auth: 'visitor',
    feature: 'shops',
    summary: "A user's public card (user_info_page): head, signature, nickname, company, shop, products operated",
    request: ZUserCardRequest,
    response: ZUserCard,
  }),
  follow: contract({
    path: 'attention/follow',
    auth: 'user',
    feature: 'shops',
    summary: 'Follow a company (not your own); following again changes nothing',
    request: ZFollowRequest,
    response: ZFollowResult,
  }),
  unfollow: contract({
    path: 'attention/unfollow',
    auth: 'user',
    feature: 'shops',
    summary: 'Stop following a company',
    request: ZFollowRequest,
    response: ZFollowResult,
  }),
  followedCompanies: contract({
    path: 'attention/list',
    auth: 'user',
    feature: 'shops',
    summary: 'Companies the caller follows (attention_company), latest first, page by page',
    request: ZPageRequest,
    response: ZFollowedPage,
  }),
  pendingShopApplications: contract({
    path: 'console/shop/list',
    auth: 'operator',
    feature: 'shops',
    summary: 'Operators: shop openings waiting for audit, oldest first, with the listings they rest on',
    request: ZEmptyRequest,
    response: z.array(ZShopApplication),
  }),
  reviewShopApplication: contract({
    path: 'console/shop/review',
    auth: 'operator',
    feature: 'shops',
    summary:
      'Operators: open the shop (audit passed) or fail the audit with a reason; the owner gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the owner has changed the application since, deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZShopApplication,
  }),
} as const;
