import {
  CodeFlag,
  type InquiryHandlingState,
  type QuoteStatus,
  type SupplierInquiryState,
  type TInquiryDetail,
} from '@metal/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { ContextOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { requireRoutedTo } from './inquiries.routing';
import { type inquiries, inquiryDesignations, inquiryHandlings, inquiryQuotes } from './inquiries.table';

type InquiryRow = typeof inquiries.$inferSelect;
type HandlingRow = typeof inquiryHandlings.$inferSelect;

/** A company's current quote in any state but withdrawn or replaced: what the buyer compares and the inquiry counts. */
export const COUNTED_QUOTES: QuoteStatus[] = ['live', 'agreed', 'lost', 'ignored'];

/** Grabbed or quoted: the holder handles the inquiry for the company and colleagues keep off it. */
const holds = (handling: Pick<HandlingRow, 'state'> | undefined) =>
  handling?.state === 'grabbed' || handling?.state === 'quoted';

/**
 * Makes the actor the company's holder of the inquiry in `state`, or records that it let the inquiry
 * go. Refused (codeFlag 5) while a colleague holds it. The caller holds the actor's user row and the
 * inquiry's lock (lockInquiryForMember), so two colleagues acting at once are decided one after the
 * other, and an employee being disabled or removed meanwhile either waits for this or is refused.
 */
export async function setHandling(
  { db, clock, actor }: ContextOf<'db' | 'clock' | 'actor'>,
  { inquiryId, state }: { inquiryId: number; state: InquiryHandlingState },
) {
  const [current] = await db
    .select()
    .from(inquiryHandlings)
    .where(and(eq(inquiryHandlings.inquiryId, inquiryId), eq(inquiryHandlings.rootId, actor.rootId)));
  if (current && current.userId !== actor.userId && holds(current))
    throw new AppError(CodeFlag.conflict, 'inquiry.colleagueHolds');
  const alreadyHolds = current?.userId === actor.userId && holds(current);
  if (holds({ state }) && !alreadyHolds) await requireRoutedTo(db, actor, inquiryId);
  const values = { userId: actor.userId, state, updatedAt: clock.now() };
  await db
    .insert(inquiryHandlings)
    .values({ inquiryId, rootId: actor.rootId, ...values })
    .onConflictDoUpdate({ target: [inquiryHandlings.inquiryId, inquiryHandlings.rootId], set: values });
}

function stateOf(
  inquiry: InquiryRow,
  now: Date,
  actor: Actor,
  handling: HandlingRow | undefined,
  quote: { status: QuoteStatus; userId: number } | undefined,
): { state: SupplierInquiryState; handlerId: number | null } {
  if (quote?.status === 'agreed')
    return quote.userId === actor.userId
      ? { state: 'agreed', handlerId: null }
      : { state: 'colleagueCooperated', handlerId: quote.userId };
  if (inquiry.status === 'cooperated') return { state: 'cooperatedOther', handlerId: null };
  if (handling && handling.userId !== actor.userId && holds(handling))
    return { state: handling.state === 'grabbed' ? 'colleagueTook' : 'colleagueQuoted', handlerId: handling.userId };
  if (quote?.status === 'ignored') return { state: 'buyerIgnored', handlerId: null };
  if (quote?.status === 'live') return { state: 'quoted', handlerId: null };
  if (handling?.state === 'gaveUp') return { state: 'gaveUp', handlerId: null };
  if (handling?.state === 'ignored') return { state: 'sellerIgnored', handlerId: null };
  const open = inquiry.status === 'open' && inquiry.quoteDeadline.getTime() > now.getTime();
  if (!open) return { state: 'ended', handlerId: null };
  return { state: handling?.state === 'grabbed' ? 'grabbed' : 'open', handlerId: null };
}

/**
 * Where each inquiry stands for a person of a supplier company (SPEC §4 from the seller's side),
 * from the company's handling of it and its latest counted quote; with the colleague's name when a
 * colleague holds it or won it.
 */
export async function supplierStates(
  { db, actor }: ContextOf<'db' | 'actor'>,
  { rows, now }: { rows: InquiryRow[]; now: Date },
): Promise<Map<number, { state: SupplierInquiryState; handlerName: string }>> {
  const result = new Map<number, { state: SupplierInquiryState; handlerName: string }>();
  if (rows.length === 0) return result;
  const ids = rows.map((row) => row.id);
  const [handlings, quotes] = await Promise.all([
    db
      .select()
      .from(inquiryHandlings)
      .where(and(inArray(inquiryHandlings.inquiryId, ids), eq(inquiryHandlings.rootId, actor.rootId))),
    db
      .select({ inquiryId: inquiryQuotes.inquiryId, status: inquiryQuotes.status, userId: inquiryQuotes.userId })
      .from(inquiryQuotes)
      .where(
        and(
          inArray(inquiryQuotes.inquiryId, ids),
          eq(inquiryQuotes.rootId, actor.rootId),
          inArray(inquiryQuotes.status, COUNTED_QUOTES),
        ),
      )
      .orderBy(desc(inquiryQuotes.id)),
  ]);
  const handlingOf = new Map(handlings.map((h) => [h.inquiryId, h]));
  const quoteOf = new Map<number, (typeof quotes)[number]>();
  for (const quote of quotes) if (!quoteOf.has(quote.inquiryId)) quoteOf.set(quote.inquiryId, quote);
  const states = rows.map((row) => ({
    id: row.id,
    ...stateOf(row, now, actor, handlingOf.get(row.id), quoteOf.get(row.id)),
  }));
  const handlerIds = [...new Set(states.flatMap((s) => (s.handlerId === null ? [] : [s.handlerId])))];
  const names =
    handlerIds.length === 0
      ? []
      : await db.select({ id: users.id, name: users.nickName }).from(users).where(inArray(users.id, handlerIds));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  for (const s of states)
    result.set(s.id, { state: s.state, handlerName: s.handlerId === null ? '' : (nameOf.get(s.handlerId) ?? '') });
  return result;
}

/** The buyer's view of the suppliers it designated: each company's name and how it answered. */
export async function designatedSuppliers(
  db: Executor,
  inquiryId: number,
): Promise<TInquiryDetail['designatedSuppliers']> {
  const rows = await db
    .select({ rootId: inquiryDesignations.rootId, companyName: companies.name, state: inquiryHandlings.state })
    .from(inquiryDesignations)
    .innerJoin(companies, eq(companies.rootId, inquiryDesignations.rootId))
    .leftJoin(
      inquiryHandlings,
      and(
        eq(inquiryHandlings.inquiryId, inquiryDesignations.inquiryId),
        eq(inquiryHandlings.rootId, inquiryDesignations.rootId),
      ),
    )
    .where(eq(inquiryDesignations.inquiryId, inquiryId))
    .orderBy(companies.name);
  return rows.map((row) => ({ rootId: row.rootId, companyName: row.companyName, state: row.state ?? 'waiting' }));
}
