// @vitest-environment happy-dom
import { Calls, CodeFlag, type TVipPlan, type TVipStatus, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile, profileSummary } from '../../test/fixtures';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import { purchaseNote } from '../payments/purchase';
import OpenDynamicVipPage from './pages/OpenDynamicVipPage';
import OpenForecastVipPage from './pages/OpenForecastVipPage';
import OpenVipPage from './pages/OpenVipPage';
import VipCenterPage from './pages/VipCenterPage';
import VipPowerPage from './pages/VipPowerPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const plan = (over: Partial<TVipPlan>): TVipPlan => ({
  id: 1,
  kind: 'certified_supplier',
  name: '认证供应商 半年',
  months: 6,
  days: null,
  viewCount: null,
  priceFen: 499_900,
  price: '4999',
  ...over,
});
const certifiedPlans = (lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  ok({
    kind: 'certified_supplier' as const,
    list: [
      plan({ name: lang === 'zh-CN' ? '认证供应商 半年' : 'Certified supplier, 6 months' }),
      plan({
        id: 2,
        name: lang === 'zh-CN' ? '认证供应商 一年' : 'Certified supplier, 1 year',
        months: 12,
        priceFen: 880_000,
        price: '8800',
      }),
    ],
  });
const forecastPlans = ok({
  kind: 'forecast_vip' as const,
  list: [plan({ id: 3, kind: 'forecast_vip', name: '预测会员 1个月', months: 1, priceFen: 9800, price: '98' })],
});
const dynamicPlans = ok({
  kind: 'dynamic_view' as const,
  list: [
    plan({
      id: 6,
      kind: 'dynamic_view',
      name: '动态查看 10次',
      months: null,
      viewCount: 10,
      priceFen: 3000,
      price: '30',
    }),
  ],
});
const none = (type: TVipStatus['type']): TVipStatus => ({
  vip: false,
  type,
  openDate: null,
  endDate: null,
  remainderdays: 0,
  needremind: false,
});
const held = (type: TVipStatus['type'], over: Partial<TVipStatus> = {}): TVipStatus => ({
  vip: true,
  type,
  openDate: '2026-05-20T02:00:00.000Z',
  endDate: '2026-12-10T02:00:00.000Z',
  remainderdays: 20,
  needremind: true,
  ...over,
});
const views = (over = {}) => ok({ remaining: 8, trialUsed: true, usedToday: false, grantedUntil: null, ...over });
const order = {
  orderNo: 'MM2026112022000012345678',
  purchaseId: 9,
  kind: 'certified_supplier' as const,
  subject: '认证供应商 半年',
  amountFen: 499_900,
  amount: '4999',
};
const owner = { account: 'seller01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.vipCenter]: VipCenterPage,
      [Paths.vipPower]: VipPowerPage,
      [Paths.openVip]: OpenVipPage,
      [Paths.openForecastVip]: OpenForecastVipPage,
      [Paths.openDynamicVip]: OpenDynamicVipPage,
      [Paths.payDesk]: Stub,
      [Paths.payOrders]: Stub,
      [Paths.userCenter]: Stub,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const location = () => `${h.router.state.location.pathname}${h.router.state.location.search}`;
const byStatusType = (certified: TVipStatus, forecast: TVipStatus) => {
  serve(Calls.vipStatus, ok(certified), ok(forecast));
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession(owner);
  sessionStorage.clear();
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('vip_center', () => {
  it('shows the certified membership with its dates, days left and the renewal reminder, the forecast VIP off and the dynamic-view count', async () => {
    byStatusType(held('certified_supplier'), none('forecast_vip'));
    serve(Calls.dynamicViewStatus, views());
    await render(Paths.vipCenter);
    await until(() => testId('vip-remind') !== null, 'the reminder');
    expect(
      calls(Calls.vipStatus)
        .map((input) => input.type)
        .sort(),
    ).toEqual(['certified_supplier', 'forecast_vip']);
    expect(testId('vip-certified-state')?.textContent).toBe('已开通');
    expect(testId('vip-open-date')?.textContent).toBe('2026-05-20');
    expect(testId('vip-end-date')?.textContent).toBe('2026-12-10');
    expect(testId('vip-days-left')?.textContent).toBe('20 天');
    expect(testId('vip-remind')?.textContent).toBe('将于 2026-12-10 到期，续费后有效期从到期日起顺延');
    expect(testId('vip-forecast-state')?.textContent).toBe('未开通');
    expect(text()).toContain('开通后在每轮预测进行中查看多数预测统计');
    expect(testId('vip-dynamic-remaining')?.textContent).toBe('剩余 8 次');

    await click(testId('vip-certified-open'));
    expect(location()).toBe(Paths.openVip);
  });

  it('in English: nothing held, the ways to buy, and the order history', async () => {
    setLanguage('en-US');
    byStatusType(none('certified_supplier'), held('forecast_vip', { needremind: false, remainderdays: 40 }));
    serve(Calls.dynamicViewStatus, views({ remaining: 0, trialUsed: false }));
    await render(Paths.vipCenter);
    await until(() => testId('vip-certified-state') !== null && testId('vip-forecast-state') !== null, 'the cards');
    expect(testId('vip-certified-state')?.textContent).toBe('Not active');
    expect(testId('vip-certified-open')?.textContent).toBe('Become a certified supplier');
    expect(testId('vip-forecast-state')?.textContent).toBe('Active');
    expect(testId('vip-forecast-open')?.textContent).toBe('Renew');
    expect(testId('vip-remind')).toBeNull();
    expect(testId('vip-days-left')?.textContent).toBe('40 days');
    expect(text()).toContain('One free trial available');
    await click(testId('vip-orders'));
    expect(location()).toBe(Paths.payOrders);
  });

  it('asks a visitor to log in, and offers retry when the status cannot be read', async () => {
    clearSession();
    await render(Paths.vipCenter);
    expect(text()).toContain('登录后查看会员');
    expect(calls(Calls.vipStatus)).toEqual([]);
    await h.cleanup();

    h.install();
    setSession(owner);
    serve(Calls.vipStatus, fail(CodeFlag.serverFault, '服务器繁忙'), ok(none('forecast_vip')));
    serve(Calls.dynamicViewStatus, views());
    await render(Paths.vipCenter);
    await until(() => buttonWith(h.container, '重试') !== undefined, 'the error screen');
  });
});

describe('vip_power', () => {
  it("lists the certified supplier's benefits SPEC names and the prices on sale, zh-CN and en-US", async () => {
    serve(Calls.vipPlans, certifiedPlans());
    serve(Calls.vipStatus, ok(none('certified_supplier')));
    await render(Paths.vipPower);
    await until(() => text().includes('¥8800'), 'the prices');
    expect(testId('vip-benefits')?.querySelectorAll('li')).toHaveLength(6);
    expect(text()).toContain('访客报告：谁浏览、加购、关注了您的现货和店铺');
    expect(text()).toContain('6 个月¥4999');
    await click(testId('vip-power-open'));
    expect(location()).toBe(Paths.openVip);
    await h.cleanup();

    h.install();
    setLanguage('en-US');
    serve(Calls.vipPlans, certifiedPlans('en-US'));
    serve(Calls.vipStatus, ok(held('certified_supplier')));
    await render(Paths.vipPower);
    await until(() => text().includes('12 months'), 'the prices');
    expect(text()).toContain('Contact the buyers who follow you directly');
    expect(text()).toContain('Valid until 2026-12-10');
    expect(testId('vip-power-open')?.textContent).toBe('Renew now');
  });
});

describe('open_vip', () => {
  it('asks for the agreement first, then opens the chosen plan behind the company-info gate and goes to the cashier', async () => {
    serve(Calls.vipPlans, certifiedPlans());
    serve(Calls.vipStatus, ok(held('certified_supplier')));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.vipOpen, ok({ ...order, subject: '认证供应商 一年', amountFen: 880_000, amount: '8800' }));
    await render(`${Paths.openVip}?next=${encodeURIComponent(Paths.visitor)}`);
    await until(() => text().includes('认证供应商 一年'), 'the plans');
    expect(text()).toContain('当前有效期至 2026-12-10，续费后从到期日起顺延');
    expect(testId('vip-pay')?.textContent).toBe('去支付 ¥4999');

    await click([...h.container.querySelectorAll('[data-testid="vip-plan"]')][1]);
    expect(testId('vip-pay')?.textContent).toBe('去支付 ¥8800');
    await click(testId('vip-pay'));
    expect(showFail).toHaveBeenCalledWith('请先同意认证供应商协议');
    expect(calls(Calls.vipOpen)).toEqual([]);
    expect(h.container.querySelector('.mm-vip-agree.is-highlighted')).not.toBeNull();

    await click(h.container.querySelector('[data-testid="vip-agree"]'));
    await click(testId('vip-pay'));
    await until(() => h.router.state.location.pathname === Paths.payDesk, 'the cashier');
    expect(calls(Calls.vipOpen)).toMatchObject([{ planId: '2', agree: '1' }]);
    expect(location()).toBe(`${Paths.payDesk}?orderNo=${order.orderNo}`);
    expect(purchaseNote(order.orderNo)).toEqual({ item: '认证供应商 一年', next: Paths.visitor });
  });

  it("says the server's refusal (not the company's owner) and stays", async () => {
    serve(Calls.vipPlans, certifiedPlans());
    serve(Calls.vipStatus, ok(none('certified_supplier')));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.vipOpen, fail(CodeFlag.forbidden, translate('membership.ownerOnly', 'zh-CN')));
    await render(Paths.openVip);
    await until(() => text().includes('认证供应商 半年'), 'the plans');
    expect(text()).toContain('认证供应商为公司开通，由公司负责人购买，付款后立即生效');
    await click(h.container.querySelector('[data-testid="vip-agree"]'));
    await click(testId('vip-pay'));
    await until(() => calls(Calls.vipOpen).length === 1, 'the purchase');
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the refusal');
    expect(showFail).toHaveBeenCalledWith(translate('membership.ownerOnly', 'zh-CN'));
    expect(location()).toBe(Paths.openVip);
  });

  it('in English: the agreement message, and incomplete company info asks to complete it instead of buying', async () => {
    setLanguage('en-US');
    serve(Calls.vipPlans, certifiedPlans('en-US'));
    serve(Calls.vipStatus, ok(none('certified_supplier')));
    serve(Calls.hasCompanyInfo, fail(CodeFlag.companyInfoIncomplete, translate('companyInfo.incomplete', 'en-US')));
    await render(Paths.openVip);
    await until(() => text().includes('Certified supplier, 6 months'), 'the plans');
    expect(text()).toContain('I have read and agree to the');
    await click(testId('vip-pay'));
    expect(showFail).toHaveBeenCalledWith('Please agree to the certified supplier agreement first');

    await click(h.container.querySelector('[data-testid="vip-agree"]'));
    await click(testId('vip-pay'));
    await until(
      () => (document.body.textContent ?? '').includes(translate('companyInfo.incomplete', 'en-US')),
      'the gate',
    );
    expect(calls(Calls.vipOpen)).toEqual([]);
  });

  it('shows the agreement itself', async () => {
    serve(Calls.vipPlans, certifiedPlans());
    serve(Calls.vipStatus, ok(none('certified_supplier')));
    await render(Paths.openVip);
    await click(buttonWith(h.container, '《认证供应商协议》'));
    await until(() => (document.body.textContent ?? '').includes('认证供应商会员属于公司'), 'the agreement');
  });
});

describe('open_forecast_vip', () => {
  it('buys a forecast plan (no agreement, no gate) and goes to the cashier', async () => {
    serve(Calls.vipPlans, forecastPlans);
    serve(Calls.vipStatus, ok(none('forecast_vip')));
    serve(
      Calls.vipOpen,
      ok({ ...order, kind: 'forecast_vip' as const, subject: '预测会员 1个月', amountFen: 9800, amount: '98' }),
    );
    await render(`${Paths.openForecastVip}?next=${encodeURIComponent(`${Paths.forecast}?id=13`)}`);
    await until(() => text().includes('预测会员 1个月'), 'the plans');
    expect(text()).toContain('预测会员可在每轮预测进行中查看多数用户的预测统计');
    await click(testId('vip-pay'));
    await until(() => h.router.state.location.pathname === Paths.payDesk, 'the cashier');
    expect(calls(Calls.vipOpen)).toMatchObject([{ planId: '3' }]);
    expect(calls(Calls.vipOpen)[0]).not.toHaveProperty('agree');
    expect(calls(Calls.hasCompanyInfo)).toEqual([]);
    expect(purchaseNote(order.orderNo)?.next).toBe(`${Paths.forecast}?id=13`);
  });

  it('in English, sends a visitor to log in instead of buying', async () => {
    setLanguage('en-US');
    clearSession();
    serve(
      Calls.vipPlans,
      ok({
        kind: 'forecast_vip' as const,
        list: [
          plan({ id: 3, kind: 'forecast_vip', name: 'Forecast VIP, 1 month', months: 1, price: '98', priceFen: 9800 }),
        ],
      }),
    );
    await render(Paths.openForecastVip);
    await until(() => text().includes('1 month'), 'the plans');
    expect(testId('vip-pay')?.textContent).toBe('Pay ¥98');
    await click(testId('vip-pay'));
    expect(location()).toBe(Paths.login);
    expect(calls(Calls.vipOpen)).toEqual([]);
  });
});

describe('open_dynamic_vip', () => {
  it('opens today with the free trial, and buys a pack', async () => {
    serve(Calls.dynamicViewStatus, views({ remaining: 0, trialUsed: false }));
    serve(Calls.info, ok(profileSummary({ phone: '13800000002' })));
    serve(
      Calls.dynamicViewUse,
      ok({ remaining: 0, trialUsed: true, usedToday: true, grantedUntil: null, paidBy: 'trial' as const }),
    );
    serve(Calls.vipPlans, dynamicPlans);
    serve(Calls.vipOpen, ok({ ...order, kind: 'dynamic_view' as const }));
    await render(Paths.openDynamicVip);
    await until(
      () => testId('dynamic-use')?.textContent === '免费试用今日' && text().includes('动态查看 10次'),
      'the page',
    );
    expect(text()).toContain('每使用一天扣除 1 次');
    await click(testId('dynamic-use'));
    await until(() => testId('dynamic-today')?.textContent === '已开通', 'today open');
    expect(showSuccess).toHaveBeenCalledWith('今日已开通，当天内可重复使用');
    expect(testId('dynamic-use')?.textContent).toBe('今日已开通');

    await click(testId('vip-pay'));
    await until(() => h.router.state.location.pathname === Paths.payDesk, 'the cashier');
    expect(calls(Calls.vipOpen)).toMatchObject([{ planId: '6' }]);
    expect(calls(Calls.vipOpen)[0]).not.toHaveProperty('agree');
  });

  it("cannot open the trial without the account's phone number: SPEC §8's message, in both languages", async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      setLanguage(lang);
      serve(Calls.dynamicViewStatus, views({ remaining: 0, trialUsed: false }));
      serve(Calls.info, ok(profileSummary({ phone: '' })));
      serve(Calls.vipPlans, dynamicPlans);
      await render(Paths.openDynamicVip);
      await until(() => h.calls(Calls.info).length > 0 && testId('dynamic-use') !== null, 'the page');
      await click(testId('dynamic-use'));
      expect(showFail).toHaveBeenLastCalledWith(translate('membership.trialOpenFailed', lang));
      expect(calls(Calls.dynamicViewUse)).toEqual([]);
      await h.cleanup();
      h.install();
      setSession(owner);
    }
  });

  it("says the server's refusal when nothing is left to use, in English", async () => {
    setLanguage('en-US');
    serve(Calls.dynamicViewStatus, views({ remaining: 0 }));
    serve(Calls.info, ok(profileSummary({ phone: '13800000002' })));
    serve(Calls.dynamicViewUse, fail(CodeFlag.vipRequired, translate('membership.dynamicViewRequired', 'en-US')));
    serve(Calls.vipPlans, dynamicPlans);
    await render(Paths.openDynamicVip);
    await until(() => testId('dynamic-use')?.textContent === 'Open today (takes 1 use)', 'the page');
    await click(testId('dynamic-use'));
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the refusal');
    expect(showFail).toHaveBeenCalledWith(translate('membership.dynamicViewRequired', 'en-US'));
    expect(testId('dynamic-today')?.textContent).toBe('Not open');
  });
});

describe('the certified membership for an employee', () => {
  it.each([
    ['without', ['orders'], false],
    ['with', ['membership'], true],
  ] as const)(
    "offers one %s 'membership' to buy it accordingly, and says why not on its page",
    async (_, permissions, shown) => {
      serve(Calls.info, ok(employeeProfile([...permissions])));
      byStatusType(held('certified_supplier'), none('forecast_vip'));
      serve(Calls.dynamicViewStatus, views());
      await render(Paths.vipCenter);
      await until(() => testId('vip-remind') !== null && calls(Calls.info).length > 0, 'the status and the profile');
      await until(() => (testId('vip-certified-open') !== null) === shown, 'the open button settled');
      expect(testId('vip-forecast-open')).not.toBeNull();

      serve(Calls.vipPlans, certifiedPlans());
      await h.router.navigate(Paths.openVip);
      await until(() => text().includes('认证供应商 一年'), 'the plans');
      expect(testId('vip-pay') !== null).toBe(shown);
      expect(testId('no-permission-membership') !== null).toBe(!shown);
    },
  );
});
