import { PAYMENT_DAYS_DEFAULT, type TTradeSettings, type TTradeSettingsSaveInput } from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ContextOf } from '../../platform/context';
import { requirePermission } from './companies.policy';
import { tradeSettings } from './companies.table';

/** The terms of a company that saved none: offline bank transfer only, the usual payment days, no account yet. */
export const DEFAULT_TRADE_SETTINGS: TTradeSettings = Object.freeze({
  paymentDays: PAYMENT_DAYS_DEFAULT,
  onlinePayment: false,
  bankAccountName: '',
  bankName: '',
  bankAccount: '',
  deliveryNote: '',
  saved: false,
});

/**
 * For the orders module: the selling company `rootId`'s terms for stock orders, the defaults when it
 * saved none (`saved` false). Pass the order's transaction as `db` to read them in it.
 */
export async function tradeSettingsFor(db: Executor, rootId: number): Promise<TTradeSettings> {
  const [row] = await db.select().from(tradeSettings).where(eq(tradeSettings.rootId, rootId));
  if (!row) return { ...DEFAULT_TRADE_SETTINGS };
  return {
    paymentDays: row.paymentDays,
    onlinePayment: row.onlinePayment,
    bankAccountName: row.bankAccountName,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    deliveryNote: row.deliveryNote,
    saved: true,
  };
}

/** `trade_set/detail`: any member of the company may read its terms (they quote under them). */
export function companyTradeSettings({ db, actor }: ContextOf<'db' | 'actor'>) {
  return tradeSettingsFor(db, actor.rootId);
}

/**
 * `trade_set/save`. Only the owner, until issue 19's employees bring the 'company' permission: the
 * receiving account is where buyers send money, so no colleague may change it on the owner's behalf yet.
 */
export async function saveTradeSettings(
  { db, clock, actor }: ContextOf<'db' | 'clock' | 'actor'>,
  input: TTradeSettingsSaveInput,
): Promise<TTradeSettings> {
  requirePermission(actor, 'company');
  const values = {
    paymentDays: input.paymentDays,
    onlinePayment: input.onlinePayment === 1,
    bankAccountName: input.bankAccountName,
    bankName: input.bankName,
    bankAccount: input.bankAccount,
    deliveryNote: input.deliveryNote,
    updatedBy: actor.userId,
    updatedAt: clock.now(),
  };
  await db
    .insert(tradeSettings)
    .values({ rootId: actor.rootId, ...values })
    .onConflictDoUpdate({ target: tradeSettings.rootId, set: values });
  return tradeSettingsFor(db, actor.rootId);
}
