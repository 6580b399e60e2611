import { Calls, CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { operatorActions } from '../operators/operators.table';
import { calendarOverrides } from './calendar.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('calendar/month', () => {
  it('answers every day of the month with its trading status, to visitors too', async () => {
    const { body } = await t.call(Calls.calendarMonth, { month: '2026-10' });
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data?.days).toHaveLength(31);
    const trading = (date: string) => body.data?.days.find((d) => d.date === date)?.trading;
    expect(trading('2026-10-01')).toBe(false);
    expect(trading('2026-10-07')).toBe(false);
    expect(trading('2026-10-08')).toBe(true);
    expect(trading('2026-10-10')).toBe(false);
    expect((await t.call(Calls.calendarMonth, { month: '2026-02' })).body.data?.days).toHaveLength(28);
  });

  it('refuses a malformed month with a localized message', async () => {
    for (const month of ['2026-13', '2026-1', '202610', '']) {
      const { body } = await t.call(Calls.calendarMonth, { month }, { lang: 'en-US' });
      expect(body, month).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The month must look like 2026-11' });
    }
  });
});

describe('calendar/set_day', () => {
  it('lets an operator close or open a day, recording who did it', async () => {
    const operator = await t.buildOperator();
    const closed = await t.call(
      Calls.calendarSetDay,
      { date: '2026-11-20', trading: 0, note: '临时休市' },
      { session: operator.session },
    );
    expect(closed.body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { date: '2026-11-20', trading: false, note: '临时休市' },
    });
    const month = await t.call(Calls.calendarMonth, { month: '2026-11' });
    expect(month.body.data?.days.find((d) => d.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      trading: false,
      note: '临时休市',
    });

    await t.call(Calls.calendarSetDay, { date: '2026-11-20', trading: 1 }, { session: operator.session });
    const after = await t.call(Calls.calendarMonth, { month: '2026-11' });
    expect(after.body.data?.days.find((d) => d.date === '2026-11-20')?.trading).toBe(true);

    const log = await t.db.select().from(operatorActions);
    expect(
      log.filter((a) => a.target === 'calendar:2026-11-20').map((a) => [a.operatorId, a.action, a.detail]),
    ).toEqual([
      [operator.user.id, 'calendar.set_day', { trading: false, note: '临时休市' }],
      [operator.user.id, 'calendar.set_day', { trading: true, note: '' }],
    ]);
  });

  it('refuses bad dates and writes nothing', async () => {
    const operator = await t.buildOperator('admin');
    const before = await t.db.select().from(calendarOverrides);
    for (const fields of [
      { date: '2026-02-30', trading: 1 },
      { date: '2026/11/20', trading: 1 },
      { date: '2026-11-20', trading: 2 },
      { trading: 1 },
    ]) {
      expect((await t.callRaw(Calls.calendarSetDay, fields, { session: operator.session })).body.codeFlag).toBe(
        CodeFlag.invalidInput,
      );
    }
    expect(
      (await t.call(Calls.calendarSetDay, { date: 'x', trading: 1 }, { session: operator.session })).body.mesg,
    ).toBe('请输入正确的日期，如 2026-11-20');
    expect(await t.db.select().from(calendarOverrides)).toEqual(before);
  });

  it('refuses users who are not operators (codeFlag 3) and visitors (codeFlag 1), changing nothing', async () => {
    const user = await t.buildUser();
    const before = await t.db.select().from(calendarOverrides);
    const actionsBefore = await t.db.select().from(operatorActions);
    expect(
      (await t.call(Calls.calendarSetDay, { date: '2026-12-01', trading: 0 }, { session: user.session })).body.codeFlag,
    ).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.calendarSetDay, { date: '2026-12-01', trading: 0 })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
    expect(await t.db.select().from(calendarOverrides)).toEqual(before);
    expect(await t.db.select().from(operatorActions)).toEqual(actionsBefore);
  });
});
