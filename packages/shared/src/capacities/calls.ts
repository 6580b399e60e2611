import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import {
  ZCapacityCompanyListRequest,
  ZCapacityCompanyPage,
  ZCapacityDetail,
  ZCapacityIdRequest,
  ZCapacityMinePage,
  ZCapacityReviewItem,
  ZCapacitySaveRequest,
} from './schemas';

/** The `.htmls` calls of capacities (see contract.ts). */
export const capacitiesCalls = {
  capacitySave: contract({
    path: 'capacity/save',
    auth: 'user',
    permission: 'stock',
    feature: 'capacities',
    summary:
      "Post a production capacity (input_capacity), or with id replace one of the company's (an employee acts for the company): category (sortId), product name, minimum order and monthly production in tons (up to 3 decimals), attributes (JSON list of {name, value}), additional info, images (JSON list imageIds of uploaded images), contact name and phone. Needs complete company info (codeFlag 7). A new or changed capacity waits for review, a passed one leaving public view until it passes again; sent unchanged, nothing changes",
    request: ZCapacitySaveRequest,
    response: ZCapacityDetail,
  }),
  capacityMine: contract({
    path: 'capacity/mine',
    auth: 'user',
    feature: 'capacities',
    summary:
      "The company's capacities (capacity_manage), latest change first, page by page: status, the reason when not passed, the review's due date (5 working days after the later of posting and the company's licence approval), and whether the licence is approved yet",
    request: ZPageRequest,
    response: ZCapacityMinePage,
  }),
  capacityDetail: contract({
    path: 'capacity/detail',
    auth: 'visitor',
    feature: 'capacities',
    summary:
      'One capacity (capacity_detail) with its images, attributes, company and contact (the phone whole only for logged-in users). Anyone sees a passed capacity; one waiting or not passed only its own company (codeFlag 4 for others)',
    request: ZCapacityIdRequest,
    response: ZCapacityDetail,
  }),
  capacityDelete: contract({
    path: 'capacity/delete',
    auth: 'user',
    permission: 'stock',
    feature: 'capacities',
    summary:
      "Delete one of the company's capacities, in any status, with its images (codeFlag 3 for another company's)",
    request: ZCapacityIdRequest,
    response: ZNull,
  }),
  capacityCompanyList: contract({
    path: 'capacity/company_list',
    auth: 'visitor',
    feature: 'capacities',
    summary: "A company's passed capacities (the shop's capacity tab), latest passed first, page by page",
    request: ZCapacityCompanyListRequest,
    response: ZCapacityCompanyPage,
  }),
  pendingCapacities: contract({
    path: 'console/capacity/list',
    auth: 'operator',
    feature: 'capacities',
    summary:
      'Operators (administrators and customer service): capacities waiting for review of companies with an approved licence, the earliest due first, each with its due date (5 working days after the later of posting and the licence approval) and whether it is overdue',
    request: ZEmptyRequest,
    response: z.array(ZCapacityReviewItem),
  }),
  reviewCapacity: contract({
    path: 'console/capacity/review',
    auth: 'operator',
    feature: 'capacities',
    summary:
      'Operators: pass a waiting capacity (it becomes public) or not pass it with a reason; recorded, and the company owner gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the company has changed the capacity since, deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZCapacityReviewItem,
  }),
} as const;
