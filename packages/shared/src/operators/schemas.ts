import { z } from 'zod';
import { OPERATOR_ROLES } from '../constants';
import { formInt } from '../schemas/common';

/** `console/whoami`: the operator behind the session, for the console's header and its login check. */
export const ZOperatorIdentity = z.object({
  userId: z.number(),
  account: z.string(),
  /** The operator's nickname, as the console shows it. */
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type TOperatorIdentity = z.infer<typeof ZOperatorIdentity>;

/** The review queues, as their decisions are named in the operator action log (`<area>.approve|reject`). */
export const REVIEW_ACTION_AREAS = [
  'company_name',
  'licence',
  'shop',
  'verification',
  'stock',
  'capacity',
  'inquiry',
  'agentBuy',
] as const;
export type ReviewActionArea = (typeof REVIEW_ACTION_AREAS)[number];

/**
 * Every action the server records in the operator action log: one list, so the server can record only
 * these and the console has words for each.
 */
export const OPERATOR_ACTIONS = [
  ...REVIEW_ACTION_AREAS.flatMap((area) => [`${area}.approve`, `${area}.reject`] as const),
  'markets.import_prices',
  'markets.set_exchange_rate',
  'entitlement.grant',
  'plan.save',
  'calendar.set_day',
  'payment.offline_confirm',
  'payment.offline_reject',
  'payment.refund',
  'account.disable',
  'account.enable',
] as const;
export type OperatorActionKey = (typeof OPERATOR_ACTIONS)[number];

/** Rows per page of the operator action log: 20 unless asked, at most 100. */
export const OPERATOR_ACTIONS_PAGE_SIZE = 20;
export const OPERATOR_ACTIONS_PAGE_SIZE_MAX = 100;

const pageNumber = (max: number) =>
  formInt('common.invalidInput').pipe(
    z.number().int().min(1, { error: 'common.invalidInput' }).max(max, { error: 'common.invalidInput' }),
  );

/** `console/operator_actions/list`: one page (from 1) of the log, newest first. */
export const ZOperatorActionsRequest = z.object({
  page: pageNumber(1_000_000).default(1),
  pageSize: pageNumber(OPERATOR_ACTIONS_PAGE_SIZE_MAX).default(OPERATOR_ACTIONS_PAGE_SIZE),
});
export type TOperatorActionsRequest = z.input<typeof ZOperatorActionsRequest>;

/** One recorded operator action: who, when, what (action and target) and the details given. */
export const ZOperatorAction = z.object({
  id: z.number(),
  createdAt: z.string(),
  operator: z.object({ userId: z.number(), account: z.string(), name: z.string() }),
  /** `<area>.<verb>`, e.g. `company_name.approve`. */
  action: z.string(),
  /** `<kind>:<id>`, e.g. `company_name_change:12`. */
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type TOperatorAction = z.infer<typeof ZOperatorAction>;

export const ZOperatorActionsPage = z.object({
  list: z.array(ZOperatorAction),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TOperatorActionsPage = z.infer<typeof ZOperatorActionsPage>;
