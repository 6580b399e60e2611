import {
  Calls,
  CodeFlag,
  formatCents,
  formatShanghaiDateTime,
  type Language,
  Platform,
  shanghaiDate,
} from '@metal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { markets, priceRows, series, sorts } from './markets.table';

let t: TestApp;
let operator: Awaited<ReturnType<TestApp['buildOperator']>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await t.buildOperator();
});
afterAll(() => t.close());

const importCsv = async (lines: string[]) => {
  const content = ['market,sort,date,low,high', ...lines].join('\n');
  const { body } = await t.call(Calls.importPrices, { format: 'csv', content }, { session: operator.session });
  expect(body.codeFlag).toBe(CodeFlag.ok);
};

/**
 * What `market/quotes` answered before quotes were kept in memory: the latest rows of the wanted
 * sorts read from the database at every call, presented the same way. The cached answers must
 * equal it byte for byte.
 */
async function uncachedQuotes(wanted: number[], lang: Language) {
  const latest = await t.db
    .select({ row: priceRows, seriesName: series.name, seriesNameEn: series.nameEn, sort: sorts, market: markets })
    .from(series)
    .innerJoin(priceRows, eq(priceRows.seriesId, series.id))
    .innerJoin(sorts, eq(sorts.id, series.sortId))
    .innerJoin(markets, eq(markets.id, series.marketId))
    .where(
      and(
        inArray(series.sortId, wanted),
        eq(
          priceRows.date,
          sql`(select max(latest.date) from ${priceRows} as latest where latest.series_id = ${series.id})`,
        ),
      ),
    );
  const place = new Map(wanted.map((id, index) => [id, index]));
  const today = shanghaiDate(Math.floor(t.clock.now().getTime() / 1000));
  const zh = lang === 'zh-CN';
  const unit = (u: string) => (u === 'USD/t' ? (zh ? '美元/吨' : 'USD/t') : zh ? '元/吨' : 'yuan/t');
  const rows = latest
    .sort(
      (a, b) => (place.get(a.sort.id) ?? 0) - (place.get(b.sort.id) ?? 0) || a.market.sortOrder - b.market.sortOrder,
    )
    .map(({ row, sort, market, seriesName, seriesNameEn }) => ({
      id: row.id,
      aliasId: row.seriesId,
      alias: zh ? seriesName : seriesNameEn,
      marketId: market.id,
      marketName: zh ? market.name : market.nameEn,
      sortId: sort.id,
      sortName: zh ? sort.name : sort.nameEn,
      sortUnit: unit(sort.unit),
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
    }));
  return JSON.stringify({ codeFlag: CodeFlag.ok, mesg: '', data: rows });
}

const DEFAULT_SORTS = [13, 12, 78, 77, 40];

/** The raw answer text of `market/quotes`, as a client receives it. */
async function quotesText(fields: Record<string, unknown>, lang: Language) {
  const form = new URLSearchParams({ session_id: '', platform: String(Platform.web), openId: '', lang });
  for (const [name, value] of Object.entries(fields)) form.set(name, JSON.stringify(value));
  const response = await t.app.inject({
    method: 'POST',
    url: '/market/quotes.htmls',
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return response.body;
}

const requests: { fields: Record<string, unknown>; wanted: number[]; lang: Language }[] = [
  { fields: {}, wanted: DEFAULT_SORTS, lang: 'zh-CN' },
  { fields: {}, wanted: DEFAULT_SORTS, lang: 'en-US' },
  { fields: { sortIds: [22, 13, 40] }, wanted: [22, 13, 40], lang: 'zh-CN' },
  { fields: { sortIds: [41, 12, 12, 25] }, wanted: [41, 12, 12, 25], lang: 'en-US' },
  { fields: { sortIds: [24] }, wanted: [24], lang: 'zh-CN' },
];

async function expectSameAsUncached() {
  for (const request of requests) {
    expect(await quotesText(request.fields, request.lang)).toBe(await uncachedQuotes(request.wanted, request.lang));
  }
}

describe('market/quotes from memory', () => {
  it('answers byte for byte what reading the database answers, before and after imports and a rate change', async () => {
    await importCsv([
      'changjiang,13,2026-11-18,20880,20920',
      'changjiang,13,2026-11-19,20950,20990',
      'smm,13,2026-11-19,20910,20970',
      'changjiang,12,2026-11-19,86000,86100',
      'lme,40,2026-11-19,2650.50,2650.50',
      'foshan,22,2026-11-19,21000,21100',
    ]);
    await expectSameAsUncached();

    // Today's rows arrive, a past day is corrected and a new series starts: every answer moves.
    await importCsv([
      'changjiang,13,2026-11-20,20900,20960',
      'smm,13,2026-11-19,20920,20980',
      'lme,40,2026-11-20,2700,2700',
      'lme,41,2026-11-20,9800,9820',
      'foshan,24,2026-11-20,16000,16200',
    ]);
    await expectSameAsUncached();

    const { body } = await t.call(
      Calls.setExchangeRate,
      { date: '2026-11-19', usdCny: '7.1234' },
      { session: operator.session },
    );
    expect(body.codeFlag).toBe(CodeFlag.ok);
    await expectSameAsUncached();

    // The next day the same rows are no longer today's.
    t.clock.advance(24 * 3600);
    await expectSameAsUncached();
  });
});
