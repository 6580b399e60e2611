import { z } from 'zod';
import { formFlag, formInt, intId } from '../schemas/common';

/** What can be held: the company's certified-supplier membership, a user's forecast VIP, a user's dynamic view. */
export const ENTITLEMENT_KINDS = ['forecast_vip', 'certified_supplier', 'dynamic_view'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];

/** The memberships held for a period, whose status SPEC §3 shows (vip, type, openDate, endDate, …). */
export const VIP_KINDS = ['certified_supplier', 'forecast_vip'] as const;
export type VipKind = (typeof VIP_KINDS)[number];

/** SPEC §3 needremind: a membership ending within this many days asks to be renewed (and a notice says so once). */
export const VIP_RENEWAL_REMIND_DAYS = 30;

/** Console limits of a plan: at most 10 years or 3660 days, 1000 uses, 1,000,000 yuan. */
export const PLAN_MONTHS_MAX = 120;
export const PLAN_DAYS_MAX = 3660;
export const PLAN_VIEW_COUNT_MAX = 1000;
export const PLAN_PRICE_FEN_MAX = 100_000_000;
export const PLAN_NAME_MAX = 40;
/** An operator's reason for a grant, kept in the action log. */
export const GRANT_REASON_MAX = 200;

const kind = z.enum(ENTITLEMENT_KINDS, { error: 'common.invalidInput' });

/** `vip/plans`: the plans on sale of one kind, in the operators' order. */
export const ZVipPlansRequest = z.object({ kind });
export const ZVipPlan = z.object({
  id: z.number(),
  kind: z.enum(ENTITLEMENT_KINDS),
  name: z.string(),
  /** The period bought (certified supplier, forecast VIP): months or days, the other null. */
  months: z.number().nullable(),
  days: z.number().nullable(),
  /** Dynamic view: days of use bought (one is deducted per day of use). */
  viewCount: z.number().nullable(),
  priceFen: z.number(),
  /** The price in yuan as shown (formatCents). */
  price: z.string(),
});
export type TVipPlan = z.infer<typeof ZVipPlan>;
export const ZVipPlans = z.object({ kind: z.enum(ENTITLEMENT_KINDS), list: z.array(ZVipPlan) });

/** `vip/status`: SPEC §3 VIP status of the certified-supplier membership (the caller's company's) or the caller's forecast VIP. */
export const ZVipStatusRequest = z.object({
  type: z.enum(VIP_KINDS, { error: 'common.invalidInput' }).optional(),
});
export const ZVipStatus = z.object({
  vip: z.boolean(),
  type: z.enum(VIP_KINDS),
  /** ISO instants of the membership in force, end to end with its renewals; null when none. */
  openDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Whole days left, counting a part day as one; 0 when none. */
  remainderdays: z.number(),
  /** True from VIP_RENEWAL_REMIND_DAYS before the end. */
  needremind: z.boolean(),
});
export type TVipStatus = z.infer<typeof ZVipStatus>;

/**
 * `vip/open`: buy a plan. Certified supplier needs `agree` (SPEC §5: the certified-supplier agreement),
 * the company's owner and complete company info; it answers the payment order to pay at the cashier.
 */
export const ZVipOpenRequest = z.object({
  planId: intId(),
  agree: formFlag().optional(),
});
export const ZVipOpenResult = z.object({
  orderNo: z.string(),
  purchaseId: z.number(),
  kind: z.enum(ENTITLEMENT_KINDS),
  subject: z.string(),
  amountFen: z.number(),
  amount: z.string(),
});

/** `dynamic_view/status` and `dynamic_view/use`: the caller's dynamic view. */
export const ZDynamicViewStatus = z.object({
  /** Days of use left from packs bought. */
  remaining: z.number(),
  trialUsed: z.boolean(),
  /** Today (Asia/Shanghai) is paid for already: using again costs nothing. */
  usedToday: z.boolean(),
  /** An operator's grant of dynamic view for a period: use costs nothing until then (ISO), or null. */
  grantedUntil: z.string().nullable(),
});
export type TDynamicViewStatus = z.infer<typeof ZDynamicViewStatus>;
export const DYNAMIC_VIEW_PAID_BY = ['today', 'grant', 'trial', 'count'] as const;
export const ZDynamicViewUse = ZDynamicViewStatus.extend({
  /** What paid for this use: today's earlier use, a grant, the free trial, or one of the uses bought. */
  paidBy: z.enum(DYNAMIC_VIEW_PAID_BY),
});

/** Console: plans of one kind or all, including those off sale. */
export const ZPlanListRequest = z.object({ kind: kind.optional() });
export const ZConsolePlan = z.object({
  id: z.number(),
  kind: z.enum(ENTITLEMENT_KINDS),
  nameZh: z.string(),
  nameEn: z.string(),
  months: z.number().nullable(),
  days: z.number().nullable(),
  viewCount: z.number().nullable(),
  priceFen: z.number(),
  active: z.boolean(),
  sortOrder: z.number(),
  updatedAt: z.string(),
});
export type TConsolePlan = z.infer<typeof ZConsolePlan>;
export const ZConsolePlans = z.object({ list: z.array(ZConsolePlan) });

const boundedInt = (min: number, max: number, message: string) =>
  formInt(message).pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));
const planName = (max: number) =>
  z.string({ error: 'membership.planName' }).trim().min(1, { error: 'membership.planName' }).max(max, {
    error: 'membership.planName',
  });

/**
 * `console/plan/save`: a new plan (no id) or changes to one. A period plan has months or days (one of
 * them); a dynamic-view pack has a count. Orders already created keep the price they were made at.
 */
export const ZPlanSaveRequest = z
  .object({
    id: intId().optional(),
    kind,
    nameZh: planName(PLAN_NAME_MAX),
    nameEn: planName(PLAN_NAME_MAX * 2),
    months: boundedInt(1, PLAN_MONTHS_MAX, 'membership.planLength').optional(),
    days: boundedInt(1, PLAN_DAYS_MAX, 'membership.planLength').optional(),
    viewCount: boundedInt(1, PLAN_VIEW_COUNT_MAX, 'membership.planViewCount').optional(),
    priceFen: boundedInt(1, PLAN_PRICE_FEN_MAX, 'membership.planPrice'),
    active: formFlag(),
    sortOrder: boundedInt(0, 999, 'common.invalidInput').optional(),
  })
  .superRefine((plan, ctx) => {
    if (plan.kind === 'dynamic_view') {
      if (plan.viewCount === undefined)
        ctx.addIssue({ code: 'custom', path: ['viewCount'], message: 'membership.planViewCount' });
      if (plan.months !== undefined || plan.days !== undefined)
        ctx.addIssue({ code: 'custom', path: ['months'], message: 'membership.planViewCount' });
      return;
    }
    if ((plan.months === undefined) === (plan.days === undefined))
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'membership.planLength' });
    if (plan.viewCount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['viewCount'], message: 'membership.planLength' });
  });

/** `entitlement/grant` (operators): give a user (for certified supplier, a company's owner) an entitlement for some days, with a reason. */
export const ZGrantEntitlementRequest = z.object({
  userId: intId(),
  kind,
  days: formInt('common.onlyPositiveIntegers').pipe(
    z.number().int().min(1, { error: 'common.onlyPositiveIntegers' }).max(PLAN_DAYS_MAX),
  ),
  reason: z
    .string({ error: 'membership.grantReason' })
    .trim()
    .min(1, { error: 'membership.grantReason' })
    .max(GRANT_REASON_MAX, { error: 'membership.grantReason' }),
});
export const ZEntitlement = z.object({
  userId: z.number(),
  kind: z.enum(ENTITLEMENT_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
});
