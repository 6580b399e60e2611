import {
  type CallRequest,
  type Calls,
  type EntitlementKind,
  type MessageKey,
  type TConsolePlan,
  ZPlanSaveRequest,
} from '@metal/shared';
import { fenToYuanText, yuanTextToFen } from '../../lib/money';

/** A period plan's length is counted in months or in days; dynamic view is sold by uses instead. */
export type LengthUnit = 'months' | 'days';

/** The plan form as typed: numbers as text, the price in yuan. */
export interface PlanFormValues {
  kind: EntitlementKind;
  nameZh: string;
  nameEn: string;
  lengthUnit: LengthUnit;
  length: string;
  viewCount: string;
  price: string;
  active: boolean;
  sortOrder: string;
}

export type PlanSaveInput = CallRequest<typeof Calls.consolePlanSave>;

export const isPeriodKind = (kind: EntitlementKind) => kind !== 'dynamic_view';

export const emptyPlanForm = (kind: EntitlementKind): PlanFormValues => ({
  kind,
  nameZh: '',
  nameEn: '',
  lengthUnit: 'months',
  length: '',
  viewCount: '',
  price: '',
  active: true,
  sortOrder: '0',
});

export const planFormFrom = (plan: TConsolePlan): PlanFormValues => ({
  kind: plan.kind,
  nameZh: plan.nameZh,
  nameEn: plan.nameEn,
  lengthUnit: plan.days !== null ? 'days' : 'months',
  length: String(plan.days ?? plan.months ?? ''),
  viewCount: plan.viewCount === null ? '' : String(plan.viewCount),
  price: fenToYuanText(plan.priceFen),
  active: plan.active,
  sortOrder: String(plan.sortOrder),
});

/** Which form field a request field's error belongs to. */
const FIELD_OF: Record<string, keyof PlanFormValues> = {
  kind: 'kind',
  nameZh: 'nameZh',
  nameEn: 'nameEn',
  months: 'length',
  days: 'length',
  viewCount: 'viewCount',
  priceFen: 'price',
  active: 'active',
  sortOrder: 'sortOrder',
};

/**
 * The save call's fields from the form: only the length the kind is sold by, the price in fen (text
 * that is not yuan, "1e3" among it, becomes NaN so the schema refuses it), and the id when editing.
 */
export function toPlanSaveInput(values: PlanFormValues, id?: number): PlanSaveInput {
  // A field the kind does not show is not in the form's values at all.
  const number = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  const length = number(values.length);
  return {
    ...(id ? { id } : {}),
    kind: values.kind,
    nameZh: values.nameZh,
    nameEn: values.nameEn,
    ...(isPeriodKind(values.kind) ? { [values.lengthUnit]: length } : { viewCount: number(values.viewCount) }),
    priceFen: yuanTextToFen(values.price ?? '') ?? Number.NaN,
    active: values.active ? 1 : 0,
    ...(number(values.sortOrder) !== undefined ? { sortOrder: number(values.sortOrder) } : {}),
  } as PlanSaveInput;
}

/** Form field → message key, by the save call's own schema (the same rule the server applies). */
export function planFormErrors(input: PlanSaveInput): Partial<Record<keyof PlanFormValues, MessageKey>> {
  const parsed = ZPlanSaveRequest.safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof PlanFormValues, MessageKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0] ?? '')] ?? 'nameZh';
    errors[field] ??= issue.message as MessageKey;
  }
  return errors;
}
