import {
  addDays,
  type ChartPeriod,
  CodeFlag,
  DEFAULT_GROUP_ID,
  DEFAULT_MARKET_SORT_IDS,
  formatCents,
  formatShanghaiDateTime,
  type Language,
  MAX_MARKET_GROUPS,
  type TMarketGroup,
  type TMarketPriceRow,
  type TSort,
  translate,
} from '@metal/shared';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { ownedRow } from '../../platform/ownership';
import { keptAnswer, type LatestQuotesCache, type LatestRow, presentedRows } from './markets.latest';
import { marketGroupOwnership } from './markets.policy';
import { marketGroupSorts, marketGroups, markets, priceRows, series, sorts } from './markets.table';

type SortRow = typeof sorts.$inferSelect;

const unitLabel = (unit: SortRow['unit'], lang: Language) =>
  unit === 'USD/t' ? (lang === 'zh-CN' ? '美元/吨' : 'USD/t') : lang === 'zh-CN' ? '元/吨' : 'yuan/t';

const presentSort = (sort: SortRow, lang: Language): TSort => ({
  id: sort.id,
  sortName: lang === 'zh-CN' ? sort.name : sort.nameEn,
  sortUnit: unitLabel(sort.unit, lang),
  metal: sort.metal,
  physical: sort.physical,
});

/** Sorts by id, in the order asked, leaving out ids that do not exist. */
async function sortsInOrder(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(sorts).where(inArray(sorts.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function defaultGroup(sortList: SortRow[], lang: Language): TMarketGroup {
  return {
    id: DEFAULT_GROUP_ID,
    name: translate('markets.group.defaultName', lang),
    marketSortIds: sortList.map((s) => s.id),
    sortList: sortList.map((s) => presentSort(s, lang)),
  };
}

/** The user's groups in order, with their sorts in order. */
async function userGroups(db: Executor, userId: number, lang: Language): Promise<TMarketGroup[]> {
  const groups = await db
    .select()
    .from(marketGroups)
    .where(eq(marketGroups.userId, userId))
    .orderBy(asc(marketGroups.position), asc(marketGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: marketGroupSorts.groupId, sort: sorts })
    .from(marketGroupSorts)
    .innerJoin(sorts, eq(sorts.id, marketGroupSorts.sortId))
    .where(
      inArray(
        marketGroupSorts.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(marketGroupSorts.position));
  return groups.map((group) => {
    const list = members.filter((m) => m.groupId === group.id).map((m) => m.sort);
    return {
      id: group.id,
      name: group.name ?? translate('markets.group.defaultName', lang),
      marketSortIds: list.map((s) => s.id),
      sortList: list.map((s) => presentSort(s, lang)),
    };
  });
}

/** A visitor's groups, and a user's who never edited theirs: the default 'my quotes'. */
export async function listGroups({ db, actor, lang }: ServiceContext) {
  const own = actor.userId > 0 ? await userGroups(db, actor.userId, lang) : [];
  return own.length > 0 ? own : [defaultGroup(await sortsInOrder(db, [...DEFAULT_MARKET_SORT_IDS]), lang)];
}

export async function listSorts({ db, lang }: ServiceContext) {
  const [sortRows, seriesRows] = await Promise.all([
    db.select().from(sorts).orderBy(asc(sorts.sortOrder)),
    db
      .select({ id: series.id, sortId: series.sortId, name: series.name, nameEn: series.nameEn, market: markets })
      .from(series)
      .innerJoin(markets, eq(markets.id, series.marketId))
      .orderBy(asc(markets.sortOrder)),
  ]);
  return sortRows.map((sort) => ({
    ...presentSort(sort, lang),
    series: seriesRows
      .filter((s) => s.sortId === sort.id)
      .map((s) => ({
        id: s.id,
        name: lang === 'zh-CN' ? s.name : s.nameEn,
        marketName: lang === 'zh-CN' ? s.market.name : s.market.nameEn,
      })),
  }));
}

/** Checks a sort list (every id must exist) and drops repeats, keeping the first place of each. */
async function validSortIds(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await sortsInOrder(db, unique);
  if (found.length !== unique.length)
    throw new AppError(
      CodeFlag.invalidInput,
      'markets.group.sorts',
      {},
      { errors: { sortIds: 'markets.group.sorts' } },
    );
  return unique;
}

async function setGroupSorts(tx: Executor, groupId: number, sortIds: number[]) {
  await tx.delete(marketGroupSorts).where(eq(marketGroupSorts.groupId, groupId));
  if (sortIds.length > 0)
    await tx.insert(marketGroupSorts).values(sortIds.map((sortId, position) => ({ groupId, sortId, position })));
}

const nameTaken = () =>
  new AppError(CodeFlag.conflict, 'markets.group.nameTaken', {}, { errors: { name: 'markets.group.nameTaken' } });

async function insertGroup(tx: Executor, userId: number, name: string | null, sortIds: number[]) {
  const existing = await tx
    .select({ id: marketGroups.id, name: marketGroups.name, position: marketGroups.position })
    .from(marketGroups)
    .where(eq(marketGroups.userId, userId));
  if (existing.length >= MAX_MARKET_GROUPS) throw new AppError(CodeFlag.conflict, 'markets.group.tooMany');
  if (name !== null && existing.some((g) => g.name === name)) throw nameTaken();
  const position = existing.reduce((max, g) => Math.max(max, g.position + 1), 0);
  const [group] = await tx.insert(marketGroups).values({ userId, name, position }).returning();
  if (!group) throw new Error('group not created');
  await setGroupSorts(tx, group.id, sortIds);
  return group.id;
}

/**
 * A user's first edit keeps their 'my quotes': the default group becomes their own before the edit,
 * so creating another group never makes the default disappear.
 */
async function keepDefaultGroup(tx: Executor, userId: number) {
  const [any] = await tx
    .select({ id: marketGroups.id })
    .from(marketGroups)
    .where(eq(marketGroups.userId, userId))
    .limit(1);
  if (any) return undefined;
  return insertGroup(tx, userId, null, [...DEFAULT_MARKET_SORT_IDS]);
}

async function groupOf(
  { db, lang }: ContextOf<'db' | 'lang'>,
  { userId, groupId }: { userId: number; groupId: number },
) {
  const group = (await userGroups(db, userId, lang)).find((g) => g.id === groupId);
  if (!group) throw notFound();
  return group;
}

export async function createGroup(
  { db, actor, lang }: ServiceContext,
  { name, sortIds }: { name: string; sortIds: number[] },
) {
  const valid = await validSortIds(db, sortIds);
  const id = await db.transaction(async (tx) => {
    await lockUserGroups(tx, actor.userId);
    await keepDefaultGroup(tx, actor.userId);
    return insertGroup(tx, actor.userId, name, valid);
  });
  return groupOf({ db, lang }, { userId: actor.userId, groupId: id });
}

/** Serializes one user's group edits, so limits and positions hold under concurrent calls. */
async function lockUserGroups(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`market_groups:${userId}`}))`);
}

export async function updateGroup(
  { db, actor, lang }: ServiceContext,
  { id, name, sortIds }: { id: number; name?: string | undefined; sortIds?: number[] | undefined },
) {
  const valid = sortIds ? await validSortIds(db, sortIds) : undefined;
  const groupId = await db.transaction(async (tx) => {
    await lockUserGroups(tx, actor.userId);
    const target =
      id === DEFAULT_GROUP_ID
        ? await keepDefaultGroup(tx, actor.userId)
        : (await ownedRow({ db: tx, actor }, marketGroupOwnership, { id, lock: false })).id;
    if (target === undefined) throw notFound();
    if (name !== undefined) {
      const [clash] = await tx
        .select({ id: marketGroups.id })
        .from(marketGroups)
        .where(and(eq(marketGroups.userId, actor.userId), eq(marketGroups.name, name)))
        .limit(1);
      if (clash && clash.id !== target) throw nameTaken();
      await tx.update(marketGroups).set({ name }).where(eq(marketGroups.id, target));
    }
    if (valid) await setGroupSorts(tx, target, valid);
    return target;
  });
  return groupOf({ db, lang }, { userId: actor.userId, groupId });
}

export async function deleteGroup({ db, actor }: ServiceContext, { id }: { id: number }) {
  await db.transaction(async (tx) => {
    const group = await ownedRow({ db: tx, actor }, marketGroupOwnership, { id, lock: false });
    await tx.delete(marketGroups).where(eq(marketGroups.id, group.id));
  });
}

export async function orderGroups({ db, actor, lang }: ServiceContext, { ids }: { ids: number[] }) {
  await db.transaction(async (tx) => {
    await lockUserGroups(tx, actor.userId);
    const own = await tx
      .select({ id: marketGroups.id })
      .from(marketGroups)
      .where(eq(marketGroups.userId, actor.userId));
    const ownIds = new Set(own.map((g) => g.id));
    if (ids.some((id) => !ownIds.has(id))) throw forbidden();
    if (new Set(ids).size !== ids.length || ids.length !== ownIds.size)
      throw new AppError(CodeFlag.invalidInput, 'common.invalidInput');
    for (const [position, id] of ids.entries())
      await tx.update(marketGroups).set({ position }).where(eq(marketGroups.id, id));
  });
  return userGroups(db, actor.userId, lang);
}

// ---------------------------------------------------------------------------------------------
// Quotes

const rowColumns = {
  row: priceRows,
  seriesName: series.name,
  seriesNameEn: series.nameEn,
  sort: sorts,
  market: markets,
};

function presentRow(joined: LatestRow, lang: Language, today: string): TMarketPriceRow {
  const { row, sort, market } = joined;
  const zh = lang === 'zh-CN';
  return {
    id: row.id,
    aliasId: row.seriesId,
    alias: zh ? joined.seriesName : joined.seriesNameEn,
    marketId: market.id,
    marketName: zh ? market.name : market.nameEn,
    sortId: sort.id,
    sortName: zh ? sort.name : sort.nameEn,
    sortUnit: unitLabel(sort.unit, lang),
    currency: market.currency,
    price: formatCents(row.priceCents),
    range: `${formatCents(row.lowCents)}-${formatCents(row.highCents)}`,
    upDown: row.upDownCents === null ? null : formatCents(row.upDownCents),
    lastUpDown: row.lastUpDownCents === null ? null : formatCents(row.lastUpDownCents),
    rmbPrice: row.rmbPriceCents === null ? null : formatCents(row.rmbPriceCents),
    date: row.date,
    time: Math.floor(row.addTime.getTime() / 1000),
    addTime: formatShanghaiDateTime(row.addTime),
    today: row.date === today,
    homeDate: row.date.slice(5),
    isDemo: row.isDemo,
  };
}

/**
 * The latest row of every series of the given sorts (a group's, or a list), in the sorts' order.
 * Quotes and sorts come from memory (`latestQuotes`); only a user's own groups are read.
 */
export async function quotes({
  db,
  latestQuotes,
  clock,
  actor,
  lang,
  groupId,
  sortIds,
}: {
  db: Database;
  latestQuotes: LatestQuotesCache;
  clock: Clock;
  actor: Actor;
  lang: Language;
  groupId: number | undefined;
  sortIds: number[] | undefined;
}) {
  const latest = await latestQuotes.get();
  let wanted: number[];
  if (sortIds) wanted = sortIds;
  else if (groupId === undefined || groupId === DEFAULT_GROUP_ID) {
    const own = actor.userId > 0 ? await userGroups(db, actor.userId, lang) : [];
    wanted = own[0]?.marketSortIds ?? DEFAULT_MARKET_SORT_IDS.filter((id) => latest.sortsById.has(id));
  } else {
    const [group] = await db.select().from(marketGroups).where(eq(marketGroups.id, groupId)).limit(1);
    if (!group) throw notFound();
    if (group.userId !== actor.userId) throw forbidden();
    wanted = (
      await db
        .select({ sortId: marketGroupSorts.sortId })
        .from(marketGroupSorts)
        .where(eq(marketGroupSorts.groupId, groupId))
        .orderBy(asc(marketGroupSorts.position))
    ).map((r) => r.sortId);
  }
  if (wanted.length === 0) return [];
  const today = clock.today();
  return keptAnswer(latest, lang, today, wanted.join(','), () => {
    const place = new Map(wanted.map((id, index) => [id, index]));
    const presented = presentedRows(latest, lang, today, (row) => presentRow(row, lang, today));
    return latest.rows
      .filter((r) => place.has(r.sort.id))
      .sort(
        (a, b) => (place.get(a.sort.id) ?? 0) - (place.get(b.sort.id) ?? 0) || a.market.sortOrder - b.market.sortOrder,
      )
      .flatMap((r) => presented.get(r.row.seriesId) ?? []);
  });
}

/**
 * The quotes board: the latest row of every series of every market, markets in their board order
 * and, within one, sorts in the catalogue's order, so a client groups consecutive rows by market.
 * Served from memory like `market/quotes`, one kept answer per language and day.
 */
export async function board({
  latestQuotes,
  clock,
  lang,
}: {
  latestQuotes: LatestQuotesCache;
  clock: Clock;
  lang: Language;
}) {
  const latest = await latestQuotes.get();
  const today = clock.today();
  return keptAnswer(latest, lang, today, 'board', () => {
    const presented = presentedRows(latest, lang, today, (row) => presentRow(row, lang, today));
    return latest.rows
      .slice()
      .sort(
        (a, b) =>
          a.market.sortOrder - b.market.sortOrder ||
          a.market.id - b.market.id ||
          a.sort.sortOrder - b.sort.sortOrder ||
          a.row.seriesId - b.row.seriesId,
      )
      .flatMap((r) => presented.get(r.row.seriesId) ?? []);
  });
}

const PERIOD_DAYS: Record<ChartPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: null };

/** One series: its latest row, chart points over the period (oldest first) and its rows (newest first). */
export async function marketDetail(
  { db, clock, lang }: ServiceContext,
  { aliasId, period }: { aliasId: number; period: ChartPeriod },
) {
  const [known] = await db.select({ id: series.id }).from(series).where(eq(series.id, aliasId)).limit(1);
  if (!known) throw notFound();
  const base = () =>
    db
      .select(rowColumns)
      .from(priceRows)
      .innerJoin(series, eq(series.id, priceRows.seriesId))
      .innerJoin(sorts, eq(sorts.id, series.sortId))
      .innerJoin(markets, eq(markets.id, series.marketId));
  const [latest] = await base().where(eq(priceRows.seriesId, aliasId)).orderBy(desc(priceRows.date)).limit(1);
  if (!latest) return { latest: null, points: [], rows: [] };
  const days = PERIOD_DAYS[period];
  const since = days === null ? '0000-00-00' : addDays(latest.row.date, -days);
  const rows = await base()
    .where(and(eq(priceRows.seriesId, aliasId), gte(priceRows.date, since)))
    .orderBy(desc(priceRows.date));
  const today = clock.today();
  return {
    latest: presentRow(latest, lang, today),
    points: rows
      .slice()
      .reverse()
      .map((r) => ({ date: r.row.date, price: formatCents(r.row.priceCents) })),
    rows: rows.map((r) => presentRow(r, lang, today)),
  };
}
