import { z } from 'zod';
import { BANK_NAME_MAX, bankAccountNumber } from '../addresses/schemas';
import { formFlag, formInt } from '../schemas/common';

/** How long a buyer has to pay after agreeing a quote before a stock order expires: a day to a month. */
export const PAYMENT_DAYS_MIN = 1;
export const PAYMENT_DAYS_MAX = 30;
/** Three days is what sellers of spot metal usually give a buyer to arrange a bank transfer. */
export const PAYMENT_DAYS_DEFAULT = 3;
export const BANK_ACCOUNT_NAME_MAX = 100;
export const DELIVERY_NOTE_MAX = 200;

/**
 * `trade_set/save` (trade_set): the seller's terms for stock orders. The receiving account is all three
 * fields or none (a buyer cannot transfer to half an account).
 */
export const ZTradeSettingsSaveRequest = z
  .object({
    paymentDays: formInt('tradeSet.paymentDaysInvalid').pipe(
      z
        .number()
        .min(PAYMENT_DAYS_MIN, { error: 'tradeSet.paymentDaysInvalid' })
        .max(PAYMENT_DAYS_MAX, { error: 'tradeSet.paymentDaysInvalid' }),
    ),
    /** 1: the buyer may also pay through the platform's cashier; offline bank transfer is always offered. */
    onlinePayment: formFlag(),
    bankAccountName: z.string().trim().max(BANK_ACCOUNT_NAME_MAX, { error: 'common.tooLong' }).default(''),
    bankName: z.string().trim().max(BANK_NAME_MAX, { error: 'common.tooLong' }).default(''),
    bankAccount: bankAccountNumber('tradeSet.bankAccountInvalid').default(''),
    deliveryNote: z.string().trim().max(DELIVERY_NOTE_MAX, { error: 'common.tooLong' }).default(''),
  })
  .superRefine((input, ctx) => {
    const filled = [input.bankAccountName, input.bankName, input.bankAccount].filter((v) => v !== '').length;
    if (filled === 0 || filled === 3) return;
    for (const field of ['bankAccountName', 'bankName', 'bankAccount'] as const) {
      if (input[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: 'tradeSet.bankIncomplete' });
    }
  });
export type TTradeSettingsSaveInput = z.output<typeof ZTradeSettingsSaveRequest>;

export const ZTradeSettings = z.object({
  paymentDays: z.number(),
  onlinePayment: z.boolean(),
  bankAccountName: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  deliveryNote: z.string(),
  /** False while the company has saved nothing: the values are the defaults. */
  saved: z.boolean(),
});
export type TTradeSettings = z.infer<typeof ZTradeSettings>;
