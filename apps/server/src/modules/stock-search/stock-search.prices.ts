import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { priceRows, series } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';
import { stockSeriesQuotes } from './stock-search.table';

/**
 * Today's price of a listing, as stock/list filters and orders by it, is stocks.current_price_fen: a
 * column PostgreSQL works out from the fixed price, or from quote_fen plus the processing fee. This
 * file keeps quote_fen equal to the followed series' latest quote on or before today:
 *
 * - a series whose latest quote is not the one its listings were priced with (stock_series_quotes)
 *   has all its listings repriced in one statement;
 * - a listing whose quote_series_id is not its series_id (it was just posted, or its series changed;
 *   the stocks module writes no quote) is priced from the series' applied quote.
 *
 * `syncStockQuotes` does both. It runs when markets publish 'price.changed', from the daily job (a
 * quote dated ahead becomes today's at midnight), and before a search when something may have moved
 * since the last check (`stockQuotesOf`).
 */

export interface QuoteSyncResult {
  /** Series whose listings were repriced. */
  series: number;
  /** Listings whose quote was written. */
  listings: number;
}

/** Each series' latest quote on or before `today`, or null: one indexed probe per series. */
async function latestSeriesQuotes(db: Executor, today: string) {
  const latest = db
    .select({ priceCents: priceRows.priceCents, date: priceRows.date })
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, series.id), lte(priceRows.date, today)))
    .orderBy(desc(priceRows.date))
    .limit(1)
    .as('latest');
  return db
    .select({ seriesId: series.id, priceCents: latest.priceCents, date: latest.date })
    .from(series)
    .leftJoinLateral(latest, sql`true`);
}

/** Series whose applied quote differs from their latest. */
async function movedSeries(db: Executor, today: string) {
  const [latest, applied] = await Promise.all([latestSeriesQuotes(db, today), db.select().from(stockSeriesQuotes)]);
  const appliedOf = new Map(applied.map((row) => [row.seriesId, row]));
  return latest.filter((row) => {
    const before = appliedOf.get(row.seriesId);
    return !before || before.priceCents !== row.priceCents || before.quoteDate !== row.date;
  });
}

const staleListing = and(
  eq(stocks.priceType, 'market'),
  sql`${stocks.quoteSeriesId} is distinct from ${stocks.seriesId}`,
);

async function hasStaleListing(db: Executor) {
  const [row] = await db.select({ id: stocks.id }).from(stocks).where(staleListing).limit(1);
  return row !== undefined;
}

/** Brings every listing's quote up to date (see above); writes nothing when nothing moved. */
export async function syncStockQuotes(db: Database, today: string, now: Date): Promise<QuoteSyncResult> {
  const [moved, stale] = await Promise.all([movedSeries(db, today), hasStaleListing(db)]);
  if (moved.length === 0 && !stale) return { series: 0, listings: 0 };
  return db.transaction(async (tx) => {
    // Concurrent searches that noticed the same change wait here and then find nothing left to do.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock-search.quotes'))`);
    const changed = await movedSeries(tx, today);
    let listings = 0;
    for (const quote of changed) {
      const repriced = await tx
        .update(stocks)
        .set({ quoteFen: quote.priceCents, quoteSeriesId: quote.seriesId })
        .where(
          and(
            eq(stocks.seriesId, quote.seriesId),
            eq(stocks.priceType, 'market'),
            sql`(${stocks.quoteFen} is distinct from ${quote.priceCents}::bigint or ${stocks.quoteSeriesId} is distinct from ${stocks.seriesId})`,
          ),
        )
        .returning({ id: stocks.id });
      listings += repriced.length;
    }
    if (changed.length > 0) {
      await tx
        .insert(stockSeriesQuotes)
        .values(
          changed.map((quote) => ({
            seriesId: quote.seriesId,
            priceCents: quote.priceCents,
            quoteDate: quote.date,
            appliedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: stockSeriesQuotes.seriesId,
          set: {
            priceCents: sql`excluded.price_cents`,
            quoteDate: sql`excluded.quote_date`,
            appliedAt: sql`excluded.applied_at`,
          },
        });
    }
    // Listings just posted or moved to another series: priced from their series' applied quote.
    const priced = await tx
      .update(stocks)
      .set({
        // Spelled out: in an UPDATE's SET drizzle leaves column names unqualified, which inside the
        // subquery would name stock_series_quotes' own series_id.
        quoteFen: sql`(select q.price_cents from stock_series_quotes q where q.series_id = stocks.series_id)`,
        quoteSeriesId: sql`stocks.series_id`,
      })
      .where(staleListing)
      .returning({ id: stocks.id });
    listings += priced.length;
    return { series: changed.length, listings };
  });
}

/** How long searches trust the last check without a word of a change (one made behind the server's back). */
const CHECKED_MAX_AGE_MS = 60_000;

/**
 * Whether listings' quotes are known to be current, so a search need not check them (three reads)
 * before it runs. Every instance hears what can move them through the bus — 'price.changed' from
 * imports and exchange rates, 'stocks.saved' from postings and edits, both published on commit — and a
 * new day or a minute without a check checks again. A change heard while a check is under way makes
 * that check count for nothing, since it may have read before the change.
 */
export class StockQuotesCheck {
  private checkedAt: number | undefined;
  private checkedDay = '';
  private changesHeard = 0;

  constructor(private readonly db: Database) {}

  changed() {
    this.changesHeard++;
    this.checkedAt = undefined;
  }

  async bringUpToDate(today: string, now: Date) {
    const started = now.getTime();
    if (this.checkedAt !== undefined && this.checkedDay === today && started - this.checkedAt < CHECKED_MAX_AGE_MS)
      return;
    const changesBefore = this.changesHeard;
    await syncStockQuotes(this.db, today, now);
    if (this.changesHeard !== changesBefore) return;
    this.checkedAt = started;
    this.checkedDay = today;
  }
}

const checks = new WeakMap<Database, StockQuotesCheck>();

/** The check of a database's listings' quotes, one per database in this process. */
export function stockQuotesOf(db: Database) {
  let check = checks.get(db);
  if (!check) {
    check = new StockQuotesCheck(db);
    checks.set(db, check);
  }
  return check;
}
