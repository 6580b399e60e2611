import {
  CodeFlag,
  type Language,
  MAX_QUICK_BUY_SUBSCRIPTIONS,
  normalizeQuickBuySpec,
  PAGE_SIZE_DEFAULT,
  type TQuickBuyMatch,
  type TQuickBuyMatchPage,
  type TQuickBuySubscription,
} from '@metal/shared';
import { provinces } from '@metal/shared/regions';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { ofActiveCompany } from '../accounts/accounts.visibility';
import { companies } from '../companies/companies.table';
import { inquiryName, summaries } from '../inquiries/inquiries.service';
import { inquiries, inquirySpecs } from '../inquiries/inquiries.table';
import { sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { presentStockSummaries } from '../stocks/stocks.present';
import { stocks } from '../stocks/stocks.table';
import { quickBuyCursors, quickBuyMatches, quickBuySubscriptions } from './quick-buys.table';

type Source = 'stock' | 'inquiry';

const sortNames = async (db: Executor, ids: number[], lang: Language) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: sorts.id, name: sorts.name, nameEn: sorts.nameEn })
    .from(sorts)
    .where(inArray(sorts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, lang === 'en-US' ? row.nameEn : row.name]));
};

type SubscriptionRow = typeof quickBuySubscriptions.$inferSelect;

async function present(db: Executor, rows: SubscriptionRow[], lang: Language): Promise<TQuickBuySubscription[]> {
  const names = await sortNames(
    db,
    rows.map((row) => row.sortId),
    lang,
  );
  return rows.map((row) => ({
    id: row.id,
    sortId: row.sortId,
    sortName: names.get(row.sortId) ?? '',
    specification: row.specification,
    province: row.province,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** quick_buy_set: the caller's subscriptions, newest first. */
export async function listSubscriptions({ db, actor, lang }: { db: Database; actor: Actor; lang: Language }) {
  const rows = await db
    .select()
    .from(quickBuySubscriptions)
    .where(eq(quickBuySubscriptions.userId, actor.userId))
    .orderBy(desc(quickBuySubscriptions.createdAt), desc(quickBuySubscriptions.id));
  return present(db, rows, lang);
}

/**
 * quick_buy_set_add. The user's subscriptions are counted and compared under a per-user lock, so two
 * adds at once can neither pass the cap together nor both store the same specification.
 */
export async function addSubscription({
  db,
  clock,
  actor,
  lang,
  input,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  input: { sortId?: number | undefined; specification: string; province: string };
}): Promise<TQuickBuySubscription> {
  const { sortId } = input;
  if (sortId === undefined) throw invalid('quickBuy.empty', 'sortId');
  const [sort] = await db.select({ physical: sorts.physical }).from(sorts).where(eq(sorts.id, sortId));
  if (!sort) throw invalid('quickBuy.categoryInvalid', 'sortId');
  // Subscriptions wait for listings and inquiries, and neither names a futures series: one would never match.
  if (!sort.physical) throw invalid('quickBuy.categoryNotPhysical', 'sortId');
  if (input.province && !provinces().some((province) => province.name === input.province)) {
    throw invalid('quickBuy.provinceInvalid', 'province');
  }
  const specKey = normalizeQuickBuySpec(input.specification);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('quick-buys.subscriptions'), ${actor.userId})`);
    const mine = await tx
      .select({ sortId: quickBuySubscriptions.sortId, specKey: quickBuySubscriptions.specKey })
      .from(quickBuySubscriptions)
      .where(eq(quickBuySubscriptions.userId, actor.userId));
    if (mine.some((held) => held.sortId === sortId && held.specKey === specKey)) {
      throw new AppError(CodeFlag.conflict, 'quickBuy.duplicate');
    }
    if (mine.length >= MAX_QUICK_BUY_SUBSCRIPTIONS) {
      throw new AppError(CodeFlag.conflict, 'quickBuy.tooMany', { max: MAX_QUICK_BUY_SUBSCRIPTIONS });
    }
    const [created] = await tx
      .insert(quickBuySubscriptions)
      .values({
        userId: actor.userId,
        sortId,
        specification: input.specification,
        specKey,
        province: input.province,
        createdAt: clock.now(),
      })
      .returning();
    if (!created) throw new Error('quick-buy subscription insert returned nothing');
    return created;
  });
  const [shown] = await present(db, [row], lang);
  if (!shown) throw notFound();
  return shown;
}

/** Ends one of the caller's subscriptions; its matches go with it. */
export async function deleteSubscription({ db, actor, id }: { db: Database; actor: Actor; id: number }) {
  const [row] = await db
    .select({ userId: quickBuySubscriptions.userId })
    .from(quickBuySubscriptions)
    .where(eq(quickBuySubscriptions.id, id));
  if (!row) throw notFound();
  if (row.userId !== actor.userId) throw forbidden();
  await db
    .delete(quickBuySubscriptions)
    .where(and(eq(quickBuySubscriptions.id, id), eq(quickBuySubscriptions.userId, actor.userId)));
  return null;
}

/**
 * An inquiry still taking quotes: open and before its deadline (past it, it is expired whether or not
 * the expiry job has run). The feed shows only these, and subscribers are told only of these.
 */
const inquiryTakesQuotes = (now: Date) => and(eq(inquiries.status, 'open'), gt(inquiries.quoteDeadline, now));

/**
 * Matches whose item can still be bought or quoted on: a listing for sale, an open inquiry before its
 * deadline, of a company not disabled (whose items the lists and the hall hide).
 */
const stillLive = (now: Date) =>
  or(
    and(eq(stocks.status, 'sale'), ofActiveCompany(stocks.rootId)),
    and(inquiryTakesQuotes(now), ofActiveCompany(inquiries.rootId)),
  ) as SQL;

const feedFrom = (db: Executor) =>
  db
    .select({
      id: quickBuyMatches.id,
      subscriptionId: quickBuyMatches.subscriptionId,
      stockId: quickBuyMatches.stockId,
      inquiryId: quickBuyMatches.inquiryId,
      matchedAt: quickBuyMatches.matchedAt,
      readAt: quickBuyMatches.readAt,
    })
    .from(quickBuyMatches)
    .leftJoin(stocks, eq(stocks.id, quickBuyMatches.stockId))
    .leftJoin(inquiries, eq(inquiries.id, quickBuyMatches.inquiryId));

async function unreadCount(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(quickBuyMatches)
    .leftJoin(stocks, eq(stocks.id, quickBuyMatches.stockId))
    .leftJoin(inquiries, eq(inquiries.id, quickBuyMatches.inquiryId))
    .where(and(eq(quickBuyMatches.userId, userId), isNull(quickBuyMatches.readAt), stillLive(now)));
  return row?.n ?? 0;
}

/** quick_buy: the caller's matches newest first, with each item as its own list shows it. */
export async function matchFeed({
  db,
  clock,
  actor,
  lang,
  links,
  input,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  links: Pick<FileLinks, 'publicUrl'>;
  input: { page?: number | undefined; pageSize?: number | undefined };
}): Promise<TQuickBuyMatchPage> {
  const now = clock.now();
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const rows = await feedFrom(db)
    .where(and(eq(quickBuyMatches.userId, actor.userId), stillLive(now)))
    .orderBy(desc(quickBuyMatches.matchedAt), desc(quickBuyMatches.id))
    .limit(size + 1)
    .offset((number - 1) * size);
  const shown = rows.slice(0, size);
  const stockIds = shown.flatMap((row) => (row.stockId === null ? [] : [row.stockId]));
  const inquiryIds = shown.flatMap((row) => (row.inquiryId === null ? [] : [row.inquiryId]));
  const subscriptionIds = [...new Set(shown.map((row) => row.subscriptionId))];
  const [stockRows, inquiryRows, subscriptionRows, [held]] = await Promise.all([
    stockIds.length ? db.select().from(stocks).where(inArray(stocks.id, stockIds)) : [],
    inquiryIds.length ? db.select().from(inquiries).where(inArray(inquiries.id, inquiryIds)) : [],
    subscriptionIds.length
      ? db.select().from(quickBuySubscriptions).where(inArray(quickBuySubscriptions.id, subscriptionIds))
      : [],
    db.select({ n: count() }).from(quickBuySubscriptions).where(eq(quickBuySubscriptions.userId, actor.userId)),
  ]);
  const [stockCards, inquiryCards, subscriptionCards] = await Promise.all([
    presentStockSummaries({ db, rows: stockRows, lang, today: clock.today(), point: null, links }),
    summaries({ db, lang, actor }, { rows: inquiryRows, now }),
    present(db, subscriptionRows, lang),
  ]);
  const stockOf = new Map(stockCards.map((card) => [card.id, card]));
  const inquiryOf = new Map(inquiryCards.map((card) => [card.id, card]));
  const subscriptionOf = new Map(subscriptionCards.map((card) => [card.id, card]));
  const list = shown.map((row): TQuickBuyMatch => {
    const subscription = subscriptionOf.get(row.subscriptionId);
    return {
      id: row.id,
      kind: row.stockId === null ? 'inquiry' : 'stock',
      itemId: row.stockId ?? row.inquiryId ?? 0,
      matchedAt: row.matchedAt.toISOString(),
      read: row.readAt !== null,
      subscription: {
        sortName: subscription?.sortName ?? '',
        specification: subscription?.specification ?? '',
        province: subscription?.province ?? '',
      },
      stock: row.stockId === null ? null : (stockOf.get(row.stockId) ?? null),
      inquiry: row.inquiryId === null ? null : (inquiryOf.get(row.inquiryId) ?? null),
    };
  });
  return {
    list,
    page: number,
    hasMore: rows.length > size,
    unread: await unreadCount(db, actor.userId, now),
    subscriptions: held?.n ?? 0,
  };
}

/** Marks the caller's matches seen (the ids given, or all); an id of someone else's refuses the lot. */
export async function markMatchesRead({
  db,
  clock,
  actor,
  ids,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  ids: number[];
}) {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const owned = await db
      .select({ id: quickBuyMatches.id, userId: quickBuyMatches.userId })
      .from(quickBuyMatches)
      .where(inArray(quickBuyMatches.id, wanted));
    if (owned.some((row) => row.userId !== actor.userId)) throw forbidden();
    if (owned.length < wanted.length) throw notFound();
  }
  await db
    .update(quickBuyMatches)
    .set({ readAt: clock.now() })
    .where(
      and(
        eq(quickBuyMatches.userId, actor.userId),
        isNull(quickBuyMatches.readAt),
        wanted.length > 0 ? inArray(quickBuyMatches.id, wanted) : undefined,
      ),
    );
  return { unread: await unreadCount(db, actor.userId, clock.now()) };
}

/**
 * How far back each run reads again: an item's publishedAt is stamped inside the transaction that puts
 * it on sale or opens it, so one committed a moment after a run may carry a time before that run's
 * cursor. Reading it again costs nothing more: the unique (user, item) match keeps it to one notice.
 */
const OVERLAP_MS = 5 * 60_000;
const BATCH = 200;

/** The text a specification is looked for in, normalized as normalizeQuickBuySpec does. */
const normalizedSql = (text: SQL) => sql`lower(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'))`;

const specMatches = (haystack: SQL) =>
  or(
    eq(quickBuySubscriptions.specKey, ''),
    sql`strpos(${normalizedSql(haystack)}, ${quickBuySubscriptions.specKey}) > 0`,
  );
const provinceMatches = (province: typeof stocks.province | typeof inquiries.province) =>
  or(eq(quickBuySubscriptions.province, ''), eq(quickBuySubscriptions.province, province));

type Candidate = { userId: number; subscriptionId: number; itemId: number };

/** Who is to hear of these listings: matching subscriptions of people outside the seller's company. */
function stockCandidates(db: Executor, ids: number[]): Promise<Candidate[]> {
  return db
    .select({ userId: quickBuySubscriptions.userId, subscriptionId: quickBuySubscriptions.id, itemId: stocks.id })
    .from(stocks)
    .innerJoin(quickBuySubscriptions, eq(quickBuySubscriptions.sortId, stocks.sortId))
    .innerJoin(users, eq(users.id, quickBuySubscriptions.userId))
    .where(
      and(
        inArray(stocks.id, ids),
        eq(stocks.status, 'sale'),
        ofActiveCompany(stocks.rootId),
        sql`${stocks.publishedAt} >= ${quickBuySubscriptions.createdAt}`,
        ne(users.rootId, stocks.rootId),
        provinceMatches(stocks.province),
        specMatches(sql`${stocks.productName} || ' ' || ${stocks.specifications}`),
      ),
    )
    .orderBy(asc(quickBuySubscriptions.id));
}

/**
 * Who is to hear of these inquiries: a product of theirs matches, and the subscriber is not of the
 * buyer's company. Only inquiries still taking quotes at `now`, as the feed shows them.
 */
function inquiryCandidates(db: Executor, ids: number[], now: Date): Promise<Candidate[]> {
  return db
    .selectDistinct({
      userId: quickBuySubscriptions.userId,
      subscriptionId: quickBuySubscriptions.id,
      itemId: inquiries.id,
    })
    .from(inquiries)
    .innerJoin(quickBuySubscriptions, eq(quickBuySubscriptions.sortId, inquiries.sortId))
    .innerJoin(users, eq(users.id, quickBuySubscriptions.userId))
    .innerJoin(inquirySpecs, eq(inquirySpecs.inquiryId, inquiries.id))
    .where(
      and(
        inArray(inquiries.id, ids),
        inquiryTakesQuotes(now),
        eq(inquiries.visibility, 'public'),
        ofActiveCompany(inquiries.rootId),
        sql`${inquiries.publishedAt} >= ${quickBuySubscriptions.createdAt}`,
        ne(users.rootId, inquiries.rootId),
        provinceMatches(inquiries.province),
        specMatches(sql`${inquirySpecs.productName} || ' ' || ${inquirySpecs.specification}`),
      ),
    )
    .orderBy(asc(quickBuySubscriptions.id));
}

const subscriptionLabel = (sortName: string, specification: string) =>
  [sortName, specification].filter(Boolean).join(' ');

async function companyName(db: Executor, rootId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.rootId, rootId));
  return row?.name ?? '';
}

/** What a notice says of an item: its name and the company offering or asking. */
async function itemText(db: Executor, source: Source, itemId: number) {
  if (source === 'stock') {
    const [stock] = await db.select().from(stocks).where(eq(stocks.id, itemId));
    if (!stock) return { name: '', company: '' };
    const sortName = (await sortNames(db, [stock.sortId], 'zh-CN')).get(stock.sortId) ?? '';
    const name = [stock.productName || sortName, stock.specifications].filter(Boolean).join(' ');
    return { name, company: await companyName(db, stock.rootId) };
  }
  const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.id, itemId));
  if (!inquiry) return { name: '', company: '' };
  return { name: await inquiryName(db, inquiry), company: await companyName(db, inquiry.rootId) };
}

/**
 * Records the matches of a batch of items and tells each new subscriber, in one transaction: a match
 * another run already recorded is skipped by the unique (user, item) index, so it is told once.
 */
async function recordMatches(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  { source, ids }: { source: Source; ids: number[] },
) {
  const now = clock.now();
  const found = await (source === 'stock' ? stockCandidates(db, ids) : inquiryCandidates(db, ids, now));
  // One match per user and item: the user's oldest subscription that matched it names it.
  const firstOf = new Map<string, Candidate>();
  for (const candidate of found) {
    const key = `${candidate.userId}:${candidate.itemId}`;
    if (!firstOf.has(key)) firstOf.set(key, candidate);
  }
  if (firstOf.size === 0) return 0;
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(quickBuyMatches)
      .values(
        [...firstOf.values()].map((candidate) => ({
          userId: candidate.userId,
          subscriptionId: candidate.subscriptionId,
          stockId: source === 'stock' ? candidate.itemId : null,
          inquiryId: source === 'inquiry' ? candidate.itemId : null,
          matchedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({
        userId: quickBuyMatches.userId,
        subscriptionId: quickBuyMatches.subscriptionId,
        itemId: sql<number>`coalesce(${quickBuyMatches.stockId}, ${quickBuyMatches.inquiryId})`.mapWith(Number),
      });
    if (created.length === 0) return 0;
    const subscriptionRows = await tx
      .select()
      .from(quickBuySubscriptions)
      .where(inArray(quickBuySubscriptions.id, [...new Set(created.map((match) => match.subscriptionId))]));
    const subscriptionOf = new Map(subscriptionRows.map((row) => [row.id, row]));
    const names = await sortNames(
      tx,
      subscriptionRows.map((row) => row.sortId),
      'zh-CN',
    );
    const texts = new Map<number, { name: string; company: string }>();
    for (const match of created) {
      const text = texts.get(match.itemId) ?? (await itemText(tx, source, match.itemId));
      texts.set(match.itemId, text);
      const subscription = subscriptionOf.get(match.subscriptionId);
      await sendNotice(tx, clock, {
        userId: match.userId,
        messageKey: source === 'stock' ? 'notice.quickBuyStock' : 'notice.quickBuyInquiry',
        params: {
          subscription: subscriptionLabel(
            names.get(subscription?.sortId ?? 0) ?? '',
            subscription?.specification ?? '',
          ),
          ...text,
        },
        subject: `${source}:${match.itemId}`,
      });
    }
    return created.length;
  });
}

/** Items of a source that became visible after `from` (by publishedAt, then id), a batch at a time. */
function newItems(db: Executor, source: Source, from: Date, fromId: number, until: Date) {
  if (source === 'stock') {
    return db
      .select({ id: stocks.id, publishedAt: stocks.publishedAt })
      .from(stocks)
      .where(
        and(
          eq(stocks.status, 'sale'),
          lte(stocks.publishedAt, until),
          sql`(${stocks.publishedAt}, ${stocks.id}) > (${from.toISOString()}::timestamptz, ${fromId})`,
        ),
      )
      .orderBy(asc(stocks.publishedAt), asc(stocks.id))
      .limit(BATCH);
  }
  return db
    .select({ id: inquiries.id, publishedAt: inquiries.publishedAt })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.status, 'open'),
        eq(inquiries.visibility, 'public'),
        lte(inquiries.publishedAt, until),
        sql`(${inquiries.publishedAt}, ${inquiries.id}) > (${from.toISOString()}::timestamptz, ${fromId})`,
      ),
    )
    .orderBy(asc(inquiries.publishedAt), asc(inquiries.id))
    .limit(BATCH);
}

async function matchSource(db: Database, clock: Clock, source: Source) {
  const now = clock.now();
  const [cursor] = await db.select().from(quickBuyCursors).where(eq(quickBuyCursors.source, source));
  const [oldest] = await db.select({ at: min(quickBuySubscriptions.createdAt) }).from(quickBuySubscriptions);
  let told = 0;
  let reached = cursor?.publishedAt ?? now;
  if (oldest?.at) {
    // Nothing published before the oldest subscription can match (a subscription hears of what is new).
    const since = cursor ? new Date(cursor.publishedAt.getTime() - OVERLAP_MS) : oldest.at;
    let from = since > oldest.at ? since : oldest.at;
    let fromId = 0;
    for (;;) {
      const batch = await newItems(db, source, from, fromId, now);
      const last = batch.at(-1);
      if (!last?.publishedAt) break;
      told += await recordMatches({ db, clock }, { source, ids: batch.map((item) => item.id) });
      from = last.publishedAt;
      fromId = last.id;
      if (last.publishedAt > reached) reached = last.publishedAt;
      if (batch.length < BATCH) break;
    }
  }
  await db
    .insert(quickBuyCursors)
    .values({ source, publishedAt: reached })
    .onConflictDoUpdate({
      target: quickBuyCursors.source,
      set: { publishedAt: sql`greatest(${quickBuyCursors.publishedAt}, excluded.published_at)` },
    });
  return told;
}

/**
 * The quick-buy job's work: listings that went on sale and public inquiries that opened since the last
 * run are matched against every subscription, and each subscriber is told of each item once.
 */
export async function matchNewItems({ db, clock }: { db: Database; clock: Clock }) {
  return { stock: await matchSource(db, clock, 'stock'), inquiry: await matchSource(db, clock, 'inquiry') };
}
