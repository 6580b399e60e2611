import type { Language, TMarketPriceRow } from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import { JsonData } from '../../platform/protocol';
import { markets, priceRows, series, sorts } from './markets.table';

type SortRow = typeof sorts.$inferSelect;

/** A series' latest price row with what presenting it needs. */
export interface LatestRow {
  row: typeof priceRows.$inferSelect;
  seriesName: string;
  seriesNameEn: string;
  sort: SortRow;
  market: typeof markets.$inferSelect;
}

/** Everything `market/quotes` reads for a visitor: the sorts and the latest row of every series. */
export interface LatestQuotes {
  sortsById: Map<number, SortRow>;
  rows: LatestRow[];
  /** The same rows by series id. */
  bySeries: Map<number, LatestRow>;
  /** Presented rows by language and day (the `today` flag depends on it), made once per snapshot. */
  presented: Map<string, Map<number, TMarketPriceRow>>;
  /** Whole answers as JSON by language, day and what was asked (a list of sorts, the board), so a repeated call does no work. */
  answers: Map<string, JsonData>;
}

/** Answers kept per snapshot at most: sort lists come from callers, so their variety has no bound. */
const MAX_ANSWERS = 256;

/**
 * Without an event (Redis unreachable for a while, an import by the command line on a server without
 * Redis) a snapshot is read again after this long; quotes change a few times a day.
 */
const MAX_AGE_MS = 60_000;

async function readLatestQuotes(db: Database): Promise<LatestQuotes> {
  const [sortRows, rows] = await Promise.all([
    db.select().from(sorts),
    // The newest date per series comes from the (series, date) index: a correlated max, not a scan of history.
    db
      .select({
        row: priceRows,
        seriesName: series.name,
        seriesNameEn: series.nameEn,
        sort: sorts,
        market: markets,
      })
      .from(series)
      .innerJoin(priceRows, eq(priceRows.seriesId, series.id))
      .innerJoin(sorts, eq(sorts.id, series.sortId))
      .innerJoin(markets, eq(markets.id, series.marketId))
      .where(
        eq(
          priceRows.date,
          sql`(select max(latest.date) from ${priceRows} as latest where latest.series_id = ${series.id})`,
        ),
      )
      .orderBy(series.id),
  ]);
  return {
    sortsById: new Map(sortRows.map((s) => [s.id, s])),
    rows,
    bySeries: new Map(rows.map((r) => [r.row.seriesId, r])),
    presented: new Map(),
    answers: new Map(),
  };
}

/**
 * The latest quotes in memory, read once and read again after any `price.changed` (published by
 * every instance's imports and exchange-rate changes, heard by all of them through the bus). A
 * change that arrives while a read is under way drops that read, so a snapshot taken before the
 * change is never kept.
 */
export class LatestQuotesCache {
  private snapshot: { quotes: Promise<LatestQuotes>; readAt: number } | undefined;

  constructor(
    private readonly db: Database,
    bus: EventBus,
  ) {
    bus.subscribe('price.changed', () => this.forget());
    bus.subscribe('events.missed', () => this.forget());
  }

  forget() {
    this.snapshot = undefined;
  }

  get(): Promise<LatestQuotes> {
    const now = performance.now();
    if (this.snapshot && now - this.snapshot.readAt < MAX_AGE_MS) return this.snapshot.quotes;
    const snapshot = { quotes: readLatestQuotes(this.db), readAt: now };
    this.snapshot = snapshot;
    snapshot.quotes.catch(() => {
      if (this.snapshot === snapshot) this.snapshot = undefined;
    });
    return snapshot.quotes;
  }
}

const caches = new WeakMap<FastifyInstance, LatestQuotesCache>();

/**
 * The app's latest quotes in memory: one per app (not per database), so each of two instances on one
 * database keeps its own and hears changes through its own bus. `market/quotes` reads it, and so do
 * the stock calls that price market-following listings.
 */
export function latestQuotesOf(app: FastifyInstance): LatestQuotesCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = new LatestQuotesCache(app.deps.db, app.deps.bus);
    caches.set(app, cache);
  }
  return cache;
}

/** The presented rows of a snapshot in one language on one day, made at the first call that needs them. */
export function presentedRows(
  quotes: LatestQuotes,
  lang: Language,
  today: string,
  present: (row: LatestRow) => TMarketPriceRow,
): Map<number, TMarketPriceRow> {
  const key = `${lang} ${today}`;
  let rows = quotes.presented.get(key);
  if (!rows) {
    rows = new Map(quotes.rows.map((r) => [r.row.seriesId, present(r)]));
    quotes.presented.set(key, rows);
  }
  return rows;
}

/**
 * The answer for one language, day and question from a snapshot, written once while the snapshot
 * lasts. `asked` names the question: the sort ids of `market/quotes` joined by commas, or a word
 * no such list can be (`board`).
 */
export function keptAnswer(
  quotes: LatestQuotes,
  lang: Language,
  today: string,
  asked: string,
  answer: () => TMarketPriceRow[],
): JsonData {
  const key = `${lang} ${today} ${asked}`;
  const kept = quotes.answers.get(key);
  if (kept) return kept;
  const made = new JsonData(JSON.stringify(answer()));
  if (quotes.answers.size < MAX_ANSWERS) quotes.answers.set(key, made);
  return made;
}
