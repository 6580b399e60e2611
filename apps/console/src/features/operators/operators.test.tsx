// @vitest-environment happy-dom

import { Calls, type TOperatorAction } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { click, createConsoleHarness, ok, pageText, until } from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'service' as const };

const action = (id: number, over: Partial<TOperatorAction> = {}): TOperatorAction => ({
  id,
  createdAt: '2026-11-20T02:00:00.000Z',
  operator: { userId: 9, account: '13800000009', name: '审核员甲' },
  action: 'company_name.reject',
  target: `company_name_change:${id}`,
  detail: { rootId: 7, newName: '新名铝业有限公司', reason: '与营业执照不一致' },
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid=action-row]')];

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('the operator action log', () => {
  it('shows who did what, when, to what, with the details, newest first as the server lists them', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(
      Calls.operatorActions,
      ok({
        list: [action(2), action(1, { action: 'stock.delist', target: 'stock:5', detail: {} })],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    );
    await h.render('/operator-actions');
    await until(() => rows().length === 2, 'two rows');
    const [first, second] = rows();
    expect(first?.textContent).toContain('2026-11-20 10:00:00');
    expect(first?.textContent).toContain('审核员甲13800000009');
    expect(first?.textContent).toContain('驳回公司名称变更company_name.reject');
    expect(first?.textContent).toContain('company_name_change:2');
    expect(first?.textContent).toContain('原因: 与营业执照不一致');
    expect(first?.textContent).toContain('公司编号: 7');
    // An action this console has no words for yet still shows, by its code.
    expect(second?.textContent).toContain('stock.delist');
    expect(pageText()).toContain('共 2 条');
    expect(h.calls(Calls.operatorActions)[0]).toMatchObject({ page: '1', pageSize: '20' });
  });

  it("words the review queues' actions, with a feature's own names for its details", async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(
      Calls.operatorActions,
      ok({
        list: [
          action(3, {
            action: 'verification.approve',
            target: 'verification_escalation:3',
            detail: { userId: 31, kind: 'idInUse', revokedUserId: 77 },
          }),
          action(2, {
            action: 'shop.reject',
            target: 'shop_application:2',
            detail: { rootId: 8, reason: '地址不符' },
          }),
          action(1, { action: 'licence.approve', target: 'company_licence:1', detail: { rootId: 8 } }),
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      }),
    );
    await h.render('/operator-actions');
    await until(() => rows().length === 3, 'three rows');
    const [verification, shop, licence] = rows();
    expect(verification?.textContent).toContain('通过实名认证人工审核');
    expect(verification?.textContent).toContain('用户编号: 31');
    expect(verification?.textContent).toContain('申请原因: 身份证号已被认证');
    expect(verification?.textContent).toContain('失去认证的用户编号: 77');
    expect(shop?.textContent).toContain('驳回开通店铺');
    expect(shop?.textContent).toContain('原因: 地址不符');
    expect(licence?.textContent).toContain('通过营业执照');
    expect(licence?.textContent).toContain('公司编号: 8');
  });

  it('words the payment and membership actions and their details', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(
      Calls.operatorActions,
      ok({
        list: [
          action(4, {
            action: 'payment.refund',
            target: 'payment_order:MM20261120100000001',
            detail: { refundNo: 'RF20261121100000001', amountFen: 100_000, reason: '重复购买' },
          }),
          action(3, {
            action: 'payment.offline_confirm',
            target: 'payment_order:MM20261120100000002',
            detail: { slipId: 12, amountFen: 880_000 },
          }),
          action(2, {
            action: 'plan.save',
            target: 'plan:1',
            detail: {
              kind: 'certified_supplier',
              priceFen: 499_900,
              months: 6,
              days: null,
              viewCount: null,
              active: true,
            },
          }),
          action(1, {
            action: 'entitlement.grant',
            target: 'user:31',
            detail: { kind: 'forecast_vip', days: 30, reason: '活动赠送' },
          }),
        ],
        total: 4,
        page: 1,
        pageSize: 20,
      }),
    );
    await h.render('/operator-actions');
    await until(() => rows().length === 4, 'four rows');
    const [refund, confirm, plan, grant] = rows();
    expect(refund?.textContent).toContain('退款payment.refund');
    expect(refund?.textContent).toContain('退款单号: RF20261121100000001');
    expect(refund?.textContent).toContain('金额（分）: 100000');
    expect(confirm?.textContent).toContain('确认对公转账到账');
    expect(confirm?.textContent).toContain('转账凭证编号: 12');
    expect(plan?.textContent).toContain('保存会员套餐');
    expect(plan?.textContent).toContain('权益: 认证供应商');
    expect(grant?.textContent).toContain('授予会员权益');
    expect(grant?.textContent).toContain('权益: 预测会员');
    expect(grant?.textContent).toContain('原因: 活动赠送');
  });

  it('pages through the log', async () => {
    const page = (n: number) => ok({ list: [action(n * 100)], total: 45, page: n, pageSize: 20 });
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(Calls.operatorActions, page(1), page(2));
    await h.render('/operator-actions');
    await until(() => rows().length === 1, 'the first page');
    await click(document.querySelector('.ant-pagination-item-2'));
    await until(() => pageText().includes('company_name_change:200'), 'the second page');
    expect(h.calls(Calls.operatorActions)[1]).toMatchObject({ page: '2', pageSize: '20' });
    expect(h.router.state.location.search).toBe('?page=2&pageSize=20');
  });

  it('says when nothing has been recorded', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    h.serve(Calls.operatorActions, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    await h.render('/operator-actions');
    await until(() => pageText().includes('暂无操作记录'), 'the empty log');
  });
});
