import { z } from 'zod';
import { isCreditCode } from '../helpers/creditCode';
import { isMobile, isPhoneNumber } from '../helpers/phone';
import { bigintId, formFlag } from '../schemas/common';

/** A company keeps at most this many receipt addresses: enough for every site and warehouse it ships to. */
export const RECEIPT_ADDRESSES_MAX = 20;
/** A company keeps at most this many invoice titles: its own and a few group companies it buys for. */
export const INVOICE_TITLES_MAX = 20;
export const RECEIVER_NAME_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;
export const INVOICE_NAME_MAX = 100;
export const INVOICE_ADDRESS_MAX = 120;
export const BANK_NAME_MAX = 50;
export const EMAIL_MAX = 60;
/** Mainland bank account numbers run from 8 (some old corporate accounts) to 30 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{8,30}$/;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: 'common.tooLong' });
const optional = (max: number) => z.string().trim().max(max, { error: 'common.tooLong' }).default('');
const regionName = () =>
  z.string({ error: 'address.regionInvalid' }).trim().min(1, { error: 'address.regionInvalid' }).max(30);
/** No id (or 0) adds a new one; an id edits that one. */
const optionalId = () =>
  z.preprocess(
    (value: number | string | undefined) => (value === 0 || value === '0' || value === '' ? undefined : value),
    bigintId().optional(),
  );

/** A bank account number as people write it, in groups of four: spaces are dropped before it is checked. */
export const bankAccountNumber = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || BANK_ACCOUNT_PATTERN.test(value), { error: message });

export const emailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX, { error: message })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: message });

/** `receipt_address/save` (modify_receipt_address): SPEC §5 receiver, phone, region and detail are required. */
export const ZReceiptAddressSaveRequest = z.object({
  id: optionalId(),
  receiver: required('address.receiverRequired', RECEIVER_NAME_MAX),
  phone: z.string({ error: 'address.phoneInvalid' }).trim().refine(isPhoneNumber, { error: 'address.phoneInvalid' }),
  province: regionName(),
  city: regionName(),
  district: regionName(),
  detail: required('address.detailRequired', ADDRESS_DETAIL_MAX),
  /** 1 makes it the default; 0 leaves the default where it is (the first address is the default anyway). */
  isDefault: formFlag().default(0),
});
export type TReceiptAddressSaveInput = z.output<typeof ZReceiptAddressSaveRequest>;

export const ZAddressIdRequest = z.object({ id: bigintId() });

export const ZReceiptAddress = z.object({
  id: z.number(),
  receiver: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});
export type TReceiptAddress = z.infer<typeof ZReceiptAddress>;

/** receipt_address: the company's addresses, the default first, then the most recently changed. */
export const ZReceiptAddressList = z.object({ addresses: z.array(ZReceiptAddress), max: z.number() });
export type TReceiptAddressList = z.infer<typeof ZReceiptAddressList>;

/** `invoice/save` (invoice_page): SPEC §3 name, taxpayer ID, address and phone, bank account, e-invoice phone and email. */
export const ZInvoiceTitleSaveRequest = z.object({
  id: optionalId(),
  name: required('invoice.nameRequired', INVOICE_NAME_MAX),
  taxNo: z
    .string({ error: 'invoice.taxNoInvalid' })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isCreditCode, { error: 'invoice.taxNoInvalid' }),
  address: optional(INVOICE_ADDRESS_MAX),
  phone: z
    .string({ error: 'invoice.phoneInvalid' })
    .trim()
    .refine((value) => value === '' || isPhoneNumber(value), { error: 'invoice.phoneInvalid' })
    .default(''),
  bankName: optional(BANK_NAME_MAX),
  bankAccount: bankAccountNumber('invoice.bankAccountInvalid').default(''),
  /** Where the e-invoice is sent: a mobile for the SMS and an email for the PDF. */
  receiverMobile: z
    .string({ error: 'invoice.receiverMobileInvalid' })
    .trim()
    .refine((value) => value === '' || isMobile(value), { error: 'invoice.receiverMobileInvalid' })
    .default(''),
  email: emailAddress('invoice.emailInvalid').default(''),
});
export type TInvoiceTitleSaveInput = z.output<typeof ZInvoiceTitleSaveRequest>;

export const ZInvoiceTitle = z.object({
  id: z.number(),
  name: z.string(),
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  receiverMobile: z.string(),
  email: z.string(),
});
export type TInvoiceTitle = z.infer<typeof ZInvoiceTitle>;

export const ZInvoiceTitleList = z.object({ invoices: z.array(ZInvoiceTitle), max: z.number() });
export type TInvoiceTitleList = z.infer<typeof ZInvoiceTitleList>;
