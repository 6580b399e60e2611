// @vitest-environment happy-dom

import { Calls, CodeFlag, type TConsoleUserDetail, type TConsoleUserRow } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { button, click, createConsoleHarness, fail, modalButton, ok, pageText, type, until } from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '客服小王', role: 'service' as const };

const row = (userId: number, over: Partial<TConsoleUserRow> = {}): TConsoleUserRow => ({
  userId,
  account: '13800000005',
  phone: '13800000005',
  nickName: '演示停用账号（Demo）',
  rootId: userId,
  role: 'owner',
  companyName: '演示违规铝业有限公司（Demo）',
  state: 'active',
  isDemo: true,
  isOperator: false,
  createdAt: '2026-11-01T02:00:00.000Z',
  lastLoginAt: '2026-11-20T02:00:00.000Z',
  ...over,
});
const detail = (userId: number, over: Partial<TConsoleUserDetail> = {}): TConsoleUserDetail => ({
  ...row(userId),
  listings: { stock: 3, capacity: 1, inquiry: 2 },
  takenDown: { stock: 0, capacity: 0, inquiry: 0 },
  colleagues: 1,
  recentLogins: [{ at: '2026-11-20T02:00:00.000Z', platform: 5 }],
  history: [],
  ...over,
});
const disabledDetail = detail(31, {
  state: 'disabled',
  listings: { stock: 0, capacity: 0, inquiry: 0 },
  takenDown: { stock: 3, capacity: 1, inquiry: 2 },
  history: [
    {
      at: '2026-11-21T02:00:00.000Z',
      state: 'disabled',
      reason: '冒用他人营业执照',
      listings: 6,
      operator: { userId: 9, account: '13800000009', name: '客服小王' },
    },
  ],
});
const page = (list: TConsoleUserRow[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const rows = () => [...document.querySelectorAll('[data-testid=user-row]')];
const reason = () => document.querySelector('#reason');

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
  h.serve(Calls.operatorWhoami, ok(operator));
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

async function openFirst() {
  await until(() => rows().length > 0, 'the accounts');
  await click(rows()[0]);
  await until(() => !!document.querySelector('[data-testid=user-detail]'), 'the drawer');
}

describe('accounts', () => {
  it('searches by keyword and lists accounts with company, role, state and the demo mark', async () => {
    h.serve(
      Calls.consoleUserSearch,
      page([row(31), row(32, { role: 'employee', state: 'disabled', isDemo: false, nickName: '李四' })]),
      page([row(31)]),
    );
    await h.render('/accounts/users');
    await until(() => rows().length === 2, 'two rows');
    expect(h.calls(Calls.consoleUserSearch)[0]).toMatchObject({ page: '1', pageSize: '20' });
    expect(rows()[0]?.textContent).toContain('演示违规铝业有限公司（Demo）公司编号 31');
    expect(rows()[0]?.textContent).toContain('正常公司主账号演示数据');
    expect(rows()[1]?.textContent).toContain('已停用员工');
    await type(document.querySelector('#keyword'), '违规铝业');
    await click(button('查询'));
    await until(() => h.calls(Calls.consoleUserSearch).length === 2, 'the search sent');
    expect(h.calls(Calls.consoleUserSearch)[1]).toMatchObject({ keyword: '违规铝业', page: '1' });
    await until(() => rows().length === 1, 'the one found');
  });

  it('says so when nothing is found', async () => {
    h.serve(Calls.consoleUserSearch, page([]));
    await h.render('/accounts/users');
    await until(() => pageText().includes('没有找到账号'), 'the empty state');
  });

  it('disables with a required reason after saying what it does, and shows the new state and history', async () => {
    h.serve(Calls.consoleUserSearch, page([row(31)]), page([row(31, { state: 'disabled' })]));
    h.serve(Calls.consoleUserDetail, ok(detail(31)));
    h.serve(Calls.consoleUserDisable, ok(disabledDetail));
    await h.render('/accounts/users');
    await openFirst();
    expect(pageText()).toContain('现货 3 条，产能 1 条，询价 2 条');
    expect(pageText()).toContain('同公司其他账号 1 个');
    await click(button('停用账号'));
    await until(() => !!reason(), 'the dialog');
    expect(document.querySelector('[data-testid=state-consequence]')?.textContent).toContain(
      '公司的在售信息（现货 3 条、产能 1 条、询价 2 条）随即下架',
    );
    await click(modalButton('停用账号'));
    await until(() => pageText().includes('请填写原因'), 'the reason asked for');
    expect(h.calls(Calls.consoleUserDisable)).toEqual([]);
    await type(reason(), '冒用他人营业执照');
    await click(modalButton('停用账号'));
    await until(() => h.calls(Calls.consoleUserDisable).length === 1, 'the change sent');
    expect(h.calls(Calls.consoleUserDisable)[0]).toMatchObject({ userId: '31', reason: '冒用他人营业执照' });
    await until(() => !reason(), 'the dialog closed');
    expect(showSuccess).toHaveBeenCalledWith('账号已停用，下架 6 条信息');
    await until(() => !!document.querySelector('[data-testid=history-row]'), 'the history');
    expect(document.querySelector('[data-testid=history-row]')?.textContent).toContain('停用冒用他人营业执照6客服小王');
    expect(button('启用账号')).toBeTruthy();
  });

  it('enables in English, and shows a refusal in the dialog', async () => {
    setLanguage('en-US');
    h.serve(Calls.consoleUserSearch, page([row(31, { state: 'disabled' })]));
    h.serve(Calls.consoleUserDetail, ok(disabledDetail));
    h.serve(Calls.consoleUserEnable, fail(CodeFlag.conflict, 'This account is not disabled'));
    await h.render('/accounts/users');
    await openFirst();
    expect(pageText()).toContain('3 stock, 1 capacity, 2 inquiries');
    await click(button('Enable account'));
    await until(() => !!reason(), 'the dialog');
    expect(document.querySelector('[data-testid=state-consequence]')?.textContent).toContain(
      'the listings its disabling took down (3 stock, 1 capacity, 2 inquiries) go back on sale',
    );
    await type(reason(), 'identity checked');
    await click(modalButton('Enable account'));
    await until(() => !!document.querySelector('[data-testid=refusal]'), 'the refusal');
    expect(document.querySelector('[data-testid=refusal]')?.textContent).toContain('This account is not disabled');
    expect(reason()).toBeTruthy();
  });

  it("offers no change of an operator's account", async () => {
    h.serve(Calls.consoleUserSearch, page([row(9, { isOperator: true })]));
    h.serve(Calls.consoleUserDetail, ok(detail(9, { isOperator: true })));
    await h.render('/accounts/users');
    await openFirst();
    expect(pageText()).toContain('运营人员');
    expect(button('停用账号')).toBeFalsy();
  });
});
