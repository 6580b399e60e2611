import { Calls, CodeFlag } from '@metal/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { BusEvents } from '../../platform/bus';
import { operatorActions } from '../operators/operators.table';
import { rmbCents, toCents } from './markets.import';
import { exchangeRates, priceRows } from './markets.table';

let t: TestApp;
let operator: Awaited<ReturnType<TestApp['buildOperator']>>;
const events: BusEvents['price.changed'][] = [];

beforeAll(async () => {
  t = await buildTestApp();
  operator = await t.buildOperator();
  t.app.deps.bus.subscribe('price.changed', (event) => events.push(event));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(priceRows);
  events.length = 0;
});

const importCsv = (content: string, options: { session?: string; lang?: string } = {}) =>
  t.call(Calls.importPrices, { format: 'csv', content }, { session: operator.session, ...options });

const rowsOf = (seriesId: number) =>
  t.db.select().from(priceRows).where(eq(priceRows.seriesId, seriesId)).orderBy(asc(priceRows.date));

describe('exact amounts', () => {
  it('reads prices as text into hundredths and converts USD at a text rate, never through a float', () => {
    expect(toCents('19850')).toBe(1_985_000);
    expect(toCents('19850.5')).toBe(1_985_050);
    expect(toCents('0.07')).toBe(7);
    expect(rmbCents(265_050, '7.1234')).toBe(1_888_057); // 2650.50 USD × 7.1234 = 18880.5717 yuan
  });
});

describe('markets/import_prices', () => {
  it('imports CSV rows, works out the average and the day-on-day changes, and logs the operator', async () => {
    const { body } = await importCsv(
      [
        'market,sort,date,low,high',
        'changjiang,13,2026-11-18,20880,20920',
        '长江现货,A00铝,2026-11-19,20950,20990',
        'Changjiang Spot,a00 aluminium,2026-11-20,20900,20960',
        'shfe,77,2026-11-20,86010,86050',
      ].join('\n'),
    );
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { imported: 4, series: 2 } });
    const rows = await rowsOf(1);
    expect(rows.map((r) => [r.date, r.priceCents, r.upDownCents, r.lastUpDownCents])).toEqual([
      ['2026-11-18', 2_090_000, null, null],
      ['2026-11-19', 2_097_000, 7_000, null],
      ['2026-11-20', 2_093_000, -4_000, 7_000],
    ]);
    const [log] = await t.db.select().from(operatorActions).where(eq(operatorActions.action, 'markets.import_prices'));
    expect(log).toMatchObject({ operatorId: operator.user.id, detail: { rows: 4, format: 'csv' } });
    expect(events).toEqual(
      expect.arrayContaining([
        { seriesId: 1, sortId: 13, date: '2026-11-20', priceCents: 2_093_000 },
        { seriesId: 7, sortId: 77, date: '2026-11-20', priceCents: 8_603_000 },
      ]),
    );
  });

  it('is idempotent, and a correction or a late earlier day recomputes the changes after it', async () => {
    const file =
      'market,sort,date,low,high,price\nchangjiang,13,2026-11-19,20950,20990,20970\nchangjiang,13,2026-11-20,20900,20960,20930';
    await importCsv(file);
    const first = await rowsOf(1);
    expect((await importCsv(file)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await rowsOf(1)).map((r) => [r.id, r.priceCents, r.upDownCents])).toEqual(
      first.map((r) => [r.id, r.priceCents, r.upDownCents]),
    );

    await importCsv('market,sort,date,low,high\nchangjiang,13,2026-11-18,20800,20820');
    expect((await rowsOf(1)).map((r) => [r.date, r.upDownCents, r.lastUpDownCents])).toEqual([
      ['2026-11-18', null, null],
      ['2026-11-19', 16_000, null],
      ['2026-11-20', -4_000, 16_000],
    ]);
    await importCsv('market,sort,date,low,high,price\nchangjiang,13,2026-11-19,20950,21010,21000');
    expect((await rowsOf(1)).map((r) => r.upDownCents)).toEqual([null, 19_000, -7_000]);
  });

  it('takes JSON lists with numbers or text', async () => {
    const content = JSON.stringify([
      { market: 'lme', sort: 40, date: '2026-11-20', low: 2650.5, high: 2650.5 },
      { market: 'smm', sort: '12', date: '2026-11-20', low: '86000', high: '86100', price: '86050' },
    ]);
    const { body } = await t.call(Calls.importPrices, { format: 'json', content }, { session: operator.session });
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { imported: 2 } });
    expect((await rowsOf(8))[0]?.priceCents).toBe(265_050);
  });

  it("gives LME rows a yuan price at the day's exchange rate, or the latest before it", async () => {
    await t.db.insert(exchangeRates).values({ date: '2026-11-18', usdCny: '7.1234' });
    await importCsv('market,sort,date,low,high\nlme,40,2026-11-19,2650.50,2650.50\nlme,40,2026-11-17,2600,2600');
    const rows = await rowsOf(8);
    expect(rows.map((r) => [r.date, r.rmbPriceCents])).toEqual([
      ['2026-11-17', null],
      ['2026-11-19', 1_888_057],
    ]);
  });

  it('imports nothing from a file with bad lines and names each line and reason', async () => {
    const { body } = await importCsv(
      [
        'market,sort,date,low,high',
        'changjiang,13,2026-11-19,20950,20990',
        'nowhere,13,2026-11-19,1,2',
        'changjiang,999,2026-11-19,1,2',
        'lme,13,2026-11-19,1,2',
        'changjiang,13,2026-11-21,20950,20990',
        'changjiang,13,2026-10-01,20950,20990',
        'changjiang,13,2026-11-20,21000,20990',
        'changjiang,13,2026-11-20,-1,20990',
        'changjiang,13,2026-11-20,20950.123,20990',
        'changjiang,13,2026-11-19,20950,20990',
        'changjiang,13,2026-02-30,20950,20990',
        'changjiang,13',
      ].join('\n'),
      { lang: 'en-US' },
    );
    expect(body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Import refused: 11 bad lines, nothing was imported',
    });
    expect((body.data as unknown as { problems: unknown[] }).problems).toEqual([
      { line: 3, reason: 'Unknown market' },
      { line: 4, reason: 'Unknown sort' },
      { line: 5, reason: 'Unknown sort' },
      { line: 6, reason: 'This date is not a trading day' },
      { line: 7, reason: 'This date is not a trading day' },
      { line: 8, reason: 'The low price cannot be above the high price' },
      { line: 9, reason: 'Prices must be positive numbers with at most two decimals' },
      { line: 10, reason: 'Prices must be positive numbers with at most two decimals' },
      { line: 11, reason: 'The same series and date appear twice' },
      { line: 12, reason: 'Please enter a valid date such as 2026-11-20' },
      { line: 13, reason: 'The number of columns does not match the header' },
    ]);
    expect(await t.db.select().from(priceRows)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('refuses a wrong header, broken JSON or a missing format, writing nothing', async () => {
    expect((await importCsv('date,market,sort,low,high\n2026-11-19,changjiang,13,1,2')).body.data).toEqual({
      problems: [{ line: 1, reason: '表头应为 market,sort,date,low,high[,price]' }],
    });
    const broken = await t.call(Calls.importPrices, { format: 'json', content: '[{' }, { session: operator.session });
    expect(broken.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await t.callRaw(Calls.importPrices, { content: 'x' }, { session: operator.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    expect(await t.db.select().from(priceRows)).toEqual([]);
  });

  it('refuses users who are not operators and visitors, writing nothing', async () => {
    const user = await t.buildUser();
    const file = 'market,sort,date,low,high\nchangjiang,13,2026-11-19,20950,20990';
    expect((await importCsv(file, { session: user.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.importPrices, { format: 'csv', content: file })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
    expect(await t.db.select().from(priceRows)).toEqual([]);
  });
});

describe('markets/set_exchange_rate', () => {
  beforeEach(async () => {
    await t.db.delete(exchangeRates);
  });
  const setRate = (date: string, usdCny: string, session = operator.session) =>
    t.call(Calls.setExchangeRate, { date, usdCny }, { session });

  it('reprices the LME rows from its day up to the next stored rate, and logs the operator', async () => {
    await t.db.insert(exchangeRates).values({ date: '2026-11-20', usdCny: '7.2000' });
    await importCsv(
      'market,sort,date,low,high\nlme,40,2026-11-18,2600,2600\nlme,40,2026-11-19,2650.50,2650.50\nlme,40,2026-11-20,2700,2700',
    );
    expect((await rowsOf(8)).map((r) => r.rmbPriceCents)).toEqual([null, null, 1_944_000]);

    expect((await setRate('2026-11-18', '7.1234')).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { repriced: 2 },
    });
    expect((await rowsOf(8)).map((r) => r.rmbPriceCents)).toEqual([1_852_084, 1_888_057, 1_944_000]);
    expect((await setRate('2026-11-18', '7.1234')).body.data).toMatchObject({ repriced: 0 });
    const [log] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.action, 'markets.set_exchange_rate'));
    expect(log).toMatchObject({ operatorId: operator.user.id, target: 'rate:2026-11-18' });
  });

  it('refuses a bad rate or date and anyone but operators, writing nothing', async () => {
    for (const [date, rate] of [
      ['2026-11-18', '0.5'],
      ['2026-11-18', '7.12345'],
      ['2026-11-18', 'seven'],
      ['2026-02-30', '7.1'],
    ] as const) {
      const { body } = await setRate(date, rate);
      expect(body.codeFlag).toBe(CodeFlag.invalidInput);
      expect(body.mesg).toMatch(/汇率|日期/);
    }
    const user = await t.buildUser();
    expect((await setRate('2026-11-18', '7.1', user.session)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await setRate('2026-11-18', '7.1', '')).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await t.db.select().from(exchangeRates)).toEqual([]);
  });
});
