import {
  ChatActionType,
  CodeFlag,
  compareQuotesForBuyer,
  distanceKm,
  type TQuote,
  type TQuoteSaveInput,
} from '@metal/shared';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { sendInquiryQuoteMessage, sendTradeAction } from '../chat/chat.trade-actions';
import { companies } from '../companies/companies.table';
import { sendNotice } from '../notices/notices.service';
import { lockActingMember } from '../staff/staff.access';
import { COUNTED_QUOTES, setHandling } from './inquiries.handling';
import { inquiryName } from './inquiries.service';
import { inquiries, inquiryQuoteItems, inquiryQuotes, inquirySpecs } from './inquiries.table';
import { lockInquiry, lockInquiryForMember, requireQuoter, requireTakeable } from './inquiries.taking';

type InquiryRow = typeof inquiries.$inferSelect;
type QuoteRow = typeof inquiryQuotes.$inferSelect;

/**
 * The quotes an inquiry received, kept on its row for lists: one per company that still stands by a
 * quote (live, or decided by the buyer: agreed, lost, ignored); replaced versions and withdrawn ones do not count.
 */
async function recountQuotes(tx: Executor, inquiryId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(inquiryQuotes)
    .where(and(eq(inquiryQuotes.inquiryId, inquiryId), inArray(inquiryQuotes.status, COUNTED_QUOTES)));
  await tx
    .update(inquiries)
    .set({ quoteCount: row?.n ?? 0 })
    .where(eq(inquiries.id, inquiryId));
}

/**
 * `inquiry/quote`: the supplier company's quote on an open inquiry before its deadline (codeFlag 5
 * otherwise); only a designated supplier may quote a designated inquiry. It replaces the company's live
 * or buyer-ignored quote, if any (the earlier one is kept as replaced), and makes the actor the company's
 * holder of the inquiry: while a colleague holds it (grabbed or quoted), codeFlag 5. The buyer's poster
 * is told.
 */
export async function saveQuote({
  db,
  clock,
  actor,
  input,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  input: TQuoteSaveInput;
}): Promise<{ quoteId: number }> {
  await requireQuoter(db, actor);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiryForMember(tx, actor, input.inquiryId);
    await requireTakeable({ db: tx, actor }, { inquiry, now });

    const specs = await tx.select().from(inquirySpecs).where(eq(inquirySpecs.inquiryId, inquiry.id));
    const specById = new Map(specs.map((spec) => [spec.id, spec]));
    const specIds = input.items.map((item) => item.specId);
    if (new Set(specIds).size !== specIds.length || specIds.some((id) => !specById.has(id)))
      throw invalid('quote.itemsInvalid', 'items');
    if (input.paymentMethod === 'credit' && input.creditDays === undefined)
      throw invalid('inquiry.creditDaysRequired', 'creditDays');
    const items = input.items.map((item) => {
      const spec = specById.get(item.specId)!;
      // Price per ton × kg / 1000, rounded to the fen.
      return {
        specId: item.specId,
        unitPriceFen: item.price,
        amountFen: Math.round((item.price * spec.quantityKg) / 1000),
      };
    });

    // Refused while a colleague holds the inquiry, before anything of the company's quote changes.
    await setHandling({ db: tx, clock, actor }, { inquiryId: inquiry.id, state: 'quoted' });
    // One current quote per company: one the buyer set aside is replaced too, or the company counts twice.
    await tx
      .update(inquiryQuotes)
      .set({ status: 'replaced', updatedAt: now })
      .where(
        and(
          eq(inquiryQuotes.inquiryId, inquiry.id),
          eq(inquiryQuotes.rootId, actor.rootId),
          inArray(inquiryQuotes.status, ['live', 'ignored']),
        ),
      );
    const [quote] = await tx
      .insert(inquiryQuotes)
      .values({
        inquiryId: inquiry.id,
        rootId: actor.rootId,
        userId: actor.userId,
        status: 'live',
        totalFen: items.reduce((sum, item) => sum + item.amountFen, 0),
        taxIncluded: input.taxIncluded === 1,
        freightIncluded: input.freightIncluded === 1,
        paymentMethod: input.paymentMethod,
        creditDays: input.paymentMethod === 'credit' ? (input.creditDays ?? null) : null,
        deliveryDate: input.deliveryDate,
        remark: input.remark,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: inquiryQuotes.id });
    await tx.insert(inquiryQuoteItems).values(items.map((item) => ({ ...item, quoteId: quote!.id })));
    await recountQuotes(tx, inquiry.id);
    const [supplier] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.rootId, actor.rootId));
    await sendNotice(tx, clock, {
      userId: inquiry.postedBy,
      messageKey: 'notice.inquiryQuoted',
      params: { company: supplier?.name ?? '', name: await inquiryName(tx, inquiry) },
      subject: `inquiry:${inquiry.id}`,
      senderId: actor.userId,
    });
    // The quote reaches the buyer in chat too, replacing this supplier's earlier quote message there.
    await sendInquiryQuoteMessage(tx, clock, {
      fromUserId: actor.userId,
      toUserId: inquiry.postedBy,
      inquiryId: inquiry.id,
      quoteId: quote!.id,
    });
    return { quoteId: quote!.id };
  });
}

/** Quotes as the comparison shows them: items per product, the supplier's place and its distance to the delivery address. */
async function presentQuotes(db: Executor, inquiry: InquiryRow, rows: QuoteRow[]): Promise<TQuote[]> {
  if (rows.length === 0) return [];
  const [items, specs, suppliers] = await Promise.all([
    db
      .select()
      .from(inquiryQuoteItems)
      .where(
        inArray(
          inquiryQuoteItems.quoteId,
          rows.map((r) => r.id),
        ),
      ),
    db.select().from(inquirySpecs).where(eq(inquirySpecs.inquiryId, inquiry.id)).orderBy(asc(inquirySpecs.position)),
    db
      .select({
        rootId: companies.rootId,
        name: companies.name,
        province: companies.province,
        city: companies.city,
        lng: companies.lng,
        lat: companies.lat,
      })
      .from(companies)
      .where(inArray(companies.rootId, [...new Set(rows.map((r) => r.rootId))])),
  ]);
  const supplierOf = new Map(suppliers.map((s) => [s.rootId, s]));
  const position = new Map(specs.map((spec, index) => [spec.id, index]));
  const specOf = new Map(specs.map((spec) => [spec.id, spec]));
  return rows.map((row) => {
    const supplier = supplierOf.get(row.rootId);
    const distance =
      supplier?.lng != null && supplier.lat != null && inquiry.lng != null && inquiry.lat != null
        ? Math.round(
            distanceKm({ lon: supplier.lng, lat: supplier.lat }, { lon: inquiry.lng, lat: inquiry.lat }) * 10,
          ) / 10
        : null;
    return {
      id: row.id,
      inquiryId: row.inquiryId,
      rootId: row.rootId,
      userId: row.userId,
      status: row.status,
      supplierCompanyName: supplier?.name ?? '',
      province: supplier?.province ?? '',
      city: supplier?.city ?? '',
      distanceKm: distance,
      items: items
        .filter((item) => item.quoteId === row.id)
        .sort((a, b) => (position.get(a.specId) ?? 0) - (position.get(b.specId) ?? 0))
        .map((item) => {
          const spec = specOf.get(item.specId);
          return {
            specId: item.specId,
            productName: spec?.productName ?? '',
            specification: spec?.specification ?? '',
            quantityKg: spec?.quantityKg ?? 0,
            unitPriceFen: item.unitPriceFen,
            amountFen: item.amountFen,
          };
        }),
      totalFen: row.totalFen,
      taxIncluded: row.taxIncluded,
      freightIncluded: row.freightIncluded,
      paymentMethod: row.paymentMethod,
      creditDays: row.creditDays,
      deliveryDate: row.deliveryDate,
      remark: row.remark,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * `inquiry/quotes`: for the buyer's company, every company's current quote (live, agreed, lost or
 * ignored) for the side-by-side comparison: those pricing every product cheapest first, then the
 * partial ones, whose lower total compares with nothing (compareQuotesForBuyer); for a supplier, its
 * own company's quotes on the inquiry, newest first (the history); anyone else is refused.
 */
export async function listQuotes({ db, actor, inquiryId }: { db: Database; actor: Actor; inquiryId: number }) {
  const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
  if (!inquiry || inquiry.status === 'deleted') throw notFound();
  if (inquiry.rootId === actor.rootId) {
    const [rows, [specs]] = await Promise.all([
      db
        .select()
        .from(inquiryQuotes)
        .where(and(eq(inquiryQuotes.inquiryId, inquiryId), inArray(inquiryQuotes.status, COUNTED_QUOTES))),
      db.select({ n: count() }).from(inquirySpecs).where(eq(inquirySpecs.inquiryId, inquiryId)),
    ]);
    return (await presentQuotes(db, inquiry, rows)).sort(compareQuotesForBuyer(specs?.n ?? 0));
  }
  const rows = await db
    .select()
    .from(inquiryQuotes)
    .where(and(eq(inquiryQuotes.inquiryId, inquiryId), eq(inquiryQuotes.rootId, actor.rootId)))
    .orderBy(desc(inquiryQuotes.id));
  if (rows.length === 0) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
  return presentQuotes(db, inquiry, rows);
}

/** A quote and its inquiry, both locked: the inquiry first, as every quote path locks it. */
async function lockQuote(tx: Executor, quoteId: number) {
  const [found] = await tx
    .select({ inquiryId: inquiryQuotes.inquiryId })
    .from(inquiryQuotes)
    .where(eq(inquiryQuotes.id, quoteId));
  if (!found) throw notFound();
  const inquiry = await lockInquiry(tx, found.inquiryId);
  const [quote] = await tx.select().from(inquiryQuotes).where(eq(inquiryQuotes.id, quoteId)).for('update');
  return { inquiry, quote: quote! };
}

/**
 * `inquiry/agree` (SPEC action 15): the buyer agrees to one live quote while the inquiry is open or
 * expired. The inquiry becomes cooperated, that quote agreed, and every other live quote lost; each
 * supplier is told. Two agreements at once leave exactly one.
 */
export async function agreeQuote({
  db,
  clock,
  actor,
  quoteId,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  quoteId: number;
}): Promise<{ inquiryId: number; winner: QuoteRow; losers: QuoteRow[] }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { inquiry, quote } = await lockQuote(tx, quoteId);
    if (inquiry.rootId !== actor.rootId) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
    if (inquiry.status !== 'open' && inquiry.status !== 'expired')
      throw new AppError(CodeFlag.conflict, 'quote.inquiryEnded');
    if (quote.status !== 'live') throw new AppError(CodeFlag.conflict, 'quote.notLive');
    const [winner] = await tx
      .update(inquiryQuotes)
      .set({ status: 'agreed', updatedAt: now })
      .where(eq(inquiryQuotes.id, quoteId))
      .returning();
    const losers = await tx
      .update(inquiryQuotes)
      .set({ status: 'lost', updatedAt: now })
      .where(
        and(eq(inquiryQuotes.inquiryId, inquiry.id), eq(inquiryQuotes.status, 'live'), ne(inquiryQuotes.id, quoteId)),
      )
      .returning();
    await tx.update(inquiries).set({ status: 'cooperated', updatedAt: now }).where(eq(inquiries.id, inquiry.id));
    await recountQuotes(tx, inquiry.id);
    const name = await inquiryName(tx, inquiry);
    await sendNotice(tx, clock, {
      userId: winner!.userId,
      messageKey: 'notice.quoteAgreed',
      params: { name },
      subject: `inquiry:${inquiry.id}`,
      senderId: actor.userId,
    });
    for (const loser of losers) {
      await sendNotice(tx, clock, {
        userId: loser.userId,
        messageKey: 'notice.quoteLost',
        params: { name },
        subject: `inquiry:${inquiry.id}`,
      });
    }
    // SPEC action 15: the agreement shows in the winner's chat with the buyer.
    await sendTradeAction(tx, clock, {
      fromUserId: actor.userId,
      toUserId: winner!.userId,
      action: { type: ChatActionType.buyerAgreedInquiryQuote, info: { inquiryId: inquiry.id, quoteId: winner!.id } },
    });
    return { inquiryId: inquiry.id, winner: winner!, losers };
  });
}

/**
 * Sets a live quote aside: the buyer ignores it (SPEC 'buyer ignored'; the supplier may quote again) or
 * its supplier withdraws it (SPEC 'seller gave up'). Each may only act on its own side of the quote, and
 * of the supplier's people only the company's holder of the inquiry (or anyone while nobody holds it).
 */
async function setLiveQuoteAside(
  { db, clock, actor, quoteId }: { db: Database; clock: Clock; actor: Actor; quoteId: number },
  by: 'buyer' | 'supplier',
) {
  await db.transaction(async (tx) => {
    // The supplier's person lets the inquiry go (setHandling): their user row first, as lockInquiryForMember.
    if (by === 'supplier') await lockActingMember(tx, actor);
    const { inquiry, quote } = await lockQuote(tx, quoteId);
    const side = by === 'buyer' ? inquiry.rootId : quote.rootId;
    if (side !== actor.rootId) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
    if (quote.status !== 'live') throw new AppError(CodeFlag.conflict, 'quote.notLive');
    // The company lets the inquiry go; refused, before the quote changes, while a colleague holds it.
    if (by === 'supplier') await setHandling({ db: tx, clock, actor }, { inquiryId: inquiry.id, state: 'gaveUp' });
    await tx
      .update(inquiryQuotes)
      .set({ status: by === 'buyer' ? 'ignored' : 'withdrawn', updatedAt: clock.now() })
      .where(eq(inquiryQuotes.id, quoteId));
    await recountQuotes(tx, inquiry.id);
  });
  return null;
}

type QuoteAction = { db: Database; clock: Clock; actor: Actor; quoteId: number };

/** `inquiry/ignore_quote`: the buyer sets a live quote aside. */
export const ignoreQuote = (input: QuoteAction) => setLiveQuoteAside(input, 'buyer');

/** `inquiry/withdraw_quote`: the supplier gives up its live quote. */
export const withdrawQuote = (input: QuoteAction) => setLiveQuoteAside(input, 'supplier');
