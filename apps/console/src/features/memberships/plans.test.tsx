// @vitest-environment happy-dom

import { Calls, CodeFlag, type TConsolePlan } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import {
  button,
  choose,
  click,
  createConsoleHarness,
  fail,
  fieldError,
  modalButton,
  ok,
  pageText,
  type,
  until,
} from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'admin' as const };

const plan = (id: number, over: Partial<TConsolePlan> = {}): TConsolePlan => ({
  id,
  kind: 'certified_supplier',
  nameZh: '认证供应商 6个月',
  nameEn: 'Certified supplier, 6 months',
  months: 6,
  days: null,
  viewCount: null,
  priceFen: 499_900,
  active: true,
  sortOrder: 1,
  updatedAt: '2026-11-20T02:00:00.000Z',
  ...over,
});
const sixMonths = plan(1);
const viewPack = plan(3, {
  kind: 'dynamic_view',
  nameZh: '动态查看 30次',
  nameEn: 'Dynamic view, 30 uses',
  months: null,
  viewCount: 30,
  priceFen: 9_900,
  active: false,
});

const rows = () => [...document.querySelectorAll('[data-testid=plan-row]')];
const input = (id: string) => document.querySelector(`#${id}`);

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

async function openNewPlan() {
  await until(() => !!button('新建套餐'), 'the page');
  await click(button('新建套餐'));
  await until(() => !!input('nameZh'), 'the plan dialog');
}

describe('membership plans', () => {
  it('lists every plan with its length, price in yuan and sale, and filters by kind', async () => {
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths, viewPack] }), ok({ list: [viewPack] }));
    await h.render('/memberships/plans');
    await until(() => rows().length === 2, 'two plans');
    expect(h.calls(Calls.consolePlanList)[0]).not.toHaveProperty('kind');
    expect(rows()[0]?.textContent).toContain('认证供应商认证供应商 6个月Certified supplier, 6 months6 个月4999 元在售');
    expect(rows()[1]?.textContent).toContain('动态查看动态查看 30次Dynamic view, 30 uses30 次99 元已下架');
    expect(pageText()).toContain('修改价格或时长只影响此后创建的订单，已创建的订单仍按下单时的价格和时长。');

    await choose('动态查看');
    await until(() => rows().length === 1, 'the dynamic view plans');
    expect(h.calls(Calls.consolePlanList)[1]).toMatchObject({ kind: 'dynamic_view' });
    expect(h.path).toBe('/memberships/plans');
  });

  it('creates a plan: the price typed in yuan is sent in fen, the length by months or days', async () => {
    const saved = plan(7, { nameZh: '认证供应商 90天', months: null, days: 90, priceFen: 250_050 });
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths] }), ok({ list: [sixMonths, saved] }));
    h.serve(Calls.consolePlanSave, ok(saved));
    await h.render('/memberships/plans');
    await until(() => rows().length === 1, 'the plan');
    await openNewPlan();
    await type(input('nameZh'), '认证供应商 90天');
    await type(input('nameEn'), 'Certified supplier, 90 days');
    await choose('按天');
    await type(input('length'), '90');
    await type(input('price'), '2500.5');
    await type(input('sortOrder'), '3');
    await click(modalButton('保存'));
    await until(() => h.calls(Calls.consolePlanSave).length === 1, 'the plan sent');
    const sent = h.calls(Calls.consolePlanSave)[0];
    expect(sent).toMatchObject({
      kind: 'certified_supplier',
      nameZh: '认证供应商 90天',
      nameEn: 'Certified supplier, 90 days',
      days: '90',
      priceFen: '250050',
      active: '1',
      sortOrder: '3',
    });
    expect(sent).not.toHaveProperty('months');
    expect(sent).not.toHaveProperty('id');
    await until(() => rows().length === 2, 'the list asked again');
    expect(showSuccess).toHaveBeenCalledWith('套餐已保存');
  });

  it('edits a plan: its id and kind are kept, the new price sent, a dynamic-view pack by its count', async () => {
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths, viewPack] }));
    h.serve(Calls.consolePlanSave, ok({ ...viewPack, priceFen: 12_900, active: true }));
    await h.render('/memberships/plans');
    await until(() => rows().length === 2, 'two plans');
    await click(rows()[1]?.querySelector('button'));
    await until(() => !!input('viewCount'), 'the dialog with the count');
    expect(input('length')).toBeNull();
    expect((input('price') as HTMLInputElement).value).toBe('99');
    expect(pageText()).toContain('套餐创建后类型不能更改');
    await type(input('price'), '129');
    await click(document.querySelector('.ant-modal .ant-switch'));
    await click(modalButton('保存'));
    await until(() => h.calls(Calls.consolePlanSave).length === 1, 'the plan sent');
    expect(h.calls(Calls.consolePlanSave)[0]).toMatchObject({
      id: '3',
      kind: 'dynamic_view',
      viewCount: '30',
      priceFen: '12900',
      active: '1',
    });
  });

  it('checks the plan with the save call’s own rules before sending it', async () => {
    h.serve(Calls.consolePlanList, ok({ list: [] }));
    await h.render('/memberships/plans');
    await openNewPlan();
    await click(modalButton('保存'));
    // antd shows each field's error as its own validation settles: wait for all three.
    await until(() => ['nameZh', 'nameEn', 'price'].every((field) => fieldError(field) !== ''), 'the errors');
    expect(fieldError('nameZh')).toBe('请填写套餐名称（不超过40个字）');
    expect(fieldError('nameEn')).toBe('请填写套餐名称（不超过40个字）');
    expect(fieldError('price')).toBe('请填写价格（0.01至1000000元）');

    await type(input('nameZh'), '预测会员 1个月');
    await type(input('nameEn'), 'Forecast VIP, 1 month');
    await type(input('price'), '12.345');
    await click(modalButton('保存'));
    await until(() => fieldError('price') === '请填写价格（0.01至1000000元）', 'three decimals refused');
    await type(input('price'), '1e3');
    await click(modalButton('保存'));
    // Were "1e3" taken for a price, the length (checked once the fields are right) would be asked for.
    expect(fieldError('price')).toBe('请填写价格（0.01至1000000元）');
    expect(fieldError('length')).toBe('');

    // The kind's length rule is the schema's last check: it speaks once the fields themselves are right.
    await type(input('price'), '12.34');
    await click(modalButton('保存'));
    await until(() => fieldError('length') === '请填写时长：月数或天数（二选一）', 'the length required');
    await type(input('length'), '121');
    await click(modalButton('保存'));
    await until(() => fieldError('length') === '请填写时长：月数或天数（二选一）', 'too long refused');

    await choose('动态查看', document.querySelector('.ant-modal') ?? undefined);
    await until(() => !!input('viewCount'), 'the count');
    await type(input('price'), '10');
    await click(modalButton('保存'));
    await until(() => fieldError('viewCount') === '动态查看按次数出售，请填写次数（1-1000）', 'the count required');
    expect(h.calls(Calls.consolePlanSave)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths] }));
    h.serve(Calls.consolePlanSave, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await h.render('/memberships/plans');
    await until(() => rows().length === 1, 'the plan');
    await click(rows()[0]?.querySelector('button'));
    await until(() => !!input('length'), 'the dialog');
    await click(modalButton('保存'));
    await until(() => !!document.querySelector('[data-testid=refusal]'), 'the refusal');
    expect(document.querySelector('[data-testid=refusal]')?.textContent).toBe('内容不存在或已删除');
    expect(h.calls(Calls.consolePlanSave)[0]).toMatchObject({ id: '1', months: '6', priceFen: '499900' });
    expect(showError).not.toHaveBeenCalled();
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('lets a customer-service operator see the plans but not create or change one, and says why', async () => {
    const service = { ...operator, role: 'service' as const };
    setSession({ sessionId: 'operator-session', ...service });
    h.serve(Calls.operatorWhoami, ok(service));
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths, viewPack] }));
    await h.render('/memberships/plans');
    await until(() => rows().length === 2, 'two plans');
    expect(document.querySelector('[data-testid=plans-admin-only]')?.textContent).toBe(
      '套餐和价格只有管理员可以新建或修改，客服账号只能查看',
    );
    expect(button('新建套餐')?.hasAttribute('disabled')).toBe(true);
    const edit = rows()[0]?.querySelector('button');
    expect(edit?.hasAttribute('disabled')).toBe(true);
    await click(button('新建套餐'));
    await click(edit);
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(h.calls(Calls.consolePlanSave)).toEqual([]);
  });

  it('offers an administrator the new plan and every plan’s edit without the customer-service note', async () => {
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths, viewPack] }));
    await h.render('/memberships/plans');
    await until(() => rows().length === 2, 'two plans');
    expect(document.querySelector('[data-testid=plans-admin-only]')).toBeNull();
    expect(button('新建套餐')?.hasAttribute('disabled')).toBe(false);
    expect(rows().every((row) => !row.querySelector('button')?.hasAttribute('disabled'))).toBe(true);
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    h.serve(Calls.consolePlanList, ok({ list: [sixMonths] }));
    await h.render('/memberships/plans');
    await until(() => rows().length === 1, 'the plan');
    expect(rows()[0]?.textContent).toContain('Certified supplier');
    expect(rows()[0]?.textContent).toContain('6 months4999 yuanOn sale');
    await click(button('New plan'));
    await until(() => !!input('nameZh'), 'the plan dialog');
    await click(modalButton('Save'));
    await until(() => fieldError('price') !== '', 'the errors');
    expect(fieldError('price')).toBe('Give the price in yuan (0.01 to 1,000,000)');
  });
});
