import {
  formatTons,
  type TCapacityAttribute,
  type TCapacityDetail,
  type TCapacityImage,
  type TCapacitySaveRequest,
  ZCapacitySaveRequest,
} from '@metal/shared';

/**
 * What input_capacity holds while it is filled in: text as typed (tons too), the attributes chosen
 * on choose_capacity_attr, and the images already stored (new ones join once their upload is done).
 */
export interface CapacityDraft {
  sortId: number | null;
  productName: string;
  minOrder: string;
  monthlyOutput: string;
  attributes: TCapacityAttribute[];
  info: string;
  images: TCapacityImage[];
  contactName: string;
  contactPhone: string;
}

/**
 * The draft lives in sessionStorage, so the trip to choose_capacity_attr and a reload keep it; one
 * per user and per capacity (a new one is `new`).
 */
export const capacityDraftKey = (userId: number, id: number) => `metal.capacities.draft.${userId}.${id || 'new'}`;

export function emptyDraft(contact: { name: string; phone: string } = { name: '', phone: '' }): CapacityDraft {
  return {
    sortId: null,
    productName: '',
    minOrder: '',
    monthlyOutput: '',
    attributes: [],
    info: '',
    images: [],
    contactName: contact.name,
    contactPhone: contact.phone,
  };
}

export function draftFromDetail(detail: TCapacityDetail): CapacityDraft {
  return {
    sortId: detail.sortId,
    productName: detail.productName,
    minOrder: formatTons(detail.minOrderKg),
    monthlyOutput: formatTons(detail.monthlyOutputKg),
    attributes: detail.attributes.map((a) => ({ ...a })),
    info: detail.info,
    images: detail.images,
    contactName: detail.contact.name,
    contactPhone: detail.contact.phone,
  };
}

/** The save call's fields (lists travel as JSON text through callApi's form encoding). */
export function toSaveRequest(draft: CapacityDraft, id: number): TCapacitySaveRequest {
  return {
    ...(id > 0 ? { id } : {}),
    ...(draft.sortId ? { sortId: draft.sortId } : {}),
    productName: draft.productName.trim(),
    minOrder: draft.minOrder.trim(),
    monthlyOutput: draft.monthlyOutput.trim(),
    attributes: draft.attributes.map((a) => ({ name: a.name.trim(), value: a.value.trim() })),
    info: draft.info.trim(),
    imageIds: draft.images.map((image) => image.id),
    contactName: draft.contactName.trim(),
    contactPhone: draft.contactPhone.trim(),
  } as TCapacitySaveRequest;
}

/** Field → message key by the save call's own schema; an attribute's error is the attributes row's. */
export function capacityErrors(request: TCapacitySaveRequest): Record<string, string> {
  const parsed = ZCapacitySaveRequest.safeParse(request);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** The errors of a list of attributes as choose_capacity_attr shows them: by row (`0.name`) or for the list (`''`). */
export function attributeErrors(attributes: TCapacityAttribute[]): Record<string, string> {
  const parsed = ZCapacitySaveRequest.shape.attributes.safeParse(attributes);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** Whether saving would change nothing (the server then keeps a passed capacity public). */
export const sameRequest = (a: TCapacitySaveRequest, b: TCapacitySaveRequest) =>
  JSON.stringify(a) === JSON.stringify(b);
