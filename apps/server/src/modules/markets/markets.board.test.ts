import { Calls, CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

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

describe('market/board', () => {
  it('answers nothing before any price arrives', async () => {
    const { body } = await t.call(Calls.marketBoard, {});
    expect(body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: [] });
  });

  it('answers every series of every market, markets in board order and sorts in catalogue order', async () => {
    // Imported out of order on purpose: the board's order is the catalogue's, not the import's.
    await importCsv([
      'lme,41,2026-11-20,9800,9820',
      'foshan,24,2026-11-20,16000,16200',
      'changjiang,25,2026-11-20,70000,70100',
      'smm,13,2026-11-20,20910,20970',
      'changjiang,12,2026-11-20,86000,86100',
      'lme,40,2026-11-20,2650.50,2650.50',
      'changjiang,13,2026-11-19,20950,20990',
      'changjiang,13,2026-11-20,20900,20960',
      'foshan,22,2026-11-20,21000,21100',
      'shfe,78,2026-11-20,20500,20600',
    ]);
    const { body } = await t.call(Calls.marketBoard, {});
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data?.map((r) => [r.marketName, r.alias, r.price, r.upDown])).toEqual([
      ['长江现货', '长江A00铝', '20930', '-40'],
      ['长江现货', '长江1#电解铜', '86050', null],
      ['长江现货', '长江铜杆', '70050', null],
      ['上海有色', 'SMM A00铝', '20940', null],
      ['佛山', '佛山ADC12', '21050', null],
      ['佛山', '佛山废铝', '16100', null],
      ['上期所', '沪铝主力', '20550', null],
      ['LME', 'LME铝3M', '2650.50', null],
      ['LME', 'LME铜3M', '9810', null],
    ]);

    const english = await t.call(Calls.marketBoard, {}, { lang: 'en-US' });
    expect(english.body.data?.map((r) => [r.marketName, r.sortUnit])).toEqual([
      ['Changjiang Spot', 'yuan/t'],
      ['Changjiang Spot', 'yuan/t'],
      ['Changjiang Spot', 'yuan/t'],
      ['SMM', 'yuan/t'],
      ['Foshan', 'yuan/t'],
      ['Foshan', 'yuan/t'],
      ['SHFE', 'yuan/t'],
      ['LME', 'USD/t'],
      ['LME', 'USD/t'],
    ]);
  });

  it('answers a logged-in user the same board as a visitor, ignoring fields it does not take', async () => {
    const user = await t.buildUser();
    const visitor = await t.call(Calls.marketBoard, {});
    const loggedIn = await t.callRaw(Calls.marketBoard, { groupId: '7', sortIds: '[13]' }, { session: user.session });
    expect(loggedIn.body).toEqual(visitor.body);
  });

  it('shows the next import at once, though the previous board was kept in memory', async () => {
    const before = await t.call(Calls.marketBoard, {});
    expect(before.body.data?.find((r) => r.alias === '长江A00铝')?.price).toBe('20930');

    // The day is corrected, and a market that had no price starts quoting and takes its place.
    await importCsv(['changjiang,13,2026-11-20,21000,21040', 'nanchu,13,2026-11-20,20990,21010']);
    const after = await t.call(Calls.marketBoard, {});
    const changjiang = after.body.data?.find((r) => r.alias === '长江A00铝');
    expect(changjiang).toMatchObject({ price: '21020', upDown: '50', date: '2026-11-20' });
    expect([...new Set(after.body.data?.map((r) => r.marketName))]).toEqual([
      '长江现货',
      '上海有色',
      '南储华南',
      '佛山',
      '上期所',
      'LME',
    ]);
  });
});
