// @vitest-environment happy-dom
import {
  Calls,
  CodeFlag,
  ORDER_REQUEST_ID_PATTERN,
  type TCartItem,
  type TCartList,
  type TOrder,
  type TOrderSummary,
  type TQuote,
  type TReceiptAddress,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { showFail } from '../../lib/feedback';
import { setLanguage } from '../../lib/language';
import { Paths, setNavigator } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { cartLine, inquiryDetail, orderProduct, stockSummary } from '../../test/fixtures';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { userAct } from '../../test/userAct';
import { publishPicked } from '../addresses/picked';
import InquiryDetailPage from '../inquiries/pages/InquiryDetailPage';
import ConfirmInquiryOrderPage from './pages/ConfirmInquiryOrderPage';
import ConfirmStockOrderPage from './pages/ConfirmStockOrderPage';
import MyOrdersPage from './pages/MyOrdersPage';
import OrderDetailPage from './pages/OrderDetailPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const buyer = { account: 'buyer01', rootId: 9, userId: 9, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const cart = (second: Partial<TCartItem> = {}): TCartList => ({
  groups: [
    {
      sellerRootId: 42,
      sellerName: '佛山南海铝材有限公司',
      shopOpen: true,
      isDemo: false,
      items: [
        cartLine(),
        cartLine({
          id: 101,
          stockId: 6,
          quantityKg: 2000,
          stock: stockSummary({ id: 6, productName: '铝棒' }),
          ...second,
        }),
      ],
    },
  ],
  count: 2,
  maxLines: 50,
});

const address = (over: Partial<TReceiptAddress> = {}): TReceiptAddress => ({
  id: 31,
  receiver: '张三',
  phone: '13800000001',
  province: '上海市',
  city: '上海市',
  district: '宝山区',
  detail: '蕰川路 100 号',
  isDefault: true,
  ...over,
});

const item = {
  id: 501,
  stockId: 5,
  product: orderProduct(),
  quantityKg: 5000,
  listPriceFen: 2_050_000,
  unitPriceFen: null,
  amountFen: 10_250_000,
};

const summary = (over: Partial<TOrderSummary> = {}): TOrderSummary => ({
  id: 77,
  orderNo: 'TO20261126153000123456',
  source: 'stock',
  state: 'awaiting_quote',
  buyer: { rootId: 9, companyName: '上海宝钢采购', userId: 9, contactName: '王买' },
  seller: { rootId: 42, companyName: '佛山南海铝材有限公司', userId: 42, contactName: '李卖' },
  firstItem: item,
  itemCount: 2,
  totalKg: 7000,
  totalFen: 14_350_000,
  createdAt: '2026-11-26T07:30:00.000Z',
  updatedAt: '2026-11-26T07:30:00.000Z',
  deadline: null,
  ...over,
});

const order = (over: Partial<TOrder> = {}): TOrder => ({
  ...summary(),
  side: 'buyer',
  actions: ['cancel'],
  items: [item],
  inquiryId: null,
  address: {
    receiver: '张三',
    phone: '13800000001',
    province: '上海市',
    city: '上海市',
    district: '宝山区',
    detail: '蕰川路 100 号',
  },
  invoice: null,
  remark: '',
  quote: null,
  payment: {
    method: null,
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
      userId: 9,
      reason: '',
      note: '',
      at: '2026-11-26T07:30:00.000Z',
    },
  ],
  ...over,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.confirmStockOrder]: ConfirmStockOrderPage,
      [Paths.confirmInquiryOrder]: ConfirmInquiryOrderPage,
      [Paths.inquiryDetail]: InquiryDetailPage,
      [Paths.myOrders]: MyOrdersPage,
      [Paths.orderDetail]: OrderDetailPage,
      [Paths.shoppingCart]: Stub,
      [Paths.receiptAddress]: Stub,
      [Paths.invoicePage]: Stub,
      [Paths.stockList]: Stub,
      [Paths.payDesk]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const testIds = (id: string) => [...h.container.querySelectorAll(`[data-testid="${id}"]`)];
const location = () => h.router.state.location;
const dialogButton = (label: string) =>
  [...document.body.querySelectorAll('.adm-dialog button')].filter((b) => b.textContent?.trim() === label).at(-1);
const checkoutPath = `${Paths.confirmStockOrder}?seller=42&items=5:5000,6:2000`;

beforeEach(() => {
  sessionStorage.clear();
  h.install();
  setLanguage('zh-CN');
  setSession(buyer);
  setNavigator((to) => void h.router.navigate(to));
});
afterEach(async () => {
  setNavigator(null);
  await h.cleanup();
  clearSession();
});

describe('confirm_stock_order', () => {
  it('orders the chosen lots at today’s prices to the default address with the picked invoice title', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [address({ id: 30, isDefault: false }), address()], max: 20 }));
    serve(Calls.orderConfirmStock, ok({ orders: [{ orderId: 77, orderNo: 'TO20261126153000123456' }] }));
    serve(Calls.orderDetail, ok(order()));
    await render(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines');
    expect(text()).toContain('¥102500');
    expect(testId('checkout-total')?.textContent).toBe('¥143500');
    expect(testId('checkout-address')?.textContent).toContain('张三');

    publishPicked('confirm_stock_order', {
      invoice: {
        id: 8,
        name: '上海宝钢采购有限公司',
        taxNo: '91310000MA1FL0000X',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        receiverMobile: '',
        email: '',
      },
    });
    await until(() => text().includes('上海宝钢采购有限公司'), 'the invoice title');
    await typeInto(testId('checkout-remark')?.querySelector('textarea'), '周五前到货');
    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmStock).length === 1, 'the order');
    expect(calls(Calls.orderConfirmStock)[0]).toMatchObject({
      addressId: '31',
      invoiceTitleId: '8',
      remark: '周五前到货',
    });
    expect(JSON.parse(calls(Calls.orderConfirmStock)[0]!.items!)).toEqual([
      { stockId: 5, quantity: '5' },
      { stockId: 6, quantity: '2' },
    ]);
    await until(() => location().pathname === Paths.orderDetail, 'the order page');
    expect(location().search).toBe('?id=77');
  });

  it('keeps the address picked on the first trip to a picker through the second (the invoice title), and the remark', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(
      Calls.receiptAddressList,
      ok({ addresses: [address(), address({ id: 30, receiver: '李四', isDefault: false })], max: 20 }),
    );
    serve(Calls.orderConfirmStock, ok({ orders: [{ orderId: 77, orderNo: 'TO20261126153000123456' }] }));
    serve(Calls.orderDetail, ok(order()));
    await render(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines');
    publishPicked('confirm_stock_order', { address: address({ id: 30, receiver: '李四', isDefault: false }) });
    await until(() => testId('checkout-address')?.textContent?.includes('李四') === true, 'the picked address');
    await typeInto(testId('checkout-remark')?.querySelector('textarea'), '周五前到货');

    // To the invoice picker (the checkout page is left) and back with a title.
    await click(testId('checkout-want-invoice'));
    await until(() => location().pathname === Paths.invoicePage, 'the invoice picker');
    publishPicked('confirm_stock_order', {
      invoice: {
        id: 8,
        name: '上海宝钢采购有限公司',
        taxNo: '91310000MA1FL0000X',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        receiverMobile: '',
        email: '',
      },
    });
    await h.router.navigate(-1);
    await until(() => text().includes('上海宝钢采购有限公司'), 'the invoice title');
    expect(testId('checkout-address')?.textContent).toContain('李四');
    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmStock).length === 1, 'the order');
    expect(calls(Calls.orderConfirmStock)[0]).toMatchObject({
      addressId: '30',
      invoiceTitleId: '8',
      remark: '周五前到货',
    });
  });

  it('without an address leads to adding one and sends nothing', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [], max: 20 }));
    await render(checkoutPath);
    await until(() => testId('checkout-add-address') !== null, 'the add link');
    await click(testId('checkout-add-address'));
    expect(location().pathname).toBe(Paths.receiptAddress);
    expect(location().search).toBe('?pick=confirm_stock_order');
    expect(calls(Calls.orderConfirmStock)).toHaveLength(0);
  });

  it('never orders a flagged lot: says so and leads back to the cart', async () => {
    serve(Calls.cartList, ok(cart({ problems: ['soldOut'], checkoutable: false })));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    await render(checkoutPath);
    await until(() => testId('checkout-flagged') !== null, 'the warning');
    expect((testId('checkout-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(testIds('checkout-flag')).toHaveLength(1);
  });

  it('when the server refuses a lot sold out meanwhile, says its words and goes back to the cart (en-US)', async () => {
    setLanguage('en-US');
    serve(Calls.cartList, ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    serve(Calls.orderConfirmStock, fail(CodeFlag.conflict, 'A00铝锭 is sold out'));
    await render(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines');
    expect(text()).toContain('Place order');
    await click(testId('checkout-submit'));
    await until(() => document.body.textContent?.includes('A00铝锭 is sold out') ?? false, 'the refusal');
    await click(dialogButton('Back to cart'));
    await until(() => location().pathname === Paths.shoppingCart, 'the cart');
  });

  it('sends the checkout’s requestId, the same one again when submitted after a failure, kept for a reload until the orders are made', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    serve(
      Calls.orderConfirmStock,
      fail(CodeFlag.serverFault, '服务器繁忙，请稍后再试'),
      ok({ orders: [{ orderId: 77, orderNo: 'TO20261126153000123456' }] }),
    );
    serve(Calls.orderDetail, ok(order()));
    await render(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines');
    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmStock).length === 1, 'the first submit');
    const requestId = calls(Calls.orderConfirmStock)[0]!.requestId!;
    expect(requestId).toMatch(ORDER_REQUEST_ID_PATTERN);
    // Kept where a reload of this checkout finds it.
    expect(Object.values(sessionStorage)).toContain(JSON.stringify(requestId));
    await until(() => !(testId('checkout-submit') as HTMLButtonElement).disabled, 'the button again');

    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmStock).length === 2, 'the second submit');
    expect(calls(Calls.orderConfirmStock)[1]!.requestId).toBe(requestId);
    await until(() => location().pathname === Paths.orderDetail, 'the order page');
    expect(Object.values(sessionStorage)).not.toContain(JSON.stringify(requestId));

    // Ordering the same lots again later is a new attempt.
    await h.router.navigate(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines again');
    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmStock).length === 3, 'the next checkout');
    expect(calls(Calls.orderConfirmStock)[2]!.requestId).toMatch(ORDER_REQUEST_ID_PATTERN);
    expect(calls(Calls.orderConfirmStock)[2]!.requestId).not.toBe(requestId);
  });

  // The button is disabled once the page renders the submit pending; two taps before that both go out.
  it('a double tap sends one attempt’s requestId with both submits', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    serve(Calls.orderConfirmStock, ok({ orders: [{ orderId: 77, orderNo: 'TO20261126153000123456' }] }));
    serve(Calls.orderDetail, ok(order()));
    await render(checkoutPath);
    await until(() => testIds('checkout-line').length === 2, 'the lines');
    const submit = testId('checkout-submit') as HTMLButtonElement;
    await userAct(() => {
      submit.click();
      submit.click();
    });
    await until(() => location().pathname === Paths.orderDetail, 'the order page');
    const requestIds = calls(Calls.orderConfirmStock).map((fields) => fields.requestId);
    expect(requestIds[0]).toMatch(ORDER_REQUEST_ID_PATTERN);
    expect(new Set(requestIds).size).toBe(1);
  });

  it('offers retry when the cart cannot be read', async () => {
    serve(Calls.cartList, fail(CodeFlag.serverFault, ''), ok(cart()));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    await render(checkoutPath);
    await until(() => text().includes('重试'), 'the error');
  });
});

describe('my orders', () => {
  it('lists bought orders, filters by state and switches to sold', async () => {
    serve(Calls.orderList, ok({ list: [summary()], total: 1, page: 1, pageSize: 20 }));
    await render(Paths.myOrders);
    await until(() => testIds('order-row').length === 1, 'the row');
    expect(text()).toContain('佛山南海铝材有限公司');
    expect(text()).toContain('¥143500');
    expect(text()).toContain('待报价');
    expect(calls(Calls.orderList)[0]).toMatchObject({ role: 'bought', page: '1' });

    await click(testId('order-state-shipped'));
    await until(() => calls(Calls.orderList).length === 2, 'the filter');
    expect(calls(Calls.orderList)[1]).toMatchObject({ role: 'bought', state: 'shipped' });

    await click([...h.container.querySelectorAll('.adm-tabs-tab')].find((tab) => tab.textContent === '我卖出的'));
    await until(() => calls(Calls.orderList).length === 3, 'the sold tab');
    expect(calls(Calls.orderList)[2]).toEqual(expect.objectContaining({ role: 'sold' }));
    expect(calls(Calls.orderList)[2]!.state).toBeUndefined();
    await until(() => text().includes('上海宝钢采购'), 'the buyer named on the sold tab');

    await click(testIds('order-row')[0]);
    expect(location().pathname).toBe(Paths.orderDetail);
  });

  it('says when there are no orders', async () => {
    serve(Calls.orderList, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    await render(Paths.myOrders);
    await until(() => text().includes('还没有订单'), 'the empty state');
  });

  it('offers retry when the list fails', async () => {
    serve(Calls.orderList, fail(CodeFlag.serverFault, ''));
    await render(Paths.myOrders);
    await until(() => text().includes('重试'), 'the error');
  });
});

describe('order detail', () => {
  it('shows goods, address and history, and cancels with a reason after confirming', async () => {
    serve(Calls.orderDetail, ok(order()));
    serve(Calls.orderCancel, ok(order({ state: 'cancelled', actions: [], cancelReason: 'duplicate_order' })));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-goods') !== null, 'the order');
    expect(text()).toContain('A00铝锭');
    expect(text()).toContain('蕰川路 100 号');
    expect(text()).toContain('等待卖方确认价格与条款');
    expect(testIds('order-action-cancel')).toHaveLength(1);
    await click(testId('order-action-cancel'));
    await until(() => document.body.querySelector('[data-testid="cancel-form"]') !== null, 'the form');
    const form = document.body.querySelector('[data-testid="cancel-form"]')!;
    await click([...form.querySelectorAll('button')].find((b) => b.textContent === '重复下单'));
    await click(form.querySelector('[data-testid="cancel-submit"]'));
    await click(dialogButton('取消订单'));
    await until(() => calls(Calls.orderCancel).length === 1, 'the cancel');
    expect(calls(Calls.orderCancel)[0]).toMatchObject({ orderId: '77', reason: 'duplicate_order' });
    await until(() => text().includes('订单已取消'), 'the cancelled order');
  });

  it('lets the seller quote each line, freight and terms', async () => {
    serve(Calls.orderDetail, ok(order({ side: 'seller', actions: ['quote', 'cancel'] })));
    serve(Calls.orderQuote, ok(order({ side: 'seller', state: 'quoted', actions: ['quote', 'cancel'] })));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-action-quote') !== null, 'the quote button');
    await click(testId('order-action-quote'));
    await until(() => document.body.querySelector('[data-testid="quote-form"]') !== null, 'the form');
    const price =
      document.body.querySelector('[data-testid="quote-price"] input') ??
      document.body.querySelector('input[aria-label^="A00铝锭"]');
    await typeInto(price, '20400');
    await click(document.body.querySelector('[data-testid="quote-submit"]'));
    await until(() => calls(Calls.orderQuote).length === 1, 'the quote');
    const sent = calls(Calls.orderQuote)[0]!;
    expect(sent).toMatchObject({
      orderId: '77',
      freight: '0',
      deliveryMethod: 'delivery',
      taxIncluded: '1',
      validHours: '24',
    });
    expect(JSON.parse(sent.items!)).toEqual([{ itemId: 501, unitPrice: '20400' }]);
  });

  it('lets the seller confirm a transfer and the buyer confirm receipt, each after confirming', async () => {
    serve(
      Calls.orderDetail,
      ok(order({ side: 'seller', state: 'payment_submitted', actions: ['confirm_paid', 'cancel'] })),
    );
    serve(Calls.orderConfirmPaid, ok(order({ side: 'seller', state: 'paid', actions: ['ship'] })));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-action-confirm_paid') !== null, 'the button');
    await click(testId('order-action-confirm_paid'));
    await click(dialogButton('确认收款'));
    await until(() => calls(Calls.orderConfirmPaid).length === 1, 'the confirmation');
    expect(calls(Calls.orderConfirmPaid)[0]).toMatchObject({ orderId: '77' });
    await until(() => testId('order-action-ship') !== null, 'the next step');
  });

  /** An order paid by transfer whose buyer handed in `slips` (ids), waiting for its seller to look. */
  const slipsWaiting = (...ids: number[]) =>
    order({
      side: 'seller',
      state: 'payment_submitted',
      actions: ['confirm_paid', 'reject_slip', 'cancel'],
      payment: { ...order().payment, method: 'offline_transfer' },
      slips: ids.map((id, i) => ({
        id,
        urls: [`/files/slip-${id}.png`],
        note: '',
        createdAt: `2026-11-26T0${8 + i}:00:00.000Z`,
      })),
    });
  const sheet = (id: string) => document.body.querySelector(`[data-testid="${id}"]`);

  it('lets the seller return the slip on screen, naming it, with a reason it must give', async () => {
    serve(Calls.orderDetail, ok(slipsWaiting(301)));
    const returned = order({ side: 'seller', state: 'agreed', actions: ['confirm_paid', 'cancel'] });
    returned.history.push({
      from: 'payment_submitted',
      to: 'agreed',
      actor: 'seller',
      userId: 5,
      reason: '',
      note: '未查到该笔转账',
      at: '2026-11-26T08:00:00.000Z',
    });
    serve(Calls.orderRejectSlip, ok(returned));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-action-reject_slip') !== null, 'the button');
    await click(testId('order-action-reject_slip'));
    await until(() => sheet('reject-slip-form') !== null, 'the form');
    expect(sheet('reject-slip-which')?.textContent).toBe('将退回 2026-11-26 16:00 提交的凭证');
    expect(sheet('reject-slip-which')?.querySelector('img')?.getAttribute('src')).toBe('/files/slip-301.png');
    await click(sheet('reject-slip-submit'));
    expect(sheet('reject-slip-form')?.textContent).toContain('请填写退回凭证的原因');
    expect(calls(Calls.orderRejectSlip)).toEqual([]);
    await typeInto(sheet('reject-slip-form')!.querySelector('textarea'), ' 未查到该笔转账 ');
    await click(sheet('reject-slip-submit'));
    expect(dialogButton('退回凭证')?.closest('.mm-dialog-destructive')).not.toBeNull();
    await click(dialogButton('退回凭证'));
    await until(() => calls(Calls.orderRejectSlip).length === 1, 'the return');
    expect(calls(Calls.orderRejectSlip)[0]).toMatchObject({ orderId: '77', slipId: '301', note: '未查到该笔转账' });
    await until(() => testId('order-action-reject_slip') === null, 'the order waiting for payment again');
    expect(testId('order-slip-returned')?.textContent).toBe('已退回凭证：未查到该笔转账');
  });

  it('when the buyer has handed in a new slip meanwhile, closes the form on the order showing it, then returns that one', async () => {
    serve(Calls.orderDetail, ok(slipsWaiting(301)), ok(slipsWaiting(301, 302)));
    const changed = '买方已更换付款凭证，请查看新凭证后再操作';
    serve(
      Calls.orderRejectSlip,
      fail(CodeFlag.invalidInput, changed, { errors: { slipId: changed } }),
      ok(order({ side: 'seller', state: 'agreed', actions: ['confirm_paid', 'cancel'] })),
    );
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-action-reject_slip') !== null, 'the button');
    await click(testId('order-action-reject_slip'));
    await until(() => sheet('reject-slip-form') !== null, 'the form');
    await typeInto(sheet('reject-slip-form')!.querySelector('textarea'), '未查到该笔转账');
    await click(sheet('reject-slip-submit'));
    await click(dialogButton('退回凭证'));
    await until(() => calls(Calls.orderRejectSlip).length === 1, 'the return');
    expect(calls(Calls.orderRejectSlip)[0]).toMatchObject({ slipId: '301' });
    await until(() => testIds('order-slip').length === 2, 'the new slip on the order');
    await until(() => sheet('reject-slip-form') === null, 'the form closed');
    expect(showFail).toHaveBeenCalledWith(changed);

    await click(testId('order-action-reject_slip'));
    await until(() => sheet('reject-slip-form') !== null, 'the form again');
    expect(sheet('reject-slip-which')?.textContent).toBe('将退回 2026-11-26 17:00 提交的凭证');
    await typeInto(sheet('reject-slip-form')!.querySelector('textarea'), '也未查到');
    await click(sheet('reject-slip-submit'));
    await click(dialogButton('退回凭证'));
    await until(() => calls(Calls.orderRejectSlip).length === 2, 'the second return');
    expect(calls(Calls.orderRejectSlip)[1]).toMatchObject({ orderId: '77', slipId: '302', note: '也未查到' });
  });

  it('buyer agrees at the cashier when the seller takes it, then pays online', async () => {
    const quoted = order({
      state: 'quoted',
      actions: ['agree', 'cancel'],
      payment: { ...order().payment, onlineAccepted: true },
      quote: {
        version: 2,
        items: [{ itemId: 501, unitPriceFen: 2_040_000, amountFen: 10_200_000 }],
        goodsFen: 10_200_000,
        freightFen: 50_000,
        totalFen: 10_250_000,
        deliveryMethod: 'delivery',
        deliveryDate: '2026-11-30',
        taxIncluded: true,
        note: '',
        quotedAt: '2026-11-26T08:00:00.000Z',
        validUntil: '2026-11-27T08:00:00.000Z',
      },
    });
    serve(Calls.orderDetail, ok(quoted));
    serve(Calls.orderAgree, ok({ ...quoted, state: 'agreed', actions: ['pay_online', 'cancel'] }));
    serve(Calls.orderPayOnline, ok({ payOrderNo: 'PO123', amountFen: 14_350_000 }));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-action-agree') !== null, 'the button');
    await click(testId('order-action-agree'));
    await click(dialogButton('在线支付'));
    await until(() => calls(Calls.orderAgree).length === 1, 'the agreement');
    // The quote on the screen (its second version) is the one agreed.
    expect(calls(Calls.orderAgree)[0]).toMatchObject({ orderId: '77', quoteVersion: '2', paymentMethod: 'cashier' });
    await until(() => testId('order-action-pay_online') !== null, 'pay online');
    await click(testId('order-action-pay_online'));
    await until(() => location().pathname === Paths.payDesk, 'the cashier');
    expect(location().search).toBe('?orderNo=PO123');
  });

  it('says why the platform ended an order: a payment refunded in full, in both languages', async () => {
    const step = (to: TOrder['state'], actor: TOrder['history'][number]['actor'], reason: string) => ({
      from: 'paid' as const,
      to,
      actor,
      userId: null,
      reason,
      note: '',
      at: '2026-11-27T07:30:00.000Z',
    });
    const refunded = order({
      state: 'cancelled',
      actions: [],
      history: [
        ...order().history,
        step('paid', 'operator', 'refund'),
        step('cancelled', 'payment', 'refunded_in_full'),
      ],
    });
    serve(Calls.orderDetail, ok(refunded));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => testId('order-end-reason') !== null, 'the reason');
    expect(testId('order-end-reason')?.textContent).toBe('货款已全额退回');
    expect(text()).toContain('平台退款');
    setLanguage('en-US');
    await until(() => testId('order-end-reason')?.textContent === 'Payment refunded in full', 'the English reason');
  });

  it('shows no platform reason for an order a side cancelled (its reason is among the facts)', async () => {
    serve(Calls.orderDetail, ok(order({ state: 'cancelled', actions: [], cancelReason: 'duplicate_order' })));
    await render(`${Paths.orderDetail}?id=77`);
    await until(() => text().includes('重复下单'), 'the cancel reason');
    expect(testId('order-end-reason')).toBeNull();
  });

  it('says an order that is not the company’s is not found', async () => {
    serve(Calls.orderDetail, fail(CodeFlag.notFound, '订单不存在'));
    await render(`${Paths.orderDetail}?id=78`);
    await until(() => text().includes('重试') || text().includes('不存在'), 'the error');
  });
});

const agreedQuote: TQuote = {
  id: 601,
  inquiryId: 31,
  rootId: 42,
  userId: 42,
  status: 'agreed',
  supplierCompanyName: '巩义铝业有限公司',
  province: '河南省',
  city: '郑州市',
  distanceKm: null,
  items: [],
  totalFen: 205_000_000,
  taxIncluded: true,
  freightIncluded: true,
  paymentMethod: 'advance',
  creditDays: null,
  deliveryDate: '2026-12-01',
  remark: '',
  createdAt: '2026-11-23T03:00:00.000Z',
};

describe('confirm_inquiry_order', () => {
  it('a cooperated inquiry offers the order, which goes out with the address and opens the order', async () => {
    const cooperated = inquiryDetail({ id: 31, status: 'cooperated', mine: true });
    serve(Calls.inquiryDetail, ok(cooperated));
    serve(Calls.quoteList, ok([agreedQuote]));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    serve(Calls.orderConfirmInquiry, ok({ orders: [{ orderId: 90, orderNo: 'TO20261126153000123457' }] }));
    serve(Calls.orderDetail, ok(order({ id: 90 })));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => testId('inquiry-place-order') !== null, 'the place-order button');
    await click(testId('inquiry-place-order'));
    expect(location().pathname).toBe(Paths.confirmInquiryOrder);
    await until(() => testId('checkout-total')?.textContent === '¥2050000', 'the agreed total');
    expect(text()).toContain('巩义铝业有限公司');
    await click(testId('checkout-submit'));
    await until(() => calls(Calls.orderConfirmInquiry).length === 1, 'the order');
    expect(calls(Calls.orderConfirmInquiry)[0]).toMatchObject({ inquiryId: '31', addressId: '31', remark: '' });
    await until(() => location().pathname === Paths.orderDetail, 'the order page');
    expect(location().search).toBe('?id=90');
  });

  it('without an agreed quote says so and sends nothing', async () => {
    serve(Calls.inquiryDetail, ok(inquiryDetail({ id: 31, status: 'open', mine: true })));
    serve(Calls.quoteList, ok([]));
    serve(Calls.receiptAddressList, ok({ addresses: [address()], max: 20 }));
    await render(`${Paths.confirmInquiryOrder}?inquiryId=31`);
    await until(() => text().includes('该询价没有已同意的报价'), 'the note');
    expect((testId('checkout-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
