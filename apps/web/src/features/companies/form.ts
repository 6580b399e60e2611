import {
  type BusinessModel,
  companyName,
  type TCompanyInfo,
  type TSaveCompanyInfoRequest,
  ZSaveCompanyInfoRequest,
  ZSaveLinkInfoRequest,
} from '@metal/shared';

/** The parts of company info user_center edits in place (the rest have pages of their own). */
export interface CompanyForm {
  brand: string;
  businessModel: BusinessModel | '';
  phones: string[];
  faxes: string[];
  qq: string;
  wechat: string;
  webUrl: string;
}

export const FORM_FIELDS = ['brand', 'businessModel', 'phones', 'faxes', 'qq', 'wechat', 'webUrl'] as const;

export function formFromInfo(info: TCompanyInfo): CompanyForm {
  return {
    brand: info.brand,
    businessModel: info.businessModel,
    phones: [...info.phones],
    faxes: [...info.faxes],
    qq: info.qq,
    wechat: info.wechat,
    webUrl: info.webUrl,
  };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Rows left blank are unused slots, not numbers: they are dropped when saving. */
const filled = (list: string[]) => list.map((v) => v.trim()).filter((v) => v !== '');

/** The form as it will be sent: text trimmed, blank number rows gone. */
export function normalizeForm(form: CompanyForm): CompanyForm {
  return {
    brand: form.brand.trim(),
    businessModel: form.businessModel,
    phones: filled(form.phones),
    faxes: filled(form.faxes),
    qq: form.qq.trim(),
    wechat: form.wechat.trim(),
    webUrl: form.webUrl.trim(),
  };
}

/** The fields that differ from what the server has; `save` changes only the fields it is sent. */
export function changedFields(form: CompanyForm, info: TCompanyInfo): Partial<CompanyForm> {
  const saved = formFromInfo(info);
  const next = normalizeForm(form);
  const changes: Partial<CompanyForm> = {};
  for (const field of FORM_FIELDS) {
    if (!sameValue(next[field], saved[field])) Object.assign(changes, { [field]: next[field] });
  }
  return changes;
}

/** The save call's fields (lists as JSON text travel through callApi's form encoding). */
export function toSaveRequest(changes: Partial<CompanyForm>): TSaveCompanyInfoRequest {
  const { businessModel, ...rest } = changes;
  return { ...rest, ...(businessModel ? { businessModel } : {}) } as TSaveCompanyInfoRequest;
}

/**
 * Field → message key, checked by the save call's own schema. Keys name list items as the server
 * does ('phones.2'), so each number's error sits beside it.
 */
export function companyFormErrors(changes: Partial<CompanyForm>): Record<string, string> {
  const parsed = ZSaveCompanyInfoRequest.safeParse(toSaveRequest(changes));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The first company name's error key, or null when the shared rule accepts it. */
export function companyNameError(name: string): string | null {
  const parsed = companyName().safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'company.nameInvalid');
}

/** link_info's field errors, by the call's own schema. */
export function linkInfoErrors(input: { linkName: string; linkPhone: string }): Record<string, string> {
  const parsed = ZSaveLinkInfoRequest.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** The company pages' drafts (components/form/draft.ts). */
export const DraftKeys = {
  companyForm: (userId: number) => `metal.companies.form.${userId}`,
  address: (userId: number) => `metal.companies.address.${userId}`,
} as const;
