// @vitest-environment happy-dom

import { Calls, CodeFlag, type TConsolePayOrder, type TOfflineQueueItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import {
  button,
  click,
  confirmButton,
  fail,
  fieldError,
  modalButton,
  ok,
  pageText,
  type,
  until,
} from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

// Confirming a transfer moves money (contract auth 'admin'): an administrator, unless a test says otherwise.
const { h, rows, fact, serveQueue, logInAs } = reviewQueueFixture({
  path: '/reviews/offline-transfers',
  list: Calls.consolePayOfflineQueue,
  review: Calls.consolePayOfflineConfirm,
  role: 'admin',
});

const slip = (slipId: number, over: Partial<TOfflineQueueItem> = {}): TOfflineQueueItem => ({
  slipId,
  orderNo: `MM2026112010000000${slipId}`,
  reference: `MM7K${slipId}Q`,
  amountFen: 880_000,
  subject: '认证供应商 1年',
  rootId: 40 + slipId,
  companyName: `江苏铜业${slipId}有限公司`,
  url: `/files/private/slips/${slipId}.png?sig=abc`,
  createdAt: `2026-11-2${slipId}T01:00:00.000Z`,
  ...over,
});

/** What the confirm and reject calls answer: the order as it now is (its contents are not shown here). */
const decided = (state: TConsolePayOrder['state']): TConsolePayOrder => ({
  orderNo: 'MM20261120100000001',
  purpose: 'membership',
  subject: '认证供应商 1年',
  amountFen: 880_000,
  state,
  channel: 'offline',
  refundedFen: 0,
  createdAt: '2026-11-20T01:00:00.000Z',
  expiresAt: '2026-11-27T01:00:00.000Z',
  paidAt: null,
  receipt: null,
  refunds: [],
  slips: [],
  offlineReference: 'MM7K1Q',
  userId: 41,
  rootId: 41,
  companyName: '江苏铜业1有限公司',
  purposeRef: 'purchase:1',
  fulfilment: state === 'paid' ? 'done' : null,
  transitions: [],
});

const PATH = '/reviews/offline-transfers';

describe('the bank transfer queue', () => {
  it('lists waiting slips oldest first with company, amount and reference', async () => {
    serveQueue(ok([slip(1), slip(2, { companyName: '', amountFen: 499_950 })]));
    await h.render(PATH);
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('江苏铜业1有限公司8800 元MM7K1Q认证供应商 1年');
    expect(rows()[1]?.textContent).toContain('公司编号 424999.50 元MM7K2Q');
    expect(document.querySelector('[data-testid=badge-offline-transfers]')?.textContent).toContain('2');
  });

  it('shows the slip image from the link the call gives, the amount and the reference', async () => {
    serveQueue(ok([slip(1)]));
    await h.render(`${PATH}/1`);
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('amount')).toBe('8800 元');
    expect(fact('reference')).toBe('MM7K1Q');
    expect(fact('orderNo')).toBe('MM20261120100000001');
    expect(document.querySelector('[data-testid=fact-slip] img')?.getAttribute('src')).toBe(
      '/files/private/slips/1.png?sig=abc',
    );
    expect(document.querySelector('[data-testid=slip-link]')?.getAttribute('href')).toBe(
      '/files/private/slips/1.png?sig=abc',
    );
  });

  it('confirms the money arrived after a confirmation naming the amount and reference', async () => {
    serveQueue(ok([slip(1)]), ok([]));
    h.serve(Calls.consolePayOfflineConfirm, ok(decided('paid')));
    await h.render(`${PATH}/1`);
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(pageText()).toContain('请先在对公账户核实已收到 8800 元、附言为 MM7K1Q 的转账');
    expect(h.calls(Calls.consolePayOfflineConfirm)).toEqual([]);
    await click(confirmButton('通过'));
    await until(() => h.path === PATH, 'back at the queue');
    expect(h.calls(Calls.consolePayOfflineConfirm)).toEqual([
      expect.objectContaining({ slipId: '1', session_id: 'operator-session' }),
    ]);
    expect(h.calls(Calls.consolePayOfflineReject)).toEqual([]);
    expect(showSuccess).toHaveBeenCalledWith('已确认到账，订单已支付');
  });

  it('does not offer a customer-service operator the confirmation, says why, and lets them reject', async () => {
    logInAs('service');
    serveQueue(ok([slip(1)]), ok([]));
    h.serve(Calls.consolePayOfflineReject, ok(decided('unpaid')));
    await h.render(`${PATH}/1`);
    await until(() => !!button('通过'), 'the approve button');
    expect(document.querySelector('[data-testid=approve-admin-only]')?.textContent).toBe(
      '确认到账只有管理员可以操作；客服账号可以驳回凭证，不能确认到账',
    );
    expect(button('通过')?.hasAttribute('disabled')).toBe(true);
    await click(button('通过'));
    expect(confirmButton('通过')).toBeUndefined();
    expect(h.calls(Calls.consolePayOfflineConfirm)).toEqual([]);
    expect(button('驳回')?.hasAttribute('disabled')).toBe(false);
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    await type(document.querySelector('.ant-modal textarea'), '未查到该笔到账');
    await click(modalButton('驳回'));
    await until(() => h.path === PATH, 'back at the queue');
    expect(h.calls(Calls.consolePayOfflineReject)).toEqual([
      expect.objectContaining({ slipId: '1', reason: '未查到该笔到账' }),
    ]);
  });

  it('offers an administrator the confirmation without the customer-service note', async () => {
    serveQueue(ok([slip(1)]));
    await h.render(`${PATH}/1`);
    await until(() => !!button('通过'), 'the approve button');
    expect(button('通过')?.hasAttribute('disabled')).toBe(false);
    expect(document.querySelector('[data-testid=approve-admin-only]')).toBeNull();
  });

  it('rejects a slip only with a reason', async () => {
    serveQueue(ok([slip(1)]), ok([]));
    h.serve(Calls.consolePayOfflineReject, ok(decided('unpaid')));
    await h.render(`${PATH}/1`);
    await until(() => !!button('驳回'), 'the reject button');
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    await click(modalButton('驳回'));
    await until(() => fieldError('reason') === '驳回时请填写原因', 'the reason required');
    expect(h.calls(Calls.consolePayOfflineReject)).toEqual([]);
    await type(document.querySelector('.ant-modal textarea'), '凭证金额与订单不符');
    await click(modalButton('驳回'));
    await until(() => h.path === PATH, 'back at the queue');
    expect(h.calls(Calls.consolePayOfflineReject)).toEqual([
      expect.objectContaining({ slipId: '1', reason: '凭证金额与订单不符' }),
    ]);
    expect(h.calls(Calls.consolePayOfflineConfirm)).toEqual([]);
    expect(showSuccess).toHaveBeenCalledWith('已驳回，买家会在订单中看到原因');
  });

  it('shows the refusal when another operator decided the slip first, and lists the queue again', async () => {
    serveQueue(ok([slip(1)]), ok([]));
    h.serve(Calls.consolePayOfflineConfirm, fail(CodeFlag.conflict, '该凭证已处理'));
    await h.render(`${PATH}/1`);
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    await click(confirmButton('通过'));
    await until(() => vi.mocked(showError).mock.calls.length > 0, 'the refusal');
    expect(showError).toHaveBeenCalledWith('该凭证已处理');
    expect(showSuccess).not.toHaveBeenCalled();
    await until(() => pageText().includes('该申请已不在队列中'), 'the slip gone from the queue');
    expect(h.calls(Calls.consolePayOfflineQueue).length).toBeGreaterThanOrEqual(2);
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([slip(1)]));
    await h.render(`${PATH}/1`);
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('amount')).toBe('8800 yuan');
    expect(pageText()).toContain('Bank transfers');
    expect(pageText()).toContain('Transfer reference');
  });
});
