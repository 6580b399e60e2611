import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZConsolePlan,
  ZConsolePlans,
  ZDynamicViewStatus,
  ZDynamicViewUse,
  ZEntitlement,
  ZGrantEntitlementRequest,
  ZPlanListRequest,
  ZPlanSaveRequest,
  ZVipOpenRequest,
  ZVipOpenResult,
  ZVipPlans,
  ZVipPlansRequest,
  ZVipStatus,
  ZVipStatusRequest,
} from './schemas';

/** The `.htmls` calls of memberships (see contract.ts). */
export const membershipsCalls = {
  vipPlans: contract({
    path: 'vip/plans',
    auth: 'visitor',
    feature: 'memberships',
    summary: 'The plans on sale of one kind (certified supplier, forecast VIP, dynamic view), with their prices',
    request: ZVipPlansRequest,
    response: ZVipPlans,
  }),
  vipStatus: contract({
    path: 'vip/status',
    auth: 'user',
    feature: 'memberships',
    summary:
      "SPEC §3 VIP status: the company's certified-supplier membership (type certified_supplier, the default) or the caller's forecast VIP",
    request: ZVipStatusRequest,
    response: ZVipStatus,
  }),
  vipOpen: contract({
    path: 'vip/open',
    auth: 'user',
    feature: 'memberships',
    summary:
      "Buy a plan: answers the payment order to pay at the cashier. Certified supplier: agree=1 (codeFlag 2 otherwise), the company's owner (codeFlag 3), complete company info (codeFlag 7)",
    request: ZVipOpenRequest,
    response: ZVipOpenResult,
  }),
  dynamicViewStatus: contract({
    path: 'dynamic_view/status',
    auth: 'user',
    feature: 'memberships',
    summary: "The caller's dynamic view: uses left, whether the free trial is used, whether today is paid for",
    request: ZEmptyRequest,
    response: ZDynamicViewStatus,
  }),
  dynamicViewUse: contract({
    path: 'dynamic_view/use',
    auth: 'user',
    feature: 'memberships',
    summary:
      'Use dynamic view today: the first day is the free trial, then one use bought per day of use (Asia/Shanghai); codeFlag 9 when none is left',
    request: ZEmptyRequest,
    response: ZDynamicViewUse,
  }),
  consolePlanList: contract({
    path: 'console/plan/list',
    auth: 'operator',
    feature: 'memberships',
    summary: 'Operators: every plan (on sale or not), of one kind or all',
    request: ZPlanListRequest,
    response: ZConsolePlans,
  }),
  consolePlanSave: contract({
    path: 'console/plan/save',
    auth: 'admin',
    feature: 'memberships',
    summary:
      "Operators: create a plan or change one's name, length, price, order or sale (orders made keep their price)",
    request: ZPlanSaveRequest,
    response: ZConsolePlan,
  }),
  grantEntitlement: contract({
    path: 'entitlement/grant',
    auth: 'operator',
    feature: 'memberships',
    summary:
      'Operators: grant a user an entitlement (forecast VIP, certified supplier to a company owner, dynamic view) for some days, with a reason',
    request: ZGrantEntitlementRequest,
    response: ZEntitlement,
  }),
} as const;
