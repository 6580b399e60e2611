import {
  CodeFlag,
  INVOICE_TITLES_MAX,
  RECEIPT_ADDRESSES_MAX,
  type TInvoiceTitle,
  type TInvoiceTitleList,
  type TInvoiceTitleSaveInput,
  type TReceiptAddress,
  type TReceiptAddressList,
  type TReceiptAddressSaveInput,
} from '@metal/shared';
import { findRegionPath } from '@metal/shared/regions';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ContextOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ownedRow } from '../../platform/ownership';
import { invoiceTitleOwnership, receiptAddressOwnership } from './addresses.policy';
import { invoiceTitles, receiptAddresses } from './addresses.table';

type ReceiptAddressRow = typeof receiptAddresses.$inferSelect;
type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;

/**
 * A company's address changes run one at a time, so two staff saving or choosing the default at once
 * leave exactly one default, and two adds cannot both take the last place under the cap.
 */
const lockAddresses = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('addresses.receipt'), ${rootId})`);
const lockInvoices = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('addresses.invoice'), ${rootId})`);

const presentAddress = (row: ReceiptAddressRow): TReceiptAddress => ({
  id: row.id,
  receiver: row.receiver,
  phone: row.phone,
  province: row.province,
  city: row.city,
  district: row.district,
  detail: row.detail,
  isDefault: row.isDefault,
});

const presentInvoice = (row: InvoiceTitleRow): TInvoiceTitle => ({
  id: row.id,
  name: row.name,
  taxNo: row.taxNo,
  address: row.address,
  phone: row.phone,
  bankName: row.bankName,
  bankAccount: row.bankAccount,
  receiverMobile: row.receiverMobile,
  email: row.email,
});

/** `receipt_address/list`: the default first, then the most recently changed. */
export async function listReceiptAddresses({ db, actor }: ContextOf<'db' | 'actor'>): Promise<TReceiptAddressList> {
  const rows = await db
    .select()
    .from(receiptAddresses)
    .where(eq(receiptAddresses.rootId, actor.rootId))
    .orderBy(desc(receiptAddresses.isDefault), desc(receiptAddresses.updatedAt), desc(receiptAddresses.id));
  return { addresses: rows.map(presentAddress), max: RECEIPT_ADDRESSES_MAX };
}

/** Makes `id` the company's only default (the caller holds the company's lock). */
async function makeDefault(tx: Executor, rootId: number, id: number) {
  await tx
    .update(receiptAddresses)
    .set({ isDefault: false })
    .where(and(eq(receiptAddresses.rootId, rootId), eq(receiptAddresses.isDefault, true)));
  await tx.update(receiptAddresses).set({ isDefault: true }).where(eq(receiptAddresses.id, id));
}

/**
 * `receipt_address/save`: adds (no id) or edits one. The region must be one of the shipped table's paths.
 * The company's first address becomes the default whatever was asked; isDefault 1 moves the default to it.
 */
export async function saveReceiptAddress(
  { db, clock, actor }: ContextOf<'db' | 'clock' | 'actor'>,
  input: TReceiptAddressSaveInput,
): Promise<TReceiptAddress> {
  if (!findRegionPath(input.province, input.city, input.district)) {
    throw new AppError(
      CodeFlag.invalidInput,
      'address.regionInvalid',
      {},
      { errors: { region: 'address.regionInvalid' } },
    );
  }
  const now = clock.now();
  const fields = {
    receiver: input.receiver,
    phone: input.phone,
    province: input.province,
    city: input.city,
    district: input.district,
    detail: input.detail,
    updatedBy: actor.userId,
    updatedAt: now,
  };
  const id = await db.transaction(async (tx) => {
    await lockAddresses(tx, actor.rootId);
    let savedId: number;
    if (input.id !== undefined) {
      await ownedRow({ db: tx, actor }, receiptAddressOwnership, { id: input.id });
      await tx.update(receiptAddresses).set(fields).where(eq(receiptAddresses.id, input.id));
      savedId = input.id;
    } else {
      const [held] = await tx
        .select({ n: count() })
        .from(receiptAddresses)
        .where(eq(receiptAddresses.rootId, actor.rootId));
      if ((held?.n ?? 0) >= RECEIPT_ADDRESSES_MAX) throw new AppError(CodeFlag.invalidInput, 'address.tooMany');
      const [created] = await tx
        .insert(receiptAddresses)
        .values({ ...fields, rootId: actor.rootId, createdAt: now })
        .returning({ id: receiptAddresses.id });
      savedId = created!.id;
    }
    const [current] = await tx
      .select({ id: receiptAddresses.id })
      .from(receiptAddresses)
      .where(and(eq(receiptAddresses.rootId, actor.rootId), eq(receiptAddresses.isDefault, true)));
    if (input.isDefault === 1 || !current) await makeDefault(tx, actor.rootId, savedId);
    return savedId;
  });
  const [row] = await db.select().from(receiptAddresses).where(eq(receiptAddresses.id, id));
  return presentAddress(row!);
}

/** `receipt_address/set_default`. */
export async function setDefaultReceiptAddress({ db, actor }: ContextOf<'db' | 'actor'>, id: number): Promise<null> {
  await db.transaction(async (tx) => {
    await lockAddresses(tx, actor.rootId);
    await ownedRow({ db: tx, actor }, receiptAddressOwnership, { id });
    await makeDefault(tx, actor.rootId, id);
  });
  return null;
}

/** `receipt_address/delete`: deleting the default makes the most recently changed of the rest the default. */
export async function deleteReceiptAddress({ db, actor }: ContextOf<'db' | 'actor'>, id: number): Promise<null> {
  await db.transaction(async (tx) => {
    await lockAddresses(tx, actor.rootId);
    const row = await ownedRow({ db: tx, actor }, receiptAddressOwnership, { id });
    await tx.delete(receiptAddresses).where(eq(receiptAddresses.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: receiptAddresses.id })
      .from(receiptAddresses)
      .where(eq(receiptAddresses.rootId, actor.rootId))
      .orderBy(desc(receiptAddresses.updatedAt), desc(receiptAddresses.id))
      .limit(1);
    if (next) await makeDefault(tx, actor.rootId, next.id);
  });
  return null;
}

/** `invoice/list`: the most recently changed first. */
export async function listInvoiceTitles({ db, actor }: ContextOf<'db' | 'actor'>): Promise<TInvoiceTitleList> {
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.rootId, actor.rootId))
    .orderBy(desc(invoiceTitles.updatedAt), desc(invoiceTitles.id));
  return { invoices: rows.map(presentInvoice), max: INVOICE_TITLES_MAX };
}

/** `invoice/save`: adds (no id) or edits one. */
export async function saveInvoiceTitle(
  { db, clock, actor }: ContextOf<'db' | 'clock' | 'actor'>,
  input: TInvoiceTitleSaveInput,
): Promise<TInvoiceTitle> {
  const now = clock.now();
  const { id: editedId, ...values } = input;
  const fields = { ...values, updatedBy: actor.userId, updatedAt: now };
  const id = await db.transaction(async (tx) => {
    await lockInvoices(tx, actor.rootId);
    if (editedId !== undefined) {
      await ownedRow({ db: tx, actor }, invoiceTitleOwnership, { id: editedId });
      await tx.update(invoiceTitles).set(fields).where(eq(invoiceTitles.id, editedId));
      return editedId;
    }
    const [held] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.rootId, actor.rootId));
    if ((held?.n ?? 0) >= INVOICE_TITLES_MAX) throw new AppError(CodeFlag.invalidInput, 'invoice.tooMany');
    const [created] = await tx
      .insert(invoiceTitles)
      .values({ ...fields, rootId: actor.rootId, createdAt: now })
      .returning({ id: invoiceTitles.id });
    return created!.id;
  });
  const [row] = await db.select().from(invoiceTitles).where(eq(invoiceTitles.id, id));
  return presentInvoice(row!);
}

/** `invoice/delete`: orders made with it keep their own copy. */
export async function deleteInvoiceTitle({ db, actor }: ContextOf<'db' | 'actor'>, id: number): Promise<null> {
  await db.transaction(async (tx) => {
    await ownedRow({ db: tx, actor }, invoiceTitleOwnership, { id });
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, id));
  });
  return null;
}

/** What an order keeps of its receipt address: later edits or deletion of the address do not change it. */
export type ReceiptAddressSnapshot = Omit<TReceiptAddress, 'id' | 'isDefault'> & { addressId: number };
/** What an order keeps of its invoice title. */
export type InvoiceTitleSnapshot = Omit<TInvoiceTitle, 'id'> & { invoiceId: number };

/**
 * For the orders module: a copy of the actor's company's address `addressId` to store on an order.
 * Another company's is refused (codeFlag 3), a missing one is not found (codeFlag 4). Pass the
 * transaction the order is made in as `db`.
 */
export async function receiptAddressForOrder(
  ctx: ContextOf<'db' | 'actor'>,
  addressId: number,
): Promise<ReceiptAddressSnapshot> {
  const row = await ownedRow(ctx, receiptAddressOwnership, { id: addressId, lock: false });
  const { id, isDefault, ...snapshot } = presentAddress(row);
  return { addressId: id, ...snapshot };
}

/** For the orders module: a copy of the actor's company's invoice title `invoiceId`, refused and not found as above. */
export async function invoiceTitleForOrder(
  ctx: ContextOf<'db' | 'actor'>,
  invoiceId: number,
): Promise<InvoiceTitleSnapshot> {
  const row = await ownedRow(ctx, invoiceTitleOwnership, { id: invoiceId, lock: false });
  const { id, ...snapshot } = presentInvoice(row);
  return { invoiceId: id, ...snapshot };
}

/** For the orders module's checkout page: the company's default address, or null when it has none. */
export async function defaultReceiptAddress({ db, actor }: ContextOf<'db' | 'actor'>): Promise<TReceiptAddress | null> {
  const [row] = await db
    .select()
    .from(receiptAddresses)
    .where(and(eq(receiptAddresses.rootId, actor.rootId), eq(receiptAddresses.isDefault, true)));
  return row ? presentAddress(row) : null;
}
