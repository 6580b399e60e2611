// @vitest-environment happy-dom
import { Calls, CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLanguage, setLanguage } from '../lib/i18n';
import { clearSession, getSession, setSession } from '../lib/session';
import { button, click, createConsoleHarness, fail, ok, pageText, until } from '../test/harness';

vi.mock('../lib/feedback', async () => (await import('../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'admin' as const };

beforeEach(() => {
  h.install();
  localStorage.clear();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('the console shell', () => {
  it("shows the operator's name and role, and logs out after a confirmation", async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(Calls.logout, ok(null));
    await h.render('/');
    await until(() => !!document.querySelector('[data-testid=operator]'), 'the operator');
    expect(document.querySelector('[data-testid=operator]')?.textContent).toBe('审核员甲管理员');

    await click(button('退出登录'));
    await until(() => pageText().includes('确定退出运营后台吗？'), 'the confirmation');
    await click([...document.querySelectorAll('.ant-popconfirm button')].at(-1));
    await until(() => h.path === '/login', 'the login');
    expect(h.calls(Calls.logout)).toEqual([expect.objectContaining({ session_id: 'operator-session' })]);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('metal.console.session')).toBeNull();
  });

  it("switches to English: the console's words, antd's own and the server's messages", async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    await h.render('/reviews/company-names');
    await until(() => pageText().includes('队列已清空'), 'the empty queue');
    await click([...document.querySelectorAll('.ant-segmented-item')].find((item) => item.textContent === 'English'));
    await until(() => pageText().includes('The queue is clear'), 'English');
    expect(pageText()).toContain('Company name changes');
    expect(pageText()).toContain('Administrator');
    expect(getLanguage()).toBe('en-US');
    expect(localStorage.getItem('metal.console.lang')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');

    await click(button('Log out'));
    // antd's own buttons follow its locale.
    await until(
      () => [...document.querySelectorAll('.ant-popconfirm button')].some((b) => b.textContent === 'Cancel'),
      'antd in English',
    );

    await click(button('Refresh'));
    await until(() => h.calls(Calls.pendingNameChanges).some((call) => call.lang === 'en-US'), 'lang sent');
  });

  it('opens payment orders, plans and grants from the side menu, and the transfer queue among the reviews', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(Calls.consolePayOfflineQueue, ok([]));
    h.serve(Calls.consolePayOrders, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    h.serve(Calls.consolePlanList, ok({ list: [] }));
    await h.render('/');
    await until(() => pageText().includes('会员与支付'), 'the menu');
    const entry = (text: string) =>
      [...document.querySelectorAll('.ant-menu-item')].find((item) => item.textContent?.includes(text));
    expect(entry('对公转账确认')).toBeDefined();
    await click(entry('支付订单'));
    await until(() => h.path === '/payments/orders', 'the orders');
    await click(entry('会员套餐'));
    await until(() => h.path === '/memberships/plans', 'the plans');
    await click(entry('授予会员权益'));
    await until(() => h.path === '/memberships/grant', 'the grant');
    await until(() => pageText().includes('认证供应商属于公司'), 'the grant form');
  });

  it('sends an operator whose session ended to the login, forgetting it', async () => {
    h.serve(Calls.operatorWhoami, fail(CodeFlag.notLoggedIn, '请先登录'));
    await h.render('/reviews/company-names');
    await until(() => h.path === '/login', 'the login');
    expect(getSession()).toBeNull();
  });

  it('logs out an account that is no longer an operator, and says why', async () => {
    h.serve(Calls.operatorWhoami, fail(CodeFlag.forbidden, '无权进行此操作'));
    await h.render('/reviews/company-names');
    await until(() => h.path === '/login', 'the login');
    await until(() => pageText().includes('该账号已不是运营人员，请重新登录'), 'the reason');
    expect(getSession()).toBeNull();
  });

  it('answers an unknown page with a way back', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    await h.render('/no/such/page');
    await until(() => pageText().includes('页面不存在'), 'not found');
    await click(button('回到首页'));
    await until(() => h.path === '/reviews/company-names', 'the first queue');
  });
});
