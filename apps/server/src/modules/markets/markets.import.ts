import {
  CodeFlag,
  type Language,
  MAX_IMPORT_ROWS,
  type MessageKey,
  type TPriceImportRow,
  translate,
  ZPriceImportRow,
} from '@metal/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { EventBus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { loadTradingCalendar } from '../calendar/calendar.service';
import { recordOperatorAction } from '../operators/operators.service';
import { exchangeRates, markets, priceRows, series, sorts } from './markets.table';

const CSV_HEADER = ['market', 'sort', 'date', 'low', 'high', 'price'] as const;
const INSERT_CHUNK = 1000;

interface NumberedRow {
  line: number;
  fields: Record<string, unknown>;
}

interface Problem {
  line: number;
  reason: MessageKey;
}

/** A validated row, resolved to its series, with exact amounts in hundredths. */
export interface ResolvedPriceRow {
  seriesId: number;
  sortId: number;
  currency: 'CNY' | 'USD';
  date: string;
  lowCents: number;
  highCents: number;
  priceCents: number;
}

/** "19850.5" → 1985050: amounts are read as text so no float ever rounds them. */
export function toCents(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function parseCsv(content: string): { rows: NumberedRow[]; problems: Problem[] } {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const expected = CSV_HEADER.slice(0, header.length);
  if (header.length < 5 || header.length > 6 || header.some((h, i) => h !== expected[i])) {
    return { rows: [], problems: [{ line: 1, reason: 'markets.import.header' }] };
  }
  const rows: NumberedRow[] = [];
  const problems: Problem[] = [];
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    if (text.trim() === '') return;
    const cells = text.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== header.length) problems.push({ line, reason: 'markets.import.columns' });
    else rows.push({ line, fields: Object.fromEntries(header.map((h, i) => [h, cells[i]])) });
  });
  return { rows, problems };
}

function parseJson(content: string): { rows: NumberedRow[]; problems: Problem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { rows: [], problems: [{ line: 1, reason: 'common.invalidJson' }] };
  }
  if (!Array.isArray(parsed)) return { rows: [], problems: [{ line: 1, reason: 'common.invalidJson' }] };
  // In a JSON list the n-th element is "line" n; numbers are accepted as their text.
  const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
  return {
    rows: parsed.map((item, index) => ({
      line: index + 1,
      fields:
        item && typeof item === 'object'
          ? Object.fromEntries(Object.entries(item as Record<string, unknown>).map(([k, v]) => [k, asText(v)]))
          : {},
    })),
    problems: [],
  };
}

/** Reads, validates and resolves a whole file; answers the rows, or every bad line with its reason. */
async function resolveRows(db: Executor, format: 'csv' | 'json', content: string) {
  const { rows, problems } = format === 'csv' ? parseCsv(content) : parseJson(content);
  if (rows.length > MAX_IMPORT_ROWS)
    throw new AppError(CodeFlag.invalidInput, 'markets.import.tooMany', { max: MAX_IMPORT_ROWS });

  const [marketList, sortList, seriesList, calendar] = await Promise.all([
    db.select().from(markets),
    db.select().from(sorts),
    db.select().from(series),
    loadTradingCalendar(db),
  ]);
  const marketOf = new Map<string, (typeof marketList)[number]>();
  for (const m of marketList)
    for (const key of [m.code, m.name, m.nameEn, String(m.id)]) marketOf.set(key.toLowerCase(), m);
  const sortOf = new Map<string, (typeof sortList)[number]>();
  for (const s of sortList) for (const key of [s.name, s.nameEn, String(s.id)]) sortOf.set(key.toLowerCase(), s);
  const seriesOf = new Map(seriesList.map((s) => [`${s.marketId}:${s.sortId}`, s]));

  const resolved: ResolvedPriceRow[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of rows) {
    const parsed = ZPriceImportRow.safeParse(fields);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'common.invalidInput';
      problems.push({ line, reason: message as MessageKey });
      continue;
    }
    const row: TPriceImportRow = parsed.data;
    const market = marketOf.get(row.market.toLowerCase());
    if (!market) {
      problems.push({ line, reason: 'markets.import.market' });
      continue;
    }
    const sort = sortOf.get(row.sort.toLowerCase());
    const quoted = sort && seriesOf.get(`${market.id}:${sort.id}`);
    if (!sort || !quoted) {
      problems.push({ line, reason: 'markets.import.sort' });
      continue;
    }
    const lowCents = toCents(row.low);
    const highCents = toCents(row.high);
    if (lowCents <= 0 || highCents <= 0) problems.push({ line, reason: 'markets.import.price' });
    else if (lowCents > highCents) problems.push({ line, reason: 'markets.import.range' });
    else if (!calendar.isTradingDay(row.date)) problems.push({ line, reason: 'markets.import.notTradingDay' });
    else if (seen.has(`${quoted.id}:${row.date}`)) problems.push({ line, reason: 'markets.import.duplicate' });
    else {
      seen.add(`${quoted.id}:${row.date}`);
      resolved.push({
        seriesId: quoted.id,
        sortId: sort.id,
        currency: market.currency,
        date: row.date,
        lowCents,
        highCents,
        priceCents: row.price ? toCents(row.price) : Math.round((lowCents + highCents) / 2),
      });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { resolved, problems };
}

/** The USD→CNY rate in force on each date: that day's, or the latest before it. */
async function rateLookup(tx: Executor, dates: string[]) {
  if (dates.length === 0) return () => undefined;
  const last = dates.reduce((a, b) => (a > b ? a : b));
  const rates = await tx
    .select()
    .from(exchangeRates)
    .where(lte(exchangeRates.date, last))
    .orderBy(asc(exchangeRates.date));
  return (date: string) => rates.findLast((r) => r.date <= date)?.usdCny;
}

/** Yuan fen of a USD-cent price at a rate given as text ("7.1234"), rounded half up, exactly. */
export function rmbCents(usdCents: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const rateTenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
  return Math.floor((usdCents * rateTenThousandths + 5_000) / 10_000);
}

/** Writes rows (insert or correct) and recomputes the day-on-day changes of the series they touch. */
export async function upsertPriceRows(tx: Executor, rows: ResolvedPriceRow[], options: { isDemo: boolean; now: Date }) {
  const rateOn = await rateLookup(
    tx,
    rows.filter((r) => r.currency === 'USD').map((r) => r.date),
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => {
      const rate = r.currency === 'USD' ? rateOn(r.date) : undefined;
      return {
        seriesId: r.seriesId,
        date: r.date,
        lowCents: r.lowCents,
        highCents: r.highCents,
        priceCents: r.priceCents,
        rmbPriceCents: rate ? rmbCents(r.priceCents, rate) : null,
        isDemo: options.isDemo,
        addTime: options.now,
      };
    });
    await tx
      .insert(priceRows)
      .values(chunk)
      .onConflictDoUpdate({
        target: [priceRows.seriesId, priceRows.date],
        set: {
          lowCents: sql`excluded.low_cents`,
          highCents: sql`excluded.high_cents`,
          priceCents: sql`excluded.price_cents`,
          rmbPriceCents: sql`excluded.rmb_price_cents`,
          isDemo: sql`excluded.is_demo`,
          addTime: sql`excluded.add_time`,
        },
      });
  }
  const earliest = new Map<number, string>();
  for (const r of rows)
    if (!earliest.has(r.seriesId) || r.date < earliest.get(r.seriesId)!) earliest.set(r.seriesId, r.date);
  for (const [seriesId, from] of earliest) await recomputeChanges(tx, seriesId, from);
}

/** upDown = price − the previous row's price; lastUpDown = the previous row's upDown; from `from` on. */
async function recomputeChanges(tx: Executor, seriesId: number, from: string) {
  const [before] = await tx
    .select()
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, seriesId), sql`${priceRows.date} < ${from}`))
    .orderBy(desc(priceRows.date))
    .limit(1);
  const rows = await tx
    .select()
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, seriesId), gte(priceRows.date, from)))
    .orderBy(asc(priceRows.date));
  let previous = before;
  const changed: { id: number; upDownCents: number | null; lastUpDownCents: number | null }[] = [];
  for (const row of rows) {
    const upDownCents = previous ? row.priceCents - previous.priceCents : null;
    const lastUpDownCents = previous ? previous.upDownCents : null;
    if (upDownCents !== row.upDownCents || lastUpDownCents !== row.lastUpDownCents)
      changed.push({ id: row.id, upDownCents, lastUpDownCents });
    previous = { ...row, upDownCents };
  }
  // One statement per chunk: a two-year history rewrites thousands of rows.
  for (let i = 0; i < changed.length; i += INSERT_CHUNK) {
    const values = changed
      .slice(i, i + INSERT_CHUNK)
      .map((c) => sql`(${c.id}::bigint, ${c.upDownCents}::bigint, ${c.lastUpDownCents}::bigint)`);
    await tx.execute(sql`
      update ${priceRows} set up_down_cents = v.up, last_up_down_cents = v.last
      from (values ${sql.join(values, sql`, `)}) as v(id, up, last)
      where ${priceRows.id} = v.id`);
  }
}

/**
 * SPEC/issue ingestion: all rows or none. A file with any bad line imports nothing and answers each
 * bad line's number and reason; a good file is upserted (importing it again changes nothing).
 */
export async function importPrices({
  db,
  clock,
  bus,
  actor,
  lang,
  format,
  content,
}: {
  db: Database;
  clock: Clock;
  bus: EventBus;
  actor: Actor;
  lang: Language;
  format: 'csv' | 'json';
  content: string;
}): Promise<{ imported: number; series: number }> {
  const { resolved, problems } = await resolveRows(db, format, content);
  if (problems.length > 0) {
    throw new AppError(
      CodeFlag.invalidInput,
      'markets.import.failed',
      { count: problems.length },
      {
        data: { problems: problems.map((p) => ({ line: p.line, reason: translate(p.reason, lang) })) },
      },
    );
  }
  const seriesIds = [...new Set(resolved.map((r) => r.seriesId))];
  await db.transaction(async (tx) => {
    // Imports of the same series must not interleave their recomputation of changes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markets.import'))`);
    await upsertPriceRows(tx, resolved, { isDemo: false, now: clock.now() });
    await recordOperatorAction(
      { db: tx, clock, actor },
      {
        action: 'markets.import_prices',
        target: `series:${seriesIds.join(',')}`,
        detail: { rows: resolved.length, format },
      },
    );
  });
  await publishLatest(db, bus, seriesIds);
  return { imported: resolved.length, series: seriesIds.length };
}

/**
 * Stores a day's USD→CNY rate (correcting it if stored) and reprices the USD rows it governs: those
 * dated from that day up to the next stored rate. Recorded as an operator action.
 */
export async function setExchangeRate({
  db,
  clock,
  bus,
  actor,
  date,
  usdCny,
}: {
  db: Database;
  clock: Clock;
  bus: EventBus;
  actor: Actor;
  date: string;
  usdCny: string;
}) {
  const { result, repricedSeriesIds } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markets.import'))`);
    await tx
      .insert(exchangeRates)
      .values({ date, usdCny, isDemo: false })
      .onConflictDoUpdate({ target: exchangeRates.date, set: { usdCny, isDemo: false } });
    const [next] = await tx
      .select({ date: exchangeRates.date })
      .from(exchangeRates)
      .where(sql`${exchangeRates.date} > ${date}`)
      .orderBy(asc(exchangeRates.date))
      .limit(1);
    const governed = await tx
      .select({
        id: priceRows.id,
        seriesId: priceRows.seriesId,
        priceCents: priceRows.priceCents,
        rmbPriceCents: priceRows.rmbPriceCents,
      })
      .from(priceRows)
      .innerJoin(series, eq(series.id, priceRows.seriesId))
      .innerJoin(markets, eq(markets.id, series.marketId))
      .where(
        and(
          eq(markets.currency, 'USD'),
          gte(priceRows.date, date),
          next ? sql`${priceRows.date} < ${next.date}` : undefined,
        ),
      );
    const changed = governed
      .map((row) => ({
        id: row.id,
        seriesId: row.seriesId,
        before: row.rmbPriceCents,
        after: rmbCents(row.priceCents, usdCny),
      }))
      .filter((row) => row.before !== row.after);
    for (let i = 0; i < changed.length; i += INSERT_CHUNK) {
      const values = changed.slice(i, i + INSERT_CHUNK).map((c) => sql`(${c.id}::bigint, ${c.after}::bigint)`);
      await tx.execute(sql`
        update ${priceRows} set rmb_price_cents = v.rmb
        from (values ${sql.join(values, sql`, `)}) as v(id, rmb)
        where ${priceRows.id} = v.id`);
    }
    await recordOperatorAction(
      { db: tx, clock, actor },
      { action: 'markets.set_exchange_rate', target: `rate:${date}`, detail: { usdCny, repriced: changed.length } },
    );
    return {
      result: { date, usdCny, repriced: changed.length },
      repricedSeriesIds: [...new Set(changed.map((c) => c.seriesId))],
    };
  });
  // A repriced row may be a series' latest, whose RMB price the quotes show.
  await publishLatest(db, bus, repricedSeriesIds);
  return result;
}

/** Tells subscribers the latest price of each touched series. */
async function publishLatest(db: Database, bus: EventBus, seriesIds: number[]) {
  if (seriesIds.length === 0) return;
  const latest = await db
    .selectDistinctOn([priceRows.seriesId], {
      seriesId: priceRows.seriesId,
      sortId: series.sortId,
      date: priceRows.date,
      priceCents: priceRows.priceCents,
    })
    .from(priceRows)
    .innerJoin(series, eq(series.id, priceRows.seriesId))
    .where(inArray(priceRows.seriesId, seriesIds))
    .orderBy(priceRows.seriesId, desc(priceRows.date));
  for (const row of latest) bus.publish('price.changed', row);
}
