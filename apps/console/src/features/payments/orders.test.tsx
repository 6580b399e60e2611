// @vitest-environment happy-dom

import { Calls, CodeFlag, type TConsolePayOrder } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import {
  button,
  choose,
  click,
  confirmButton,
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

const order = (orderNo: string, over: Partial<TConsolePayOrder> = {}): TConsolePayOrder => ({
  orderNo,
  purpose: 'membership',
  subject: '认证供应商 6个月',
  amountFen: 499_900,
  state: 'paid',
  channel: 'wxpay',
  refundedFen: 0,
  createdAt: '2026-11-20T02:00:00.000Z',
  expiresAt: '2026-11-20T02:30:00.000Z',
  paidAt: '2026-11-20T02:05:00.000Z',
  receipt: { channel: 'wxpay', transactionId: '4200001234', amountFen: 499_900, paidAt: '2026-11-20T02:05:00.000Z' },
  refunds: [],
  slips: [],
  offlineReference: null,
  userId: 31,
  rootId: 31,
  companyName: '佛山铝业有限公司',
  purposeRef: '5',
  fulfilment: 'done',
  transitions: [
    { from: 'new', to: 'unpaid', cause: 'create', details: {}, at: '2026-11-20T02:00:00.000Z' },
    {
      from: 'unpaid',
      to: 'paid',
      cause: 'notify:wxpay',
      details: { channel: 'wxpay', transactionId: '4200001234' },
      at: '2026-11-20T02:05:00.000Z',
    },
  ],
  ...over,
});
const page = (list: TConsolePayOrder[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });

const rows = () => [...document.querySelectorAll('[data-testid=order-row]')];
const transitions = () => [...document.querySelectorAll('[data-testid=transition-row]')].map((row) => row.textContent);
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

async function openFirstOrder() {
  await until(() => rows().length > 0, 'the orders');
  await click(rows()[0]);
  await until(() => !!document.querySelector('[data-testid=order-detail]'), 'the drawer');
}

/** A search filter of the form (a radio group), by its field's name: state, or one of `filters`. */
const filterGroup = (name: string) => {
  const group = document.querySelector(name === 'state' ? '#state' : `#filters_${name}`);
  if (!group) throw new Error(`no ${name} filter`);
  return group;
};
const checked = (name: string) => filterGroup(name).querySelector('.ant-radio-button-wrapper-checked')?.textContent;
const lastSearch = () => h.calls(Calls.consolePayOrders).at(-1);
const address = () => `${h.router.state.location.pathname}${h.router.state.location.search}`;

async function searchWith(name: string, option: string) {
  const sent = h.calls(Calls.consolePayOrders).length;
  await choose(option, filterGroup(name));
  await click(document.querySelector('.mc-search button[type=submit]'));
  await until(() => h.calls(Calls.consolePayOrders).length === sent + 1, `the search by ${option}`);
}

/** The page opened afresh at the address it shows (a reload, or the link shared), the orders served anew. */
async function reload(answer: ReturnType<typeof page>) {
  const at = address();
  await h.cleanup();
  h.install();
  h.serve(Calls.operatorWhoami, ok(operator));
  h.serve(Calls.consolePayOrders, answer);
  await h.render(at);
  await until(() => h.calls(Calls.consolePayOrders).length === 1, 'the search after the reload');
}

async function startRefund(label = '退款') {
  await click(button(label));
  await until(() => !!document.querySelector('#amount'), 'the refund dialog');
}

describe('payment orders', () => {
  it('searches by order number, company and state, and lists what the server found', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001'),
        order('MM20261120100000002', { state: 'unpaid', channel: null, fulfilment: null }),
      ]),
      page([order('MM20261120100000001', { state: 'partly_refunded', refundedFen: 100_000 })]),
    );
    await h.render('/payments/orders');
    await until(() => rows().length === 2, 'two rows');
    expect(h.calls(Calls.consolePayOrders)[0]).toMatchObject({ page: '1', pageSize: '20' });
    expect(h.calls(Calls.consolePayOrders)[0]).not.toHaveProperty('state');
    expect(rows()[0]?.textContent).toContain('MM20261120100000001');
    expect(rows()[0]?.textContent).toContain('佛山铝业有限公司公司编号 31');
    expect(rows()[0]?.textContent).toContain('4999 元');
    expect(rows()[0]?.textContent).toContain('已支付');
    expect(rows()[1]?.textContent).toContain('待支付未选择');

    await type(input('orderNo'), 'MM2026112010');
    await type(input('company'), '佛山');
    await choose('部分退款');
    await click(button('查询'));
    await until(() => h.calls(Calls.consolePayOrders).length === 2, 'the search sent');
    expect(h.calls(Calls.consolePayOrders)[1]).toMatchObject({
      orderNo: 'MM2026112010',
      company: '佛山',
      state: 'partly_refunded',
      page: '1',
    });
    await until(() => rows().length === 1, 'the one found');
    expect(rows()[0]?.textContent).toContain('已退 1000 元');
    expect(h.path).toBe('/payments/orders');
  });

  it('finds orders by a refund waiting or failed and by a delivery pending or never made, kept in the address', async () => {
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders');
    await until(() => rows().length === 1, 'the orders');
    expect(lastSearch()).not.toHaveProperty('refundState');
    expect(lastSearch()).not.toHaveProperty('fulfilment');
    expect(checked('refundState')).toBe('全部');
    expect(checked('fulfilment')).toBe('全部');
    expect(filterGroup('refundState').textContent).toBe('全部处理中或待转账退回未成功或未确认，待重新发起');
    expect(filterGroup('fulfilment').textContent).toBe('全部待交付无法交付');

    await searchWith('refundState', '处理中或待转账退回');
    expect(lastSearch()).toMatchObject({ refundState: 'pending', page: '1' });
    expect(lastSearch()).not.toHaveProperty('fulfilment');
    expect(address()).toBe('/payments/orders?refundState=pending');

    await searchWith('refundState', '未成功或未确认，待重新发起');
    expect(lastSearch()).toMatchObject({ refundState: 'failed' });

    await searchWith('fulfilment', '待交付');
    expect(lastSearch()).toMatchObject({ refundState: 'failed', fulfilment: 'pending' });

    await searchWith('fulfilment', '无法交付');
    expect(lastSearch()).toMatchObject({ refundState: 'failed', fulfilment: 'refused' });
    expect(address()).toBe('/payments/orders?refundState=failed&fulfilment=refused');

    await searchWith('refundState', '全部');
    expect(lastSearch()).not.toHaveProperty('refundState');
    expect(lastSearch()).toMatchObject({ fulfilment: 'refused' });
    expect(address()).toBe('/payments/orders?fulfilment=refused');

    await searchWith('fulfilment', '全部');
    expect(lastSearch()).not.toHaveProperty('refundState');
    expect(lastSearch()).not.toHaveProperty('fulfilment');
    expect(address()).toBe('/payments/orders');
  });

  it('keeps the refund and delivery filters, with the others, across a reload', async () => {
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders');
    await until(() => rows().length === 1, 'the orders');
    await type(input('company'), '佛山');
    await choose('已支付', filterGroup('state'));
    await searchWith('refundState', '处理中或待转账退回');
    await searchWith('fulfilment', '待交付');
    expect(address()).toBe(
      '/payments/orders?company=%E4%BD%9B%E5%B1%B1&state=paid&refundState=pending&fulfilment=pending',
    );

    const found = order('MM20261120100000001', { fulfilment: 'pending' });
    await reload(ok({ list: [found], total: 45, page: 1, pageSize: 20 }));
    expect(h.calls(Calls.consolePayOrders)[0]).toMatchObject({
      company: '佛山',
      state: 'paid',
      refundState: 'pending',
      fulfilment: 'pending',
      page: '1',
    });
    await until(() => rows().length === 1, 'the order found');
    expect(checked('refundState')).toBe('处理中或待转账退回');
    expect(checked('fulfilment')).toBe('待交付');
    expect(input('company')?.getAttribute('value')).toBe('佛山');

    // Paging on keeps the filters.
    await click(document.querySelector('.ant-pagination-item-2'));
    await until(() => h.calls(Calls.consolePayOrders).length === 2, 'the second page');
    expect(lastSearch()).toMatchObject({ refundState: 'pending', fulfilment: 'pending', page: '2' });
    expect(address()).toBe(
      '/payments/orders?company=%E4%BD%9B%E5%B1%B1&state=paid&refundState=pending&fulfilment=pending&page=2',
    );
  });

  it('ignores a refund or delivery filter in the address that the page does not offer', async () => {
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders?refundState=lost&fulfilment=someday');
    await until(() => rows().length === 1, 'the orders');
    expect(lastSearch()).not.toHaveProperty('refundState');
    expect(lastSearch()).not.toHaveProperty('fulfilment');
    expect(checked('refundState')).toBe('全部');
    expect(checked('fulfilment')).toBe('全部');
  });

  it('says plainly that nothing waits when a refund or delivery filter finds nothing', async () => {
    const empty = () => document.querySelector('.ant-empty-description')?.textContent;
    for (const [at, says] of [
      ['?refundState=pending', '没有退款处理中或待转账退回的订单'],
      ['?refundState=failed', '没有退款未成功或未确认的订单'],
      ['?fulfilment=pending', '没有待交付的订单'],
      ['?fulfilment=refused', '没有无法交付的订单'],
      ['?refundState=pending&fulfilment=pending', '没有符合条件的订单'],
      ['?company=%E4%BD%9B%E5%B1%B1&fulfilment=pending', '没有符合条件的订单'],
      ['', '没有符合条件的订单'],
    ] as const) {
      await h.cleanup();
      h.install();
      h.serve(Calls.operatorWhoami, ok(operator));
      h.serve(Calls.consolePayOrders, page([]));
      await h.render(`/payments/orders${at}`);
      await until(() => empty() === says, `“${says}” for ${at || 'no filter'}`);
    }
  });

  it('offers the refund and delivery filters in English, sent and kept the same way', async () => {
    setLanguage('en-US');
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]), page([]));
    await h.render('/payments/orders');
    await until(() => rows().length === 1, 'the orders');
    expect(filterGroup('refundState').closest('.ant-form-item')?.textContent).toBe(
      'RefundAllIn progress or to pay back by bankFailed or not confirmed: to send again',
    );
    expect(filterGroup('fulfilment').closest('.ant-form-item')?.textContent).toBe(
      'DeliveryAllDelivery pendingNot deliverable',
    );

    await searchWith('refundState', 'Failed or not confirmed: to send again');
    expect(lastSearch()).toMatchObject({ refundState: 'failed' });
    await until(
      () => pageText().includes('No orders with a refund failed or not confirmed'),
      'the empty state for failed refunds',
    );

    await searchWith('refundState', 'In progress or to pay back by bank');
    await searchWith('fulfilment', 'Not deliverable');
    expect(lastSearch()).toMatchObject({ refundState: 'pending', fulfilment: 'refused' });
    expect(address()).toBe('/payments/orders?refundState=pending&fulfilment=refused');

    await reload(page([]));
    expect(h.calls(Calls.consolePayOrders)[0]).toMatchObject({ refundState: 'pending', fulfilment: 'refused' });
    expect(checked('refundState')).toBe('In progress or to pay back by bank');
    expect(checked('fulfilment')).toBe('Not deliverable');
    await until(() => pageText().includes('No orders match'), 'the empty state for both filters');

    await searchWith('refundState', 'All');
    expect(lastSearch()).not.toHaveProperty('refundState');
    await until(
      () => pageText().includes('No orders that can never be delivered'),
      'the empty state for refused deliveries',
    );
    await searchWith('fulfilment', 'Delivery pending');
    await until(() => pageText().includes('No orders with delivery pending'), 'the empty state for pending deliveries');
    await searchWith('fulfilment', 'All');
    expect(lastSearch()).not.toHaveProperty('fulfilment');
    expect(address()).toBe('/payments/orders');
  });

  it('shows an order’s history, who or what caused each change, and its refunds', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          state: 'partly_refunded',
          refundedFen: 100_000,
          refunds: [
            {
              refundNo: 'RF20261121100000001',
              amountFen: 100_000,
              reason: '重复购买',
              state: 'succeeded',
              secondPayment: false,
              createdAt: '2026-11-21T02:00:00.000Z',
              channel: 'wxpay',
              providerRefundId: '5030001',
              failure: null,
            },
          ],
          transitions: [
            ...order('x').transitions,
            {
              from: 'paid',
              to: 'partly_refunded',
              cause: 'operator:9',
              details: { refundNo: 'RF20261121100000001', amountFen: 100_000, reason: '重复购买' },
              at: '2026-11-21T02:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(pageText()).toContain('订单 MM20261120100000001');
    expect(pageText()).toContain('用途会员购买 #5');
    expect(transitions()).toEqual([
      expect.stringContaining('2026-11-20 10:00:00新建 → 待支付下单'),
      expect.stringContaining('待支付 → 已支付微信支付支付通知交易号 4200001234'),
      expect.stringContaining('已支付 → 部分退款运营人员（用户编号 9）退款 1000 元（RF20261121100000001）：重复购买'),
    ]);
    const refund = document.querySelector('[data-testid=refund-row]')?.textContent;
    expect(refund).toContain('1000 元已退款重复购买RF20261121100000001');
  });

  it('refunds in yuan after a confirmation naming the amount, sending fen', async () => {
    const refunded = order('MM20261120100000001', {
      state: 'partly_refunded',
      refundedFen: 100_050,
      refunds: [
        {
          refundNo: 'RF1',
          amountFen: 100_050,
          reason: '协商退款',
          state: 'succeeded',
          secondPayment: false,
          createdAt: '2026-11-21T02:00:00.000Z',
          channel: 'wxpay',
          providerRefundId: '5030002',
          failure: null,
        },
      ],
    });
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]), page([refunded]));
    h.serve(Calls.consolePayRefund, ok(refunded));
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();
    expect(pageText()).toContain('实付 4999 元，已退 0 元，最多还可退 4999 元。');
    await type(input('amount'), '1000.5');
    await type(input('reason'), '协商退款');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    expect(document.querySelector('[data-testid=refund-confirmation]')?.textContent).toContain(
      '确定退款 1000.50 元吗？款项将原路退回给 佛山铝业有限公司，所购内容按退款比例收回',
    );
    expect(h.calls(Calls.consolePayRefund)).toEqual([]);
    await click(modalButton('确认退款'));
    await until(() => h.calls(Calls.consolePayRefund).length === 1, 'the refund sent');
    expect(h.calls(Calls.consolePayRefund)[0]).toMatchObject({
      orderNo: 'MM20261120100000001',
      amountFen: '100050',
      reason: '协商退款',
    });
    await until(() => !document.querySelector('#amount'), 'the dialog closed');
    expect(showSuccess).toHaveBeenCalledWith('已退款 1000.50 元');
    await until(() => pageText().includes('部分退款'), 'the drawer shows the refund');
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain('1000.50 元已退款协商退款');
  });

  it('names a trade order’s payment by its purpose in both languages', async () => {
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000002', { purpose: 'trade_order', purposeRef: '12' })]));
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(pageText()).toContain('用途交易订单 #12');
    setLanguage('en-US');
    await until(() => pageText().includes('Trade order #12'), 'the English purpose');
  });

  it('says a refund the channel is still processing was sent, not done', async () => {
    const processing = order('MM20261120100000001', {
      refunds: [
        {
          refundNo: 'RF2',
          amountFen: 499_900,
          reason: '卖家无货',
          state: 'pending',
          secondPayment: false,
          createdAt: '2026-11-21T02:00:00.000Z',
          channel: 'wxpay',
          providerRefundId: null,
          failure: null,
        },
      ],
    });
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]), page([processing]));
    h.serve(Calls.consolePayRefund, ok(processing));
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();
    await type(input('amount'), '4999');
    await type(input('reason'), '卖家无货');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    await click(modalButton('确认退款'));
    await until(() => !document.querySelector('#amount'), 'the dialog closed');
    expect(showSuccess).toHaveBeenCalledWith('已向支付渠道发起退款 4999 元，渠道确认后显示为已退款（见退款记录）');
  });

  it('checks the amount and the reason before sending anything', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([order('MM20261120100000001', { refundedFen: 400_000, state: 'partly_refunded' })]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();

    await click(modalButton('退款'));
    await until(() => fieldError('amount') !== '', 'the amount refused');
    expect(fieldError('amount')).toBe('退款金额有误');
    expect(fieldError('reason')).toBe('请填写原因');

    for (const notYuan of ['12.345', '1e3', '-5', '0']) {
      await type(input('amount'), notYuan);
      await click(modalButton('退款'));
      await until(() => fieldError('amount') === '退款金额有误', `${notYuan} refused`);
    }

    await type(input('amount'), '1000');
    await click(modalButton('退款'));
    await until(() => fieldError('reason') !== '', 'the reason required');
    expect(fieldError('reason')).toBe('请填写原因');

    await type(input('reason'), '   ');
    await click(modalButton('退款'));
    await until(() => fieldError('reason') === '请填写原因', 'a blank reason refused');

    await type(input('reason'), '协商退款');
    await click(modalButton('退款'));
    await until(() => fieldError('amount') === '退款金额不能超过可退金额999元', 'more than is left refused');
    expect(document.querySelector('[data-testid=refund-confirmation]')).toBeNull();
    expect(h.calls(Calls.consolePayRefund)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog, and sends nothing more until asked again', async () => {
    const failedRefund = {
      refundNo: 'RF2',
      amountFen: 499_900,
      reason: '全额退款',
      state: 'failed' as const,
      secondPayment: false,
      createdAt: '2026-11-21T02:00:00.000Z',
      channel: 'wxpay' as const,
      providerRefundId: null,
      // The channel said no at once: a confirmed failure.
      failure: 'refused' as const,
    };
    h.serve(
      Calls.consolePayOrders,
      page([order('MM20261120100000001')]),
      page([order('MM20261120100000001', { refunds: [failedRefund] })]),
    );
    h.serve(Calls.consolePayRefund, fail(CodeFlag.paymentFailed, '退款未成功，请稍后再试'));
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();
    await type(input('amount'), '4999');
    await type(input('reason'), '全额退款');
    await click(modalButton('退款'));
    await until(() => !!modalButton('确认退款'), 'the confirmation');
    await click(modalButton('确认退款'));
    await until(() => !!document.querySelector('[data-testid=refusal]'), 'the refusal');
    expect(document.querySelector('[data-testid=refusal]')?.textContent).toBe('退款未成功，请稍后再试');
    // Shown once, in the dialog, not also as a passing message.
    expect(showError).not.toHaveBeenCalled();
    expect(h.calls(Calls.consolePayRefund)).toHaveLength(1);
    expect(modalButton('确认退款')).toBeUndefined();
    expect(document.querySelector('#amount')).not.toBeNull();
    // The refused refund is on the order now, as the drawer shows once the search is asked again.
    await until(() => !!document.querySelector('[data-testid=refund-row]'), 'the failed refund');
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain('4999 元未成功全额退款');
  });

  it('says an order paid by transfer is owed back by bank, not paid back by the system', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000004', {
          channel: 'offline',
          receipt: {
            channel: 'offline',
            transactionId: 'offline:7',
            amountFen: 499_900,
            paidAt: '2026-11-21T02:00:00.000Z',
          },
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();
    await type(input('amount'), '4999');
    await type(input('reason'), '合同取消');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    expect(document.querySelector('[data-testid=refund-confirmation]')?.textContent).toContain(
      '确定退款 4999 元吗？该订单以对公转账支付，系统不会自动退款：确认后记录一笔待转账退回的退款；请将款项转账退回给 佛山铝业有限公司，再在退款记录中点“已转账退回”填写银行流水号',
    );
  });

  it('does not let a customer-service operator refund, and says only an administrator can', async () => {
    const service = { ...operator, role: 'service' as const };
    setSession({ sessionId: 'operator-session', ...service });
    h.serve(Calls.operatorWhoami, ok(service));
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=refund-admin-only]')?.textContent).toBe(
      '退款只有管理员可以操作，客服账号不能退款',
    );
    expect(button('退款')?.hasAttribute('disabled')).toBe(true);
    await click(button('退款'));
    expect(document.querySelector('#amount')).toBeNull();
    expect(h.calls(Calls.consolePayRefund)).toEqual([]);
  });

  it('lets an administrator refund without the customer-service note', async () => {
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=refund-admin-only]')).toBeNull();
    await startRefund();
    expect(document.querySelector('#amount')).not.toBeNull();
  });

  it('offers no refund for an order not paid', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000003', {
          state: 'closed',
          channel: 'offline',
          paidAt: null,
          fulfilment: null,
          receipt: null,
          offlineReference: 'MM3A7F',
          transitions: [
            { from: 'new', to: 'unpaid', cause: 'create', details: {}, at: '2026-11-20T02:00:00.000Z' },
            { from: 'unpaid', to: 'closed', cause: 'job:close', details: {}, at: '2026-11-27T02:00:00.000Z' },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(button('退款')).toBeUndefined();
    expect(pageText()).toContain('仅已支付或部分退款、且仍有可退金额的订单可以退款');
    expect(transitions()[1]).toContain('待支付 → 已关闭超时未支付，自动关闭');
    expect(pageText()).toContain('MM3A7F');
  });

  it('sends a failed refund again after a confirmation, a second payment’s too', async () => {
    const failed = {
      refundNo: 'RF20261121100000000003',
      amountFen: 499_900,
      reason: '重复支付，自动退回',
      state: 'failed' as const,
      secondPayment: true,
      createdAt: '2026-11-21T02:00:00.000Z',
      channel: 'alipay' as const,
      providerRefundId: null,
      failure: 'refused' as const,
    };
    const resent = order('MM20261120100000001', {
      refunds: [{ ...failed, state: 'succeeded', providerRefundId: '2026112222001', failure: null }],
    });
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001', { refunds: [failed] })]), page([resent]));
    h.serve(Calls.consolePayRefundRetry, ok(resent));
    await h.render('/payments/orders');
    await until(() => rows().length > 0, 'the orders');
    expect(rows()[0]?.querySelector('[data-testid=refund-waiting]')?.textContent).toBe('退款待处理');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain(
      '4999 元未成功重复支付，自动退回RF20261121100000000003',
    );
    await click(button('重新发起'));
    await until(() => !!confirmButton('重新发起'), 'the confirmation');
    expect(h.calls(Calls.consolePayRefundRetry)).toEqual([]);
    await click(confirmButton('重新发起'));
    await until(() => h.calls(Calls.consolePayRefundRetry).length === 1, 'the refund sent again');
    expect(h.calls(Calls.consolePayRefundRetry)[0]).toMatchObject({ refundNo: 'RF20261121100000000003' });
    await until(
      () => (document.querySelector('[data-testid=refund-row]')?.textContent ?? '').includes('已退款'),
      'done',
    );
    expect(showSuccess).toHaveBeenCalledWith('已重新发起退款 RF20261121100000000003');
    expect(button('重新发起')).toBeUndefined();
  });

  it('records a refund owed back by bank with the transfer’s reference, checked before it is sent', async () => {
    const owed = {
      refundNo: 'RF20261121100000000004',
      amountFen: 499_900,
      reason: '重复支付（对公转账），由平台转账退回',
      state: 'pending' as const,
      secondPayment: true,
      createdAt: '2026-11-21T02:00:00.000Z',
      channel: 'offline' as const,
      providerRefundId: null,
      failure: null,
    };
    const paidBack = order('MM20261120100000001', {
      refunds: [{ ...owed, state: 'succeeded', providerRefundId: 'ICBC001' }],
    });
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001', { refunds: [owed] })]), page([paidBack]));
    h.serve(Calls.consolePayRefundDone, ok(paidBack));
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain('4999 元待转账退回');
    await click(button('已转账退回'));
    await until(() => !!document.querySelector('#reference'), 'the dialog');
    expect(document.querySelector('[data-testid=refund-done-hint]')?.textContent).toContain(
      '请先通过银行向 佛山铝业有限公司 转账 4999 元',
    );
    await click(modalButton('记录已退回'));
    await until(() => fieldError('reference') !== '', 'the reference asked for');
    expect(fieldError('reference')).toBe('请填写退款转账的银行流水号');
    expect(h.calls(Calls.consolePayRefundDone)).toEqual([]);
    await type(input('reference'), ' ICBC001 ');
    await click(modalButton('记录已退回'));
    await until(() => h.calls(Calls.consolePayRefundDone).length === 1, 'recorded');
    expect(h.calls(Calls.consolePayRefundDone)[0]).toMatchObject({
      refundNo: 'RF20261121100000000004',
      reference: 'ICBC001',
    });
    await until(() => !document.querySelector('#reference'), 'the dialog closed');
    expect(showSuccess).toHaveBeenCalledWith('已记录转账退回 4999 元');
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain('银行流水号 ICBC001');
  });

  it('lets customer service see a refund to handle but neither send it again nor record it', async () => {
    const service = { ...operator, role: 'service' as const };
    setSession({ sessionId: 'operator-session', ...service });
    h.serve(Calls.operatorWhoami, ok(service));
    const refund = {
      amountFen: 1_000,
      reason: '退款',
      secondPayment: false,
      createdAt: '2026-11-21T02:00:00.000Z',
      providerRefundId: null,
    };
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          refunds: [
            { ...refund, refundNo: 'RF20261121100000000005', state: 'failed', channel: 'wxpay', failure: 'refused' },
            { ...refund, refundNo: 'RF20261121100000000006', state: 'pending', channel: 'offline', failure: null },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(button('重新发起')?.hasAttribute('disabled')).toBe(true);
    expect(button('已转账退回')?.hasAttribute('disabled')).toBe(true);
    await click(button('已转账退回'));
    expect(document.querySelector('#reference')).toBeNull();
    expect(h.calls(Calls.consolePayRefundRetry)).toEqual([]);
    expect(h.calls(Calls.consolePayRefundDone)).toEqual([]);
  });

  it('shows a refund failed without the channel’s word as not confirmed, beside sending it again', async () => {
    const refund = {
      amountFen: 100_000,
      reason: '退款',
      secondPayment: false,
      createdAt: '2026-11-21T02:00:00.000Z',
      channel: 'wxpay' as const,
      providerRefundId: null,
      state: 'failed' as const,
    };
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          refunds: [
            { ...refund, refundNo: 'RF20261121100000000007', failure: 'unconfirmed' },
            { ...refund, refundNo: 'RF20261121100000000008', failure: 'refused' },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    const refundRows = () => [...document.querySelectorAll('[data-testid=refund-row]')].map((row) => row.textContent);
    expect(refundRows()).toEqual([
      expect.stringContaining('1000 元未确认（请重新发起）退款RF20261121100000000007重新发起'),
      expect.stringContaining('1000 元未成功退款RF20261121100000000008重新发起'),
    ]);
  });

  it('says in English that a refund is not confirmed', async () => {
    setLanguage('en-US');
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          refunds: [
            {
              refundNo: 'RF20261121100000000007',
              amountFen: 100_000,
              reason: 'refund',
              state: 'failed',
              failure: 'unconfirmed',
              secondPayment: false,
              createdAt: '2026-11-21T02:00:00.000Z',
              channel: 'wxpay',
              providerRefundId: null,
            },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=refund-row]')?.textContent).toContain(
      '1000 yuanNot confirmed: send again',
    );
  });

  it('counts refunds in progress and not confirmed as not refundable, a second payment’s and refused ones aside', async () => {
    const refund = {
      reason: '退款',
      secondPayment: false,
      createdAt: '2026-11-21T02:00:00.000Z',
      channel: 'wxpay' as const,
      providerRefundId: null,
    };
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          refunds: [
            { ...refund, refundNo: 'RF1', amountFen: 100_000, state: 'failed', failure: 'unconfirmed' },
            { ...refund, refundNo: 'RF2', amountFen: 50_000, state: 'pending', failure: null },
            { ...refund, refundNo: 'RF3', amountFen: 200_000, state: 'failed', failure: 'refused' },
            { ...refund, refundNo: 'RF4', amountFen: 499_900, state: 'pending', failure: null, secondPayment: true },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    await startRefund();
    expect(pageText()).toContain('实付 4999 元，已退 0 元，最多还可退 3499 元。');
    await type(input('amount'), '3499.01');
    await type(input('reason'), '重退');
    await click(modalButton('退款'));
    await until(() => fieldError('amount') !== '', 'more than is left refused');
    expect(fieldError('amount')).toBe('最多还可退3499元：另有1000元退款未确认是否已退，请先在退款记录中重新发起该退款');
    expect(document.querySelector('[data-testid=refund-confirmation]')).toBeNull();
    await type(input('amount'), '3499');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    expect(h.calls(Calls.consolePayRefund)).toEqual([]);
  });

  it('tags an order whose delivery is pending or never happens, and not one delivered', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001'),
        order('MM20261120100000002', { fulfilment: 'pending' }),
        order('MM20261120100000003', { state: 'refunded', refundedFen: 499_900, fulfilment: 'refused' }),
        order('MM20261120100000004', { state: 'unpaid', channel: null, fulfilment: null }),
      ]),
    );
    await h.render('/payments/orders');
    await until(() => rows().length === 4, 'the orders');
    const tags = rows().map((row) => row.querySelector('[data-testid=fulfilment-tag]')?.textContent ?? null);
    expect(tags).toEqual([null, '待交付', '无法交付', null]);
  });

  it('says in the drawer that a purchase is not delivered because a refund came first, and what can still be refunded', async () => {
    const refundedFirst = {
      from: 'paid',
      to: 'partly_refunded',
      cause: 'operator:9',
      details: {
        refundNo: 'RF20261121100000000009',
        amountFen: 100_000,
        reason: '协商退款',
        channel: 'wxpay',
        fulfilmentAbandoned: true,
      },
      at: '2026-11-21T02:00:00.000Z',
    };
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          state: 'partly_refunded',
          refundedFen: 100_000,
          fulfilment: 'refused',
          transitions: [
            ...order('x').transitions,
            {
              from: 'paid',
              to: 'paid',
              cause: 'notify:wxpay',
              details: { fulfilmentFailed: 'membership service unavailable' },
              at: '2026-11-20T02:05:00.000Z',
            },
            refundedFirst,
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=fulfilment]')?.textContent).toBe(
      '无法交付交付前已退款 1000 元（RF20261121100000000009），所购内容不再交付尚有 3999 元可退：如也应退回买家，请另行退款',
    );
    expect(transitions()[3]).toContain('交付前已退款，不再交付');
  });

  it('says why a purchase can never be delivered, and that a delivery pending is retried, warning before a refund', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          state: 'refunded',
          refundedFen: 499_900,
          fulfilment: 'refused',
          transitions: [
            ...order('x').transitions,
            {
              from: 'paid',
              to: 'paid',
              cause: 'notify:wxpay',
              details: {
                fulfilmentRefused: '交易订单已取消',
                refundNo: 'RF20261121100000000010',
                amountFen: 499_900,
                reason: '无法交付，自动退款',
              },
              at: '2026-11-20T02:05:00.000Z',
            },
          ],
        }),
        order('MM20261120100000002', { fulfilment: 'pending' }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=fulfilment]')?.textContent).toBe(
      '无法交付所购内容无法交付（交易订单已取消），剩余款项自动退回（对公转账由平台转账退回，见退款记录）',
    );

    await click(document.querySelector('.ant-drawer-close'));
    await until(() => !document.querySelector('[data-testid=order-detail]'), 'the drawer closed');
    await click(rows()[1]);
    await until(() => !!document.querySelector('[data-testid=fulfilment]'), 'the second order');
    expect(document.querySelector('[data-testid=fulfilment]')?.textContent).toBe(
      '待交付交付失败，系统每分钟自动重试（原因见状态记录）',
    );
    await startRefund();
    await type(input('amount'), '1000');
    await type(input('reason'), '部分退款');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    expect(document.querySelector('[data-testid=refund-undelivered]')?.textContent).toBe(
      '该订单所购内容尚未交付：退款成功后将不再交付（部分退款也是如此），未退的款项不会自动退回。',
    );
  });

  it('shows a delivered order’s delivery without a warning, and a refund the channel refused after all in its history', async () => {
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', {
          transitions: [
            ...order('x').transitions,
            {
              from: 'paid',
              to: 'paid',
              cause: 'notify:wxpay',
              details: {
                refundNo: 'RF20261121100000000011',
                refundFailed: 'closed or abnormal at the provider',
                failure: 'refused',
                amountFen: 100_000,
                refusedAfterUnconfirmed: true,
              },
              at: '2026-11-22T02:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(document.querySelector('[data-testid=fulfilment]')?.textContent).toBe('已交付');
    expect(transitions()[2]).toContain('渠道确认这笔此前未确认的退款未退，其金额可重新退款');
    await startRefund();
    await type(input('amount'), '1000');
    await type(input('reason'), '部分退款');
    await click(modalButton('退款'));
    await until(() => !!document.querySelector('[data-testid=refund-confirmation]'), 'the confirmation');
    expect(document.querySelector('[data-testid=refund-undelivered]')).toBeNull();
  });

  it('tells the delivery in English', async () => {
    setLanguage('en-US');
    h.serve(
      Calls.consolePayOrders,
      page([
        order('MM20261120100000001', { fulfilment: 'pending' }),
        order('MM20261120100000002', {
          state: 'partly_refunded',
          refundedFen: 499_800,
          fulfilment: 'refused',
          transitions: [
            ...order('x').transitions,
            {
              from: 'paid',
              to: 'partly_refunded',
              cause: 'operator:9',
              details: { refundNo: 'RF1', amountFen: 499_800, reason: 'refund', fulfilmentAbandoned: true },
              at: '2026-11-21T02:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    await h.render('/payments/orders');
    await until(() => rows().length === 2, 'the orders');
    expect(rows().map((row) => row.querySelector('[data-testid=fulfilment-tag]')?.textContent)).toEqual([
      'Delivery pending',
      'Not deliverable',
    ]);
    await click(rows()[1]);
    await until(() => !!document.querySelector('[data-testid=fulfilment]'), 'the drawer');
    expect(document.querySelector('[data-testid=fulfilment]')?.textContent).toBe(
      'Not deliverable4998 yuan was refunded (RF1) before the delivery, so what it bought will not be delivered1 yuan can still be refunded: if it is owed to the buyer too, refund it separately',
    );
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    h.serve(Calls.consolePayOrders, page([order('MM20261120100000001')]));
    await h.render('/payments/orders');
    await openFirstOrder();
    expect(pageText()).toContain('Payment orders');
    expect(transitions()[1]).toContain('Unpaid → PaidWeChat Pay notification');
    await startRefund('Refund');
    await click(modalButton('Refund'));
    await until(() => fieldError('amount') !== '', 'the amount refused');
    expect(fieldError('amount')).toBe('The refund amount is not valid');
  });
});
