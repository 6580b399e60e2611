import {
  formatTons,
  INQUIRY_MAX_DEADLINE_DAYS,
  type InquiryPaymentMethod,
  type InquiryVisibility,
  MAX_INQUIRY_SPECS,
  type TInquiryDetail,
  type TInquirySaveRequest,
  ZInquirySaveRequest,
  ZInquirySpecInput,
} from '@metal/shared';

/** One product row as typed: quantity in tons, attributes chosen on choose_inquiry_attr. */
export interface SpecRow {
  /** Stable across removals, so React keeps each row's inputs with their own product. */
  key: number;
  productName: string;
  specification: string;
  quantity: string;
  attributes: { name: string; value: string }[];
}

/** A designated supplier as chosen from the shop search (name kept to show the chip). */
export interface ChosenSupplier {
  rootId: number;
  name: string;
}

/** input_inquiry as the user fills it. */
export interface InquiryForm {
  sortId: number | null;
  specs: SpecRow[];
  taxIncluded: boolean;
  freightIncluded: boolean;
  paymentMethod: InquiryPaymentMethod;
  creditDays: string;
  /** `yyyy-mm-ddThh:mm` in the phone's time, as the date-time input gives it. */
  quoteDeadline: string;
  deliveryDate: string;
  supplierProvince: string;
  supplierCity: string;
  receiver: string;
  receiverPhone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  visibility: InquiryVisibility;
  suppliers: ChosenSupplier[];
  /**
   * Files already uploaded: pictures uploaded before the user left the page (to the help page), and an
   * edited inquiry's attachments. `thumbUrl` is empty for a document, which shows by its `name`.
   */
  kept: { url: string; thumbUrl: string; name?: string }[];
  remark: string;
}

/** A blank product row; `after` are the rows already there, so its key is new among them. */
export const emptySpec = (after: readonly SpecRow[] = []): SpecRow => ({
  key: Math.max(0, ...after.map((spec) => spec.key)) + 1,
  productName: '',
  specification: '',
  quantity: '',
  attributes: [],
});

export function emptyInquiryForm(contact: { name: string; phone: string } = { name: '', phone: '' }): InquiryForm {
  return {
    sortId: null,
    specs: [emptySpec()],
    taxIncluded: true,
    freightIncluded: true,
    paymentMethod: 'advance',
    creditDays: '',
    quoteDeadline: '',
    deliveryDate: '',
    supplierProvince: '',
    supplierCity: '',
    receiver: contact.name,
    receiverPhone: contact.phone,
    province: '',
    city: '',
    district: '',
    address: '',
    visibility: 'public',
    suppliers: [],
    kept: [],
    remark: '',
  };
}

/** `?id=` of the inquiry being changed on input_inquiry; 0 when posting a new one. */
export const inquiryIdParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** The statuses in which the buyer's company may still change its inquiry (the server's rule). */
export const isEditableInquiry = (inquiry: Pick<TInquiryDetail, 'status' | 'mine'>) =>
  inquiry.mine && (inquiry.status === 'review' || inquiry.status === 'rejected');

/** input_inquiry filled from the company's own inquiry, to change it (quantities back in tons). */
export function inquiryFormFromDetail(inquiry: TInquiryDetail): InquiryForm {
  const specs = inquiry.specs.map((spec, index) => ({
    key: index + 1,
    productName: spec.productName,
    specification: spec.specification,
    quantity: formatTons(spec.quantityKg),
    attributes: spec.attributes,
  }));
  const supplierName = new Map(inquiry.designatedSuppliers.map((s) => [s.rootId, s.companyName]));
  return {
    sortId: inquiry.sortId,
    specs: specs.length > 0 ? specs : [emptySpec()],
    taxIncluded: inquiry.taxIncluded,
    freightIncluded: inquiry.freightIncluded,
    paymentMethod: inquiry.paymentMethod,
    creditDays: inquiry.creditDays === null ? '' : String(inquiry.creditDays),
    quoteDeadline: toLocalInput(new Date(inquiry.quoteDeadline)),
    deliveryDate: inquiry.deliveryDate,
    supplierProvince: inquiry.supplierProvince,
    supplierCity: inquiry.supplierCity,
    receiver: inquiry.receiver,
    receiverPhone: inquiry.receiverPhone,
    province: inquiry.province,
    city: inquiry.city,
    district: inquiry.district,
    address: inquiry.address,
    visibility: inquiry.visibility,
    suppliers: inquiry.designatedRootIds.map((rootId) => ({ rootId, name: supplierName.get(rootId) ?? '' })),
    kept: inquiry.attachments.map((file) => ({
      url: file.url,
      thumbUrl: file.type.startsWith('image/') ? file.url : '',
      name: file.name,
    })),
    remark: inquiry.remark,
  };
}

/** Whether one more product row may be added (SPEC §5: at most 10 specs). */
export const canAddSpec = (form: InquiryForm) => form.specs.length < MAX_INQUIRY_SPECS;

/** The local date-time the input gives, as an ISO moment with the phone's offset (what the server wants). */
export function toMoment(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return local;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${local}:00${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** `yyyy-mm-ddThh:mm` of a moment in the phone's time, for the date-time input's bounds. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const flag = (on: boolean) => (on ? 1 : 0);

/** The `inquiry/save` fields (with `id` when changing one); lists travel as JSON text through callApi's form encoding. */
export function toSaveRequest(form: InquiryForm, attachments: string[], id?: number): TInquirySaveRequest {
  return {
    ...(id ? { id } : {}),
    ...(form.sortId ? { sortId: form.sortId } : {}),
    specs: form.specs.map((spec) => ({
      productName: spec.productName.trim(),
      specification: spec.specification.trim(),
      quantity: spec.quantity.trim(),
      attributes: spec.attributes,
    })),
    taxIncluded: flag(form.taxIncluded),
    freightIncluded: flag(form.freightIncluded),
    paymentMethod: form.paymentMethod,
    ...(form.paymentMethod === 'credit' ? { creditDays: form.creditDays.trim() } : {}),
    quoteDeadline: toMoment(form.quoteDeadline),
    deliveryDate: form.deliveryDate,
    supplierProvince: form.supplierProvince,
    supplierCity: form.supplierCity,
    receiver: form.receiver.trim(),
    receiverPhone: form.receiverPhone.trim(),
    province: form.province,
    city: form.city,
    district: form.district,
    address: form.address.trim(),
    visibility: form.visibility,
    designatedRootIds: form.visibility === 'designated' ? form.suppliers.map((s) => s.rootId) : [],
    attachments,
    remark: form.remark.trim(),
  } as TInquirySaveRequest;
}

/**
 * Field → message key, by the server's own schema, plus what needs the clock (deadline within 90
 * days, delivery not before it). A product's errors are its row's: `specs.0.quantity`.
 */
export function inquiryFormErrors(
  form: InquiryForm,
  request: TInquirySaveRequest,
  now: Date = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  form.specs.forEach((spec, index) => {
    const parsed = ZInquirySpecInput.safeParse({ ...spec, quantity: spec.quantity.trim() });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        errors[`specs.${index}.${String(issue.path[0] ?? '')}`] ??= issue.message;
  });
  const parsed = ZInquirySaveRequest.safeParse(request);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // A product's own error is already on its row.
      if (field === 'specs' && issue.path.length > 1) continue;
      errors[field] ??= issue.message;
    }
  if (!errors.quoteDeadline) {
    const deadline = new Date(String(request.quoteDeadline));
    const latest = now.getTime() + INQUIRY_MAX_DEADLINE_DAYS * 86_400_000;
    if (deadline.getTime() <= now.getTime() || deadline.getTime() > latest)
      errors.quoteDeadline = 'inquiry.deadlineInvalid';
    else if (form.deliveryDate && form.deliveryDate < form.quoteDeadline.slice(0, 10))
      errors.deliveryDate ??= 'inquiry.deliveryDateInvalid';
  }
  return errors;
}

/** The order fields appear on the page, so the first error shown is the first one on screen. */
const FIELD_ORDER = [
  'sortId',
  'specs',
  'paymentMethod',
  'creditDays',
  'quoteDeadline',
  'deliveryDate',
  'supplierProvince',
  'receiver',
  'receiverPhone',
  'province',
  'city',
  'district',
  'address',
  'visibility',
  'designatedRootIds',
  'attachments',
  'remark',
];

export function firstError(errors: Record<string, string>): [string, string] | undefined {
  const rank = (field: string) => {
    const top = field.startsWith('specs.') ? 'specs' : field;
    const index = FIELD_ORDER.indexOf(top);
    return index < 0 ? FIELD_ORDER.length : index;
  };
  const fields = Object.keys(errors)
    .filter((field) => errors[field])
    .sort((a, b) => rank(a) - rank(b));
  const field = fields[0];
  return field ? [field, errors[field] as string] : undefined;
}
