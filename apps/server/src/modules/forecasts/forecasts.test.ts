import { type CallRequest, Calls, CodeFlag, shanghaiInstant } from '@metal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { nextSlot, Scheduler } from '../../platform/scheduler';
import { entitlements } from '../memberships/memberships.table';
import { operatorActions } from '../operators/operators.table';
import { FORECAST_JOBS } from './forecasts.jobs';
import { settleDueVotes } from './forecasts.service';
import { forecastVotes } from './forecasts.table';

let t: TestApp;
let operator: Awaited<ReturnType<TestApp['buildOperator']>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await t.buildOperator();
  const content =
    'market,sort,date,low,high\nchangjiang,13,2026-11-18,20880,20920\nchangjiang,13,2026-11-19,20950,20990';
  expect(
    (await t.call(Calls.importPrices, { format: 'csv', content }, { session: operator.session })).body.codeFlag,
  ).toBe(CodeFlag.ok);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(forecastVotes);
  await t.db.delete(entitlements);
});

/** How many votes one settlement run settled, over all rounds. */
const settledVotes = async () =>
  (await settleDueVotes({ db: t.db, clock: t.clock })).reduce((sum, round) => sum + round.votes, 0);
const setTime = (date: string, time: string) => t.clock.set(shanghaiInstant(date, time));
const voteFor = (session: string, choice: CallRequest<typeof Calls.forecastVote>['choice'], id = 13) =>
  t.call(Calls.forecastVote, { id, choice }, { session });
const voteForRaw = (session: string, choice: string, id = 13) =>
  t.callRaw(Calls.forecastVote, { id, choice }, { session });
const importDay = (date: string, low: number, high: number) =>
  t.call(
    Calls.importPrices,
    { format: 'csv', content: `market,sort,date,low,high\nchangjiang,13,${date},${low},${high}` },
    { session: operator.session },
  );

describe('voting', () => {
  it('opens at 21:00 the evening before and closes at 09:00 on the day', async () => {
    const user = await t.buildUser();
    setTime('2026-11-19', '20:59');
    expect((await voteFor(user.session, 'up')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: expect.stringContaining('21:00'),
    });
    setTime('2026-11-19', '21:00');
    const voted = await voteFor(user.session, 'up');
    expect(voted.body.data).toMatchObject({
      forecast_enable: true,
      target: '2026-11-20',
      applied_forecast: true,
      myChoice: 'up',
      closesAt: shanghaiInstant('2026-11-20', '09:00').toISOString(),
      opensAt: null,
    });
    expect(voted.body.data?.currentWeek).toEqual([
      { date: '2026-11-16', trading: true, outcome: null },
      { date: '2026-11-17', trading: true, outcome: null },
      { date: '2026-11-18', trading: true, outcome: null },
      { date: '2026-11-19', trading: true, outcome: 'up' },
      { date: '2026-11-20', trading: true, outcome: null },
    ]);
    const late = await t.buildUser();
    setTime('2026-11-20', '08:59');
    expect((await voteFor(late.session, 'down')).body.codeFlag).toBe(CodeFlag.ok);
    setTime('2026-11-20', '09:00');
    expect((await voteFor((await t.buildUser()).session, 'down')).body.codeFlag).toBe(CodeFlag.conflict);
    const detail = await t.call(Calls.forecastDetail, { id: 13 }, { session: user.session });
    expect(detail.body.data).toMatchObject({
      forecast_enable: false,
      target: null,
      closesAt: null,
      opensAt: shanghaiInstant('2026-11-20', '21:00').toISOString(),
      applied_forecast: false,
      price: '20970',
      updown: '70',
    });
  });

  it('takes one vote per round that cannot be changed', async () => {
    const user = await t.buildUser();
    setTime('2026-11-19', '22:00');
    expect((await voteFor(user.session, 'up')).body.codeFlag).toBe(CodeFlag.ok);
    const again = await voteFor(user.session, 'down');
    expect(again.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '本轮已预测，提交后不可修改' });
    const both = await Promise.all([voteFor(user.session, 'flat', 12), voteFor(user.session, 'down', 12)]);
    expect(both.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect((await t.db.select().from(forecastVotes)).map((v) => [v.sortId, v.choice])).toEqual(
      expect.arrayContaining([
        [13, 'up'],
        [12, expect.any(String)],
      ]),
    );
    expect(await t.db.select().from(forecastVotes)).toHaveLength(2);
  });

  it('refuses bad input and visitors, writing nothing', async () => {
    const user = await t.buildUser();
    setTime('2026-11-19', '22:00');
    expect((await voteForRaw(user.session, 'sideways')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请选择涨、跌或平',
    });
    expect((await voteFor(user.session, 'up', 9999)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.forecastVote, { id: 13, choice: 'up' })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await t.db.select().from(forecastVotes)).toEqual([]);
  });
});

describe('settlement and ranking', () => {
  it('settles at 15:30 on the day with 4 points per correct vote, once, and ranks the month', async () => {
    const right = await t.buildUser({ nickName: '看涨' });
    const wrong = await t.buildUser({ nickName: '看跌' });
    const flat = await t.buildUser({ nickName: '看平' });
    setTime('2026-11-19', '21:30');
    await voteFor(wrong.session, 'down');
    setTime('2026-11-19', '21:31');
    await voteFor(right.session, 'up');
    await voteFor(flat.session, 'flat');
    await importDay('2026-11-20', 21000, 21040); // 21020 > 20970: up

    setTime('2026-11-20', '15:29');
    expect(await settledVotes()).toBe(0);
    setTime('2026-11-20', '15:30');
    expect(await settledVotes()).toBe(3);
    expect(await settledVotes()).toBe(0);

    const mrt = await t.call(Calls.forecastMrt);
    expect(mrt.body.data?.standings.map((s) => [s.rank, s.nickName, s.score, s.accuracy])).toEqual([
      [1, '看涨', 4, 1],
      [2, '看跌', 0, 0],
      [3, '看平', 0, 0],
    ]);
    const mine = await t.call(Calls.forecastUser, {}, { session: right.session });
    expect(mine.body.data).toMatchObject({
      month: '2026-11',
      standing: { rank: 1 },
      votes: [{ sortId: 13, sortName: expect.any(String), outcome: 'up', points: 4 }],
    });
    expect((await t.call(Calls.forecastUser)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('waits for a late price and settles it when it arrives', async () => {
    const user = await t.buildUser();
    setTime('2026-11-22', '22:00');
    await voteFor(user.session, 'flat');
    setTime('2026-11-23', '16:00');
    expect(await settledVotes()).toBe(0);
    await importDay('2026-11-23', 20990, 21050); // 21020, same as the day before: flat
    expect(await settledVotes()).toBe(1);
    const [settled] = await t.db.select().from(forecastVotes);
    expect(settled).toMatchObject({ outcome: 'flat', points: 4 });
  });
});

describe('statistics and entitlements', () => {
  it('shows the open round only to Forecast VIPs, and the closed round to all from 16:00', async () => {
    const voter = await t.buildUser();
    const vip = await t.buildUser();
    setTime('2026-11-19', '22:00');
    await voteFor(voter.session, 'up');
    expect((await t.call(Calls.forecastStats, { id: 13 }, { session: voter.session })).body).toMatchObject({
      codeFlag: CodeFlag.vipRequired,
    });
    expect((await t.call(Calls.forecastStats, { id: 13 })).body.codeFlag).toBe(CodeFlag.vipRequired);

    const granted = await t.call(
      Calls.grantEntitlement,
      { reason: 'test grant', userId: vip.user.id, kind: 'forecast_vip', days: 30 },
      { session: operator.session },
    );
    expect(granted.body.codeFlag).toBe(CodeFlag.ok);
    const open = await t.call(Calls.forecastStats, { id: 13 }, { session: vip.session });
    expect(open.body.data).toMatchObject({ target: '2026-11-20', total: 1, majority: 'up', settled: false });

    setTime('2026-11-20', '15:59');
    expect((await t.call(Calls.forecastStats, { id: 13 }, { session: voter.session })).body.codeFlag).toBe(
      CodeFlag.vipRequired,
    );
    setTime('2026-11-20', '16:00');
    const after = await t.call(Calls.forecastStats, { id: 13 }, { session: voter.session });
    expect(after.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { target: '2026-11-20', total: 1 } });
  });

  it('lets only operators grant, extends an active grant, and records it', async () => {
    const user = await t.buildUser();
    setTime('2026-11-20', '10:00');
    const first = await t.call(
      Calls.grantEntitlement,
      { reason: 'test grant', userId: user.user.id, kind: 'forecast_vip', days: 10 },
      { session: operator.session },
    );
    const second = await t.call(
      Calls.grantEntitlement,
      { reason: 'test grant', userId: user.user.id, kind: 'forecast_vip', days: 5 },
      { session: operator.session },
    );
    expect(second.body.data?.startsAt).toBe(first.body.data?.endsAt);
    expect(second.body.data?.endsAt).toBe('2026-12-05T02:00:00.000Z');
    const before = await t.db.select().from(entitlements);
    expect(
      (
        await t.call(
          Calls.grantEntitlement,
          { reason: 'test grant', userId: user.user.id, kind: 'forecast_vip', days: 5 },
          { session: user.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.forbidden);
    expect(
      (
        await t.callRaw(
          Calls.grantEntitlement,
          { reason: 'test grant', userId: user.user.id, kind: 'gold', days: 5 },
          { session: operator.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect(
      (
        await t.call(
          Calls.grantEntitlement,
          { reason: 'test grant', userId: user.user.id, kind: 'forecast_vip', days: 0 },
          { session: operator.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect(
      (
        await t.call(
          Calls.grantEntitlement,
          { reason: 'test grant', userId: 999_999, kind: 'forecast_vip', days: 5 },
          { session: operator.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.notFound);
    expect(await t.db.select().from(entitlements)).toEqual(before);
    const log = (await t.db.select().from(operatorActions)).filter((a) => a.target === `user:${user.user.id}`);
    expect(log.map((a) => [a.action, a.operatorId, a.detail])).toEqual([
      ['entitlement.grant', operator.user.id, { kind: 'forecast_vip', days: 10, reason: 'test grant' }],
      ['entitlement.grant', operator.user.id, { kind: 'forecast_vip', days: 5, reason: 'test grant' }],
    ]);
  });
});

describe('round jobs', () => {
  const quietLog = { info: () => {}, error: () => {} };
  const phasesAt = async (date: string, time: string) => {
    const events: { target: string; phase: string }[] = [];
    const stop = t.app.deps.bus.subscribe('forecast.round', (event) => events.push(event));
    const slot = shanghaiInstant(date, time);
    t.clock.set(slot);
    const scheduler = new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog }, FORECAST_JOBS);
    for (const job of FORECAST_JOBS)
      if (nextSlot(job.cron, new Date(slot.getTime() - 1)).getTime() === slot.getTime())
        await scheduler.runSlot(job, slot);
    stop();
    return events;
  };

  it('announce opening at 21:00, closing at 09:00 and statistics at 16:00 on trading days only', async () => {
    expect(await phasesAt('2026-11-20', '21:00')).toEqual([{ target: '2026-11-23', phase: 'opened' }]);
    expect(await phasesAt('2026-11-23', '09:00')).toEqual([{ target: '2026-11-23', phase: 'closed' }]);
    expect(await phasesAt('2026-11-23', '16:00')).toEqual([{ target: '2026-11-23', phase: 'statsPublished' }]);
    expect(await phasesAt('2026-11-21', '21:00')).toEqual([]);
    expect(await phasesAt('2026-10-01', '09:00')).toEqual([]);
  });

  it('announce a settled round once, from the 15:30 settlement run', async () => {
    setTime('2026-11-23', '22:00');
    const user = await t.buildUser();
    expect((await voteFor(user.session, 'up')).body.codeFlag).toBe(CodeFlag.ok);
    await importDay('2026-11-24', 21100, 21140);
    expect(await phasesAt('2026-11-24', '15:30')).toEqual([{ target: '2026-11-24', phase: 'settled' }]);
    expect(await phasesAt('2026-11-24', '15:45')).toEqual([]);
  });
});

describe('the week on the detail', () => {
  it('marks the holidays of the current week as no trading days', async () => {
    setTime('2026-10-05', '10:00');
    const detail = await t.call(Calls.forecastDetail, { id: 13 });
    expect(detail.body.data?.currentWeek.map((d) => [d.date, d.trading])).toEqual([
      ['2026-10-05', false],
      ['2026-10-06', false],
      ['2026-10-07', false],
      ['2026-10-08', true],
      ['2026-10-09', true],
    ]);
  });
});
