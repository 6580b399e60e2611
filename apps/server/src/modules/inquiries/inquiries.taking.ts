import { CodeFlag, type Language, PAGE_SIZE_DEFAULT, type TInquiryTakingPage } from '@metal/shared';
import { and, asc, desc, eq, exists, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { requireCompanyInfo } from '../companies/companies.policy';
import { companyLicences } from '../companies/companies.table';
import { lockActingMember } from '../staff/staff.access';
import { requireRealNameVerified } from '../verification/verification.policy';
import { setHandling } from './inquiries.handling';
import { summaries } from './inquiries.service';
import { inquiries, inquiryDesignations, inquiryDispatches, inquiryHandlings, inquiryQuotes } from './inquiries.table';

type InquiryRow = typeof inquiries.$inferSelect;

/** SPEC §6: quoting (and taking an order to quote) needs approved company info (complete, with an approved licence: codeFlag 7) and a verified person (8). */
export async function requireQuoter(db: Executor, actor: Actor) {
  await requireCompanyInfo(db, actor.rootId);
  const [licence] = await db
    .select({ id: companyLicences.id })
    .from(companyLicences)
    .where(and(eq(companyLicences.rootId, actor.rootId), eq(companyLicences.status, 'approved')))
    .limit(1);
  if (!licence) throw new AppError(CodeFlag.companyInfoIncomplete, 'quote.licenceRequired');
  await requireRealNameVerified(db, actor);
}

/**
 * The inquiry's row locked (`for update`, as closing and reviewing it lock it too), so quotes, taking,
 * agreement, closing and the dispatch escalation on it happen one at a time; undefined when there is none.
 */
export async function lockedInquiry(tx: Executor, id: number): Promise<InquiryRow | undefined> {
  const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
  return row;
}

/** The inquiry, locked (lockedInquiry); a deleted one, or none, is not found. */
export async function lockInquiry(tx: Executor, id: number): Promise<InquiryRow> {
  const row = await lockedInquiry(tx, id);
  if (!row || row.status === 'deleted') throw notFound();
  return row;
}

/**
 * For what a supplier's person does on an inquiry for the company (grab, ignore, quote): their user row
 * held first (lockActingMember, refused once disabled or removed), then the inquiry locked (lockInquiry).
 * A staff hand-over takes the leaver's row before the inquiries it moves, so the two orders agree and
 * neither waits for the other in a circle.
 */
export async function lockInquiryForMember(tx: Executor, actor: Actor, id: number): Promise<InquiryRow> {
  await lockActingMember(tx, actor);
  return lockInquiry(tx, id);
}

/**
 * Locks, in id order, every inquiry a person's work for the company is on: those they hold (grabbed or
 * quoted), have a live quote on, or are the dispatch assignee of. A staff hand-over takes them before it
 * moves any of that work, as each call on an inquiry (a quote, its acceptance, an assignment, the
 * escalation job) takes the inquiry's lock before its rows: either runs wholly before the other. In id
 * order, so that transactions locking several of them never wait for each other in a circle.
 */
export async function lockInquiriesOfMember(tx: Executor, { rootId, userId }: { rootId: number; userId: number }) {
  const held = tx
    .select({ id: inquiryHandlings.inquiryId })
    .from(inquiryHandlings)
    .where(
      and(
        eq(inquiryHandlings.rootId, rootId),
        eq(inquiryHandlings.userId, userId),
        inArray(inquiryHandlings.state, ['grabbed', 'quoted']),
      ),
    );
  const quoted = tx
    .select({ id: inquiryQuotes.inquiryId })
    .from(inquiryQuotes)
    .where(and(eq(inquiryQuotes.rootId, rootId), eq(inquiryQuotes.userId, userId), eq(inquiryQuotes.status, 'live')));
  const assigned = tx
    .select({ id: inquiryDispatches.inquiryId })
    .from(inquiryDispatches)
    .where(and(eq(inquiryDispatches.rootId, rootId), eq(inquiryDispatches.assigneeId, userId)));
  await tx
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(or(inArray(inquiries.id, held), inArray(inquiries.id, quoted), inArray(inquiries.id, assigned)))
    .orderBy(asc(inquiries.id))
    .for('update');
}

async function isDesignated(tx: Executor, inquiryId: number, rootId: number) {
  const [named] = await tx
    .select({ rootId: inquiryDesignations.rootId })
    .from(inquiryDesignations)
    .where(and(eq(inquiryDesignations.inquiryId, inquiryId), eq(inquiryDesignations.rootId, rootId)));
  return Boolean(named);
}

/**
 * What a supplier may act on (quote, grab, ignore): another company's inquiry it can see (a designated
 * one only if named: codeFlag 3), open and before its deadline (codeFlag 5 otherwise).
 */
export async function requireTakeable(
  { db: tx, actor }: ContextOf<'db' | 'actor'>,
  { inquiry, now }: { inquiry: InquiryRow; now: Date },
) {
  if (inquiry.rootId === actor.rootId) throw new AppError(CodeFlag.forbidden, 'quote.ownInquiry');
  if (inquiry.status === 'review' || inquiry.status === 'rejected') throw notFound();
  if (inquiry.visibility === 'designated' && !(await isDesignated(tx, inquiry.id, actor.rootId)))
    throw new AppError(CodeFlag.forbidden, 'quote.notDesignated');
  if (inquiry.status !== 'open' || inquiry.quoteDeadline.getTime() <= now.getTime())
    throw new AppError(CodeFlag.conflict, 'quote.inquiryEnded');
}

async function companyHasLiveQuote(tx: Executor, inquiryId: number, rootId: number) {
  const [live] = await tx
    .select({ id: inquiryQuotes.id })
    .from(inquiryQuotes)
    .where(
      and(eq(inquiryQuotes.inquiryId, inquiryId), eq(inquiryQuotes.rootId, rootId), eq(inquiryQuotes.status, 'live')),
    )
    .limit(1);
  return Boolean(live);
}

type TakingAction = { db: Database; clock: Clock; actor: Actor; id: number };

/**
 * `inquiry/grab` (SPEC order-taking 'grab'): the actor takes the inquiry for the company, to quote on
 * it; while the company's quote is live there is nothing to take. Two colleagues grabbing at once:
 * the inquiry lock lets one through, the other hears that a colleague holds it.
 */
export async function grabInquiry({ db, clock, actor, id }: TakingAction) {
  await requireQuoter(db, actor);
  await db.transaction(async (tx) => {
    const inquiry = await lockInquiryForMember(tx, actor, id);
    await requireTakeable({ db: tx, actor }, { inquiry, now: clock.now() });
    if (await companyHasLiveQuote(tx, inquiry.id, actor.rootId)) {
      await setHandling({ db: tx, clock, actor }, { inquiryId: inquiry.id, state: 'quoted' });
      return;
    }
    await setHandling({ db: tx, clock, actor }, { inquiryId: inquiry.id, state: 'grabbed' });
  });
}

/**
 * `inquiry/ignore` (SPEC 'seller ignored'): the company passes on an open inquiry. Its live quote would
 * still stand before the buyer, so that must be withdrawn first.
 */
export async function ignoreInquiry({ db, clock, actor, id }: TakingAction) {
  await db.transaction(async (tx) => {
    const inquiry = await lockInquiryForMember(tx, actor, id);
    await requireTakeable({ db: tx, actor }, { inquiry, now: clock.now() });
    if (await companyHasLiveQuote(tx, inquiry.id, actor.rootId))
      throw new AppError(CodeFlag.conflict, 'inquiry.withdrawFirst');
    await setHandling({ db: tx, clock, actor }, { inquiryId: inquiry.id, state: 'ignored' });
  });
}

/** `inquiry/taking`: the caller's order-taking list by tab, each inquiry with where it stands for the caller. */
export async function takingList({
  db,
  clock,
  actor,
  input,
  lang,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  input: { page?: number | undefined; pageSize?: number | undefined; tab: 'todo' | 'quoted' | 'passed' };
  lang: Language;
}): Promise<TInquiryTakingPage> {
  const now = clock.now();
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const handled = and(eq(inquiryHandlings.inquiryId, inquiries.id), eq(inquiryHandlings.rootId, actor.rootId));
  const mine = eq(inquiryHandlings.userId, actor.userId);
  const base = db.select({ inquiry: inquiries }).from(inquiries).leftJoin(inquiryHandlings, handled).$dynamic();
  const notDeleted = ne(inquiries.status, 'deleted');
  const query =
    input.tab === 'todo'
      ? base
          .where(
            and(
              eq(inquiries.status, 'open'),
              gt(inquiries.quoteDeadline, now),
              or(
                and(
                  isNull(inquiryHandlings.inquiryId),
                  exists(
                    db
                      .select({ rootId: inquiryDesignations.rootId })
                      .from(inquiryDesignations)
                      .where(
                        and(
                          eq(inquiryDesignations.inquiryId, inquiries.id),
                          eq(inquiryDesignations.rootId, actor.rootId),
                        ),
                      ),
                  ),
                ),
                and(mine, eq(inquiryHandlings.state, 'grabbed')),
              ),
            ),
          )
          .orderBy(asc(inquiries.quoteDeadline), asc(inquiries.id))
      : base
          .where(
            and(
              notDeleted,
              mine,
              inArray(inquiryHandlings.state, input.tab === 'quoted' ? ['quoted'] : ['gaveUp', 'ignored']),
            ),
          )
          .orderBy(desc(inquiryHandlings.updatedAt), desc(inquiries.id));
  const rows = (await query.limit(size + 1).offset((number - 1) * size)).map((r) => r.inquiry);
  const shown = rows.slice(0, size);
  const list = await summaries({ db, lang, actor }, { rows: shown, now });
  return {
    list: list.map((summary) => ({ ...summary, supplierState: summary.supplierState ?? 'open' })),
    page: number,
    hasMore: rows.length > size,
  };
}
