import { addDays, shanghaiDate } from '@metal/shared';
import { count } from 'drizzle-orm';
import { loadTradingCalendar } from '../../modules/calendar/calendar.service';
import { type ResolvedPriceRow, upsertPriceRows } from '../../modules/markets/markets.import';
import { exchangeRates, markets, priceRows, series } from '../../modules/markets/markets.table';
import type { Database } from '../client';

/** How each demo series moves: which metal drives it, its level against the driver, its band and its daily range. */
interface SeriesShape {
  driver: 'aluminium' | 'copper' | 'lmeAluminium' | 'lmeCopper' | 'fee';
  factor: number;
  band: [number, number];
  spread: [number, number];
}

const SHAPES: Record<number, SeriesShape> = {
  1: { driver: 'aluminium', factor: 1, band: [19_900, 25_300], spread: [40, 100] },
  2: { driver: 'aluminium', factor: 1.001, band: [19_900, 25_300], spread: [40, 100] },
  3: { driver: 'aluminium', factor: 0.9985, band: [19_900, 25_300], spread: [40, 100] },
  4: { driver: 'copper', factor: 1, band: [78_000, 102_000], spread: [40, 100] },
  5: { driver: 'copper', factor: 1.0008, band: [78_000, 102_000], spread: [40, 100] },
  6: { driver: 'aluminium', factor: 0.996, band: [19_800, 25_200], spread: [40, 100] },
  7: { driver: 'copper', factor: 0.997, band: [77_800, 101_800], spread: [40, 100] },
  8: { driver: 'lmeAluminium', factor: 1, band: [2_600, 3_500], spread: [5, 15] },
  9: { driver: 'lmeCopper', factor: 1, band: [9_500, 13_400], spread: [10, 40] },
  10: { driver: 'fee', factor: 1, band: [250, 650], spread: [10, 30] },
  11: { driver: 'aluminium', factor: 0.93, band: [19_000, 23_500], spread: [40, 100] },
  12: { driver: 'aluminium', factor: 0.16, band: [2_800, 4_200], spread: [40, 100] },
  13: { driver: 'aluminium', factor: 0.76, band: [15_000, 19_500], spread: [40, 100] },
  14: { driver: 'copper', factor: 1.007, band: [78_500, 102_800], spread: [40, 100] },
};

const DRIVER_START = { aluminium: 20_400, copper: 79_500, lmeAluminium: 2_650, lmeCopper: 9_700, fee: 420 };
const DRIVER_CENTRE = { aluminium: 22_600, copper: 90_000, lmeAluminium: 3_050, lmeCopper: 11_450, fee: 450 };

/** A small seeded generator (mulberry32), so every empty database gets the same demo history. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Two years of labelled demo quotes for every series, ending today (Asia/Shanghai): random walks that
 * mostly move under ±1.5% a day, revert into each product's band, and give ranges of 40-100 yuan.
 * Loaded only on an empty price table, by the start command.
 */
export async function seedDemoPrices(db: Database, now: Date): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(priceRows);
  if ((existing?.n ?? 0) > 0) return 0;
  const calendar = await loadTradingCalendar(db);
  const today = shanghaiDate(Math.floor(now.getTime() / 1000));
  const days: string[] = [];
  for (let day = addDays(today, -730); day <= today; day = addDays(day, 1))
    if (calendar.isTradingDay(day)) days.push(day);

  const random = seededRandom(20_261_122);
  const drivers = { ...DRIVER_START };
  const driverPath = days.map(() => {
    for (const key of Object.keys(drivers) as (keyof typeof drivers)[]) {
      // A pull back toward the middle of the product's usual range keeps the walk off the band edges.
      const reversion = ((DRIVER_CENTRE[key] - drivers[key]) / DRIVER_CENTRE[key]) * 0.02;
      const move = Math.max(-0.015, Math.min(0.015, (random() + random() + random() - 1.5) * 0.012 + reversion));
      drivers[key] = drivers[key] * (1 + move);
    }
    return { ...drivers };
  });

  const seriesList = await db.select({ id: series.id, sortId: series.sortId, marketId: series.marketId }).from(series);
  const currencyOf = new Map((await db.select().from(markets)).map((m) => [m.id, m.currency]));
  const rows: ResolvedPriceRow[] = [];
  for (const s of seriesList) {
    const shape = SHAPES[s.id];
    if (!shape) continue;
    days.forEach((date, index) => {
      const level = driverPath[index]![shape.driver] * shape.factor * (1 + (random() - 0.5) * 0.002);
      const price = Math.round(Math.max(shape.band[0], Math.min(shape.band[1], level)));
      const spread = shape.spread[0] + Math.round(random() * (shape.spread[1] - shape.spread[0]));
      const low = price - Math.floor(spread / 2);
      rows.push({
        seriesId: s.id,
        sortId: s.sortId,
        currency: currencyOf.get(s.marketId) ?? 'CNY',
        date,
        lowCents: low * 100,
        highCents: (low + spread) * 100,
        priceCents: price * 100,
      });
    });
  }

  let rate = 7.18;
  const rates = days.map((date) => {
    rate = Math.max(7.05, Math.min(7.35, rate + (random() - 0.5) * 0.02));
    return { date, usdCny: rate.toFixed(4), isDemo: true };
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < rates.length; i += 1000)
      await tx
        .insert(exchangeRates)
        .values(rates.slice(i, i + 1000))
        .onConflictDoNothing();
    await upsertPriceRows(tx, rows, { isDemo: true, now });
  });
  return rows.length;
}
