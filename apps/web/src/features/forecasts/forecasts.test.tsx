// @vitest-environment happy-dom
import { Calls, CodeFlag, type TForecastDetail } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import ForecastPage from './pages/ForecastPage';
import ForecastUserPage from './pages/ForecastUserPage';
import MrtPage from './pages/MrtPage';
import RulePage from './pages/RulePage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const detail = (over: Partial<TForecastDetail> = {}): TForecastDetail => ({
  id: 13,
  sortName: 'A00铝',
  sortUnit: '元/吨',
  marketName: '长江现货',
  price: '22360',
  range: '22319-22402',
  updown: '-91',
  rmbPrice: null,
  exchangePrice: null,
  days3ago: '22324',
  days5ago: '21821',
  currentWeek: [
    { date: '2026-11-16', trading: true, outcome: 'up' },
    { date: '2026-11-17', trading: true, outcome: 'down' },
    { date: '2026-11-18', trading: true, outcome: 'flat' },
    { date: '2026-11-19', trading: false, outcome: null },
    { date: '2026-11-20', trading: true, outcome: null },
  ],
  forecast_enable: true,
  target: '2026-11-23',
  closesAt: '2026-11-23T01:00:00.000Z',
  opensAt: null,
  applied_forecast: false,
  myChoice: null,
  shareTitle: 'A00铝涨跌预测',
  ...over,
});
const groups = ok([{ id: 0, name: '我的行情', marketSortIds: [13, 12], sortList: [] }]);
const vipRequired = fail(CodeFlag.vipRequired, '开通预测VIP后可查看本轮统计');
const member = { account: 'trader01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.forecast]: ForecastPage,
      [Paths.forecastUser]: ForecastUserPage,
      [Paths.forecastMrt]: MrtPage,
      [Paths.forecastRules]: RulePage,
      [Paths.login]: Stub,
      [Paths.openForecastVip]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('forecast page', () => {
  it('votes after a confirmation, then shows the vote that cannot be changed', async () => {
    setSession(member);
    h.serve(Calls.marketGroups, groups);
    h.serve(Calls.forecastDetail, ok(detail()));
    h.serve(Calls.forecastStats, vipRequired);
    h.serve(Calls.forecastVote, ok(detail({ applied_forecast: true, myChoice: 'up' })));
    await render(`${Paths.forecast}?id=13`);
    await until(() => testId('vote-up') !== null, 'the vote buttons');
    expect(text()).toContain('预测 11-23 的涨跌');
    expect(text()).toContain('11-23 09:00 截止');
    expect(testId('forecast-head')?.querySelector('strong')?.className).toBe('mm-tone-down');

    await click(testId('vote-up'));
    await until(() => buttonWith(document.body, '确认提交') !== undefined, 'the confirmation');
    expect(document.body.textContent).toContain('预测 A00铝 在 11-23 的价格看涨，提交后不可修改');
    expect(h.calls(Calls.forecastVote)).toEqual([]);
    await click(buttonWith(document.body, '确认提交'));
    await until(() => testId('forecast-voted') !== null, 'the vote');
    expect(h.calls(Calls.forecastVote)).toEqual([expect.objectContaining({ id: '13', choice: 'up' })]);
    expect(testId('forecast-voted')?.textContent).toBe('您已预测：看涨');
    expect(testId('vote-up')).toBeNull();
  });

  it('sends a visitor to log in instead of voting', async () => {
    h.serve(Calls.marketGroups, groups);
    h.serve(Calls.forecastDetail, ok(detail()));
    h.serve(Calls.forecastStats, vipRequired);
    await render(`${Paths.forecast}?id=13`);
    await until(() => testId('vote-down') !== null, 'the vote buttons');
    expect(text()).toContain('登录后参与预测');
    await click(testId('vote-down'));
    expect(h.router.state.location.pathname).toBe(Paths.login);
    expect(h.calls(Calls.forecastVote)).toEqual([]);
  });

  it('says when the next round opens while none is open', async () => {
    h.serve(Calls.marketGroups, groups);
    h.serve(
      Calls.forecastDetail,
      ok(detail({ forecast_enable: false, target: null, closesAt: null, opensAt: '2026-11-23T13:00:00.000Z' })),
    );
    h.serve(Calls.forecastStats, vipRequired);
    await render(`${Paths.forecast}?id=13`);
    await until(() => text().includes('本轮预测已截止'), 'the closed round');
    expect(text()).toContain('下一轮将于 11-23 21:00 开始');
    expect(testId('vote-up')).toBeNull();
  });

  it('shows the majority as a locked card to non-VIPs, without an error toast', async () => {
    h.serve(Calls.marketGroups, groups);
    h.serve(Calls.forecastDetail, ok(detail()));
    h.serve(Calls.forecastStats, vipRequired);
    await render(`${Paths.forecast}?id=13`);
    await until(() => testId('forecast-stats-locked') !== null, 'the locked statistics');
    expect(text()).toContain('开通预测VIP，查看本轮多数人观点');
    expect(showFail).not.toHaveBeenCalled();
    // The lock is the way to buy it; the success page leads back to this round.
    await click(testId('forecast-stats-open'));
    expect(h.router.state.location.pathname).toBe(Paths.openForecastVip);
    expect(h.router.state.location.search).toBe(`?next=${encodeURIComponent(`${Paths.forecast}?id=13`)}`);
  });

  it('shows the shares and flags a majority over 80%', async () => {
    h.serve(Calls.marketGroups, groups);
    h.serve(Calls.forecastDetail, ok(detail()));
    h.serve(
      Calls.forecastStats,
      ok({ target: '2026-11-20', total: 10, shares: { up: 0.9, down: 0.1, flat: 0 }, majority: 'up', settled: true }),
    );
    await render(`${Paths.forecast}?id=13`);
    await until(() => testId('forecast-stats') !== null, 'the statistics');
    const bars = [...h.container.querySelectorAll('.mm-fc-bars li')].map((li) => li.textContent);
    expect(bars).toEqual(['看涨90%', '看跌10%', '看平0%']);
    expect(text()).toContain('超过80%的人看涨');
    expect(text()).toContain('11-20 轮次 · 共 10 人参与');
  });

  it('marks this week’s outcomes red up and green down, and its holidays as closed', async () => {
    h.serve(Calls.marketGroups, groups);
    h.serve(Calls.forecastDetail, ok(detail()));
    h.serve(Calls.forecastStats, vipRequired);
    await render(`${Paths.forecast}?id=13`);
    await until(() => testId('forecast-week') !== null, 'the week');
    const days = [...h.container.querySelectorAll('.mm-fc-week li')];
    expect(days.map((d) => d.className)).toEqual(['mm-fc-up', 'mm-fc-down', 'mm-fc-flat', '', '']);
    expect(days.map((d) => d.querySelector('strong')?.textContent)).toEqual(['涨', '跌', '平', '休市', '—']);
  });
});

describe('my forecasts, ranking and rules', () => {
  it('asks a visitor to log in for their forecasts, without calling the server', async () => {
    await render(Paths.forecastUser);
    await until(() => text().includes('登录后查看我的预测'), 'the login prompt');
    expect(h.calls(Calls.forecastUser)).toEqual([]);
  });

  it('shows the standing and each vote as pending, hit or missed', async () => {
    setSession(member);
    h.serve(
      Calls.forecastUser,
      ok({
        month: '2026-11',
        standing: { userId: 7, nickName: 'trader01', rank: 2, score: 4, accuracy: 0.5, settled: 2 },
        votes: [
          { sortId: 13, sortName: 'A00铝', target: '2026-11-23', choice: 'up', outcome: null, points: null },
          { sortId: 13, sortName: 'A00铝', target: '2026-11-20', choice: 'down', outcome: 'down', points: 4 },
          { sortId: 12, sortName: '1#电解铜', target: '2026-11-20', choice: 'up', outcome: 'flat', points: 0 },
        ],
      }),
    );
    await render(Paths.forecastUser);
    await until(() => testId('forecast-votes') !== null, 'the votes');
    expect(testId('forecast-standing')?.textContent).toContain('50.0%');
    const marks = [...h.container.querySelectorAll('.mm-fc-votes em')].map((em) => em.textContent);
    expect(marks).toEqual(['待结算', '+4分', '未中']);
    expect(text()).toContain('11-20 · 预测看涨 · 实际平');
  });

  it('lists the monthly ranking with the caller marked', async () => {
    setSession(member);
    h.serve(
      Calls.forecastMrt,
      ok({
        month: '2026-11',
        standings: [
          { userId: 3, nickName: '铝王', rank: 1, score: 8, accuracy: 1, settled: 2 },
          { userId: 7, nickName: 'trader01', rank: 2, score: 4, accuracy: 0.5, settled: 2 },
        ],
      }),
    );
    await render(Paths.forecastMrt);
    await until(() => testId('mrt-list') !== null, 'the ranking');
    const rows = [...h.container.querySelectorAll('.mm-fc-mrt li')];
    expect(rows.map((r) => r.className)).toEqual(['', 'is-me']);
    expect(rows[0]?.textContent).toContain('8分');
    expect(text()).toContain('2026-11 积分榜 · 前20名');
  });

  it('states the rules with the times and numbers the server enforces', async () => {
    await render(Paths.forecastRules);
    await until(() => testId('forecast-rules') !== null, 'the rules');
    for (const fact of ['21:00', '09:00', '15:30', '16:00', '得 4 分', '前 20 名', '超过 80%'])
      expect(text()).toContain(fact);
  });
});
