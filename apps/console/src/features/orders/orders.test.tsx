// @vitest-environment happy-dom

import { Calls, CodeFlag, type TOrder } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { button, click, createConsoleHarness, fail, ok, pageText, type, until } from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '客服乙', role: 'service' as const };

const order = (id: number, over: Partial<TOrder> = {}): TOrder => ({
  id,
  orderNo: `TO2026112010000000000${id}`,
  source: 'stock',
  state: 'agreed',
  buyer: { rootId: 31, companyName: '佛山铝业有限公司', userId: 31, contactName: '王五' },
  seller: { rootId: 42, companyName: '巩义铝材贸易', userId: 43, contactName: '李四' },
  firstItem: {
    id: 1,
    stockId: 7,
    product: {
      sortId: 13,
      sortName: 'A00铝',
      productName: '铝锭',
      specifications: 'AL99.70',
      brand: '',
      manufacturer: '',
      place: '河南省 郑州市',
      splittable: true,
      picture: '',
    },
    quantityKg: 2000,
    listPriceFen: 2_050_000,
    unitPriceFen: 2_040_000,
    amountFen: 4_080_000,
  },
  itemCount: 1,
  totalKg: 2000,
  totalFen: 4_110_000,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
  deadline: '2026-11-23T03:00:00.000Z',
  side: 'buyer',
  actions: [],
  items: [],
  inquiryId: null,
  address: null,
  invoice: null,
  remark: '尽快发货',
  quote: null,
  payment: {
    method: 'offline_transfer',
    onlineAccepted: false,
    paymentDays: 3,
    bankAccount: null,
    payOrderNo: null,
    paidAt: null,
  },
  slips: [],
  shipment: null,
  cancelReason: null,
  history: [
    {
      from: null,
      to: 'awaiting_quote',
      actor: 'buyer',
      userId: 31,
      reason: '',
      note: '',
      at: '2026-11-20T02:00:00.000Z',
    },
    {
      from: 'awaiting_quote',
      to: 'quoted',
      actor: 'seller',
      userId: 43,
      reason: '',
      note: '含税',
      at: '2026-11-20T02:30:00.000Z',
    },
    { from: 'quoted', to: 'agreed', actor: 'buyer', userId: 31, reason: '', note: '', at: '2026-11-20T03:00:00.000Z' },
  ],
  ...over,
});
const page = (list: TOrder[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const rows = () => [...document.querySelectorAll('[data-testid=trade-order-row]')];
const transitions = () =>
  [...document.querySelectorAll('[data-testid=trade-transition-row]')].map((r) => r.textContent);

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

describe('trade orders', () => {
  it('lists orders with both companies, searches by number and company, and opens one with its history', async () => {
    h.serve(Calls.consoleOrderList, page([order(1), order(2, { state: 'cancelled' })]), page([order(1)]));
    h.serve(Calls.consoleOrderDetail, ok(order(1, { items: [order(1).firstItem] })));
    await h.render('/orders');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('佛山铝业有限公司');
    expect(rows()[0]?.textContent).toContain('巩义铝材贸易');
    expect(rows()[0]?.textContent).toContain('41100 元');
    expect(rows()[0]?.textContent).toContain('待付款');
    expect(rows()[1]?.textContent).toContain('已取消');

    await type(document.querySelector('#orderNo'), 'TO2026');
    await type(document.querySelector('#company'), '佛山');
    await click(button('查找'));
    await until(() => h.calls(Calls.consoleOrderList).length === 2, 'the search sent');
    expect(h.calls(Calls.consoleOrderList)[1]).toMatchObject({ orderNo: 'TO2026', company: '佛山', page: '1' });

    await until(() => rows().length === 1, 'the one found');
    await click(rows()[0]);
    await until(() => !!document.querySelector('[data-testid=trade-order-detail]'), 'the drawer');
    expect(h.calls(Calls.consoleOrderDetail)[0]).toMatchObject({ orderId: '1' });
    expect(transitions()).toEqual([
      expect.stringContaining('待报价'),
      expect.stringContaining('待报价 → 待确认'),
      expect.stringContaining('待确认 → 待付款'),
    ]);
    expect(transitions()[1]).toContain('卖方（用户 43）');
    expect(pageText()).toContain('自提（无收货地址）');
  });

  it('reads in English and says when nothing matches or the order cannot be read', async () => {
    setLanguage('en-US');
    h.serve(Calls.consoleOrderList, page([order(1)]));
    h.serve(Calls.consoleOrderDetail, fail(CodeFlag.notFound, 'Not found'));
    await h.render('/orders');
    await until(() => rows().length === 1, 'the row');
    expect(rows()[0]?.textContent).toContain('Awaiting payment');
    await click(rows()[0]);
    await until(() => pageText().includes('The order could not be read; please refresh'), 'the error');
  });

  it('has no refund or delivery filter (those are the payment orders’), and sends none from the address', async () => {
    h.serve(Calls.consoleOrderList, page([order(1)]));
    await h.render('/orders?state=agreed&refundState=pending&fulfilment=pending');
    await until(() => rows().length === 1, 'the row');
    const sent = h.calls(Calls.consoleOrderList)[0];
    expect(sent).toMatchObject({ state: 'agreed', page: '1' });
    expect(sent).not.toHaveProperty('refundState');
    expect(sent).not.toHaveProperty('fulfilment');
    expect(document.querySelector('#filters_refundState, #filters_fulfilment, #refundState, #fulfilment')).toBeNull();
    expect(document.querySelectorAll('.mc-search .ant-form-item-label')).toHaveLength(3);
  });

  it('shows the empty state', async () => {
    h.serve(Calls.consoleOrderList, page([]));
    await h.render('/orders');
    await until(() => pageText().includes('没有符合条件的订单'), 'the empty state');
  });
});
