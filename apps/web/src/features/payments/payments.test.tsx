// @vitest-environment happy-dom
import { Calls, CodeFlag, type TPayOrder, type TUploadedFile, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';
import { pickFiles, pictureFile } from '../../test/inputs';
import { click, createPageHarness, fail, layOutForInfiniteScroll, ok, until } from '../../test/pageHarness';
import PayDeskPage from './pages/PayDeskPage';
import PayOrdersPage from './pages/PayOrdersPage';
import PayPage from './pages/PayPage';
import PaySuccessPage from './pages/PaySuccessPage';
import { openProvider } from './provider';
import { rememberPurchase } from './purchase';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));
vi.mock('./provider', () => ({ openProvider: vi.fn() }));

const ORDER_NO = 'MM2026112022000012345678';
const payOrder = (over: Partial<TPayOrder> = {}): TPayOrder => ({
  orderNo: ORDER_NO,
  purpose: 'membership',
  subject: '认证供应商 半年',
  amountFen: 499_900,
  state: 'unpaid',
  channel: null,
  refundedFen: 0,
  createdAt: '2026-11-20T14:00:00.000Z',
  expiresAt: '2026-11-20T14:30:00.000Z',
  paidAt: null,
  receipt: null,
  refunds: [],
  slips: [],
  offlineReference: null,
  ...over,
});
const paid = (over: Partial<TPayOrder> = {}) =>
  payOrder({
    state: 'paid',
    channel: 'wxpay',
    paidAt: '2026-11-20T14:05:00.000Z',
    receipt: { channel: 'wxpay', transactionId: '4200001234', amountFen: 499_900, paidAt: '2026-11-20T14:05:00.000Z' },
    ...over,
  });
const slip: TUploadedFile = {
  id: 55,
  url: '/files/private/55.png',
  thumbUrl: '/files/private/55.thumb.png',
  name: 'slip.jpg',
  size: 10,
  type: 'image/png',
};
const owner = { account: 'seller01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.payDesk]: PayDeskPage,
      [Paths.payPage]: PayPage,
      [Paths.paySuccess]: PaySuccessPage,
      [Paths.payOrders]: PayOrdersPage,
      [Paths.vipCenter]: Stub,
      [Paths.visitor]: Stub,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const pathname = () => h.router.state.location.pathname;

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

describe('pay-desk (cashier)', () => {
  it('shows the amount and subject, and sends the buyer to WeChat Pay, coming back to the payment page', async () => {
    serve(Calls.payStatus, ok(payOrder()));
    serve(
      Calls.payCreate,
      ok({
        action: 'redirect' as const,
        orderNo: ORDER_NO,
        channel: 'wxpay' as const,
        amountFen: 499_900,
        expiresAt: '2026-11-20T14:30:00.000Z',
        url: '/pay/sandbox/cashier?channel=wxpay',
      }),
    );
    await render(`${Paths.payDesk}?orderNo=${ORDER_NO}`);
    await until(() => testId('pay-amount') !== null, 'the order');
    expect(testId('pay-amount')?.textContent).toBe('¥4999');
    expect(testId('pay-subject')?.textContent).toBe('认证供应商 半年');
    expect(text()).toContain('请在 2026-11-20 22:30 前完成支付');
    expect(testId('pay-channel-wxpay')?.getAttribute('aria-pressed')).toBe('true');

    await click(testId('pay-submit'));
    await until(() => vi.mocked(openProvider).mock.calls.length === 1, 'the provider');
    expect(calls(Calls.payCreate)).toMatchObject([{ orderNo: ORDER_NO, channel: 'wxpay', device: 'mobile' }]);
    expect(openProvider).toHaveBeenCalledWith('/pay/sandbox/cashier?channel=wxpay');
    expect(pathname()).toBe(Paths.payPage);
  });

  it("in English, pays by Alipay, and says the server's refusal of a closed order without leaving", async () => {
    setLanguage('en-US');
    serve(Calls.payStatus, ok(payOrder()));
    serve(Calls.payCreate, fail(CodeFlag.conflict, translate('pay.notPayable', 'en-US')));
    await render(`${Paths.payDesk}?orderNo=${ORDER_NO}`);
    await until(() => testId('pay-channel-alipay') !== null, 'the channels');
    expect(text()).toContain('WeChat Pay');
    expect(text()).toContain('Bank transfer');
    await click(testId('pay-channel-alipay'));
    expect(testId('pay-submit')?.textContent).toBe('Pay ¥4999');
    await click(testId('pay-submit'));
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the refusal');
    expect(calls(Calls.payCreate)).toMatchObject([{ channel: 'alipay' }]);
    expect(showFail).toHaveBeenCalledWith(translate('pay.notPayable', 'en-US'));
    expect(openProvider).not.toHaveBeenCalled();
    expect(pathname()).toBe(Paths.payDesk);
  });

  it('by bank transfer: the account and reference, the slip required, handed in, then waiting for the platform', async () => {
    serve(
      Calls.payStatus,
      ok(payOrder()),
      ok(
        payOrder({
          channel: 'offline',
          offlineReference: 'K7Q2M9XA',
          slips: [{ id: 1, state: 'pending', reason: '', url: '/files/p.png', createdAt: '2026-11-20T14:10:00.000Z' }],
        }),
      ),
    );
    serve(
      Calls.payCreate,
      ok({
        action: 'offline' as const,
        orderNo: ORDER_NO,
        channel: 'offline' as const,
        amountFen: 499_900,
        expiresAt: '2026-11-27T14:05:00.000Z',
        offline: {
          accountName: '金属市场（测试）有限公司',
          bankName: '沙箱银行测试支行',
          accountNo: '6222 0000 0000 0000 000',
          reference: 'K7Q2M9XA',
        },
      }),
    );
    serve(
      Calls.payOfflineSlip,
      ok(
        payOrder({
          channel: 'offline',
          offlineReference: 'K7Q2M9XA',
          slips: [{ id: 1, state: 'pending', reason: '', url: '/files/p.png', createdAt: '2026-11-20T14:10:00.000Z' }],
        }),
      ),
    );
    vi.mocked(uploadFiles).mockResolvedValue([slip]);
    await render(`${Paths.payDesk}?orderNo=${ORDER_NO}`);
    await until(() => testId('pay-channel-offline') !== null, 'the channels');
    await click(testId('pay-channel-offline'));
    expect(testId('pay-submit')?.textContent).toBe('查看转账信息');
    await click(testId('pay-submit'));
    await until(() => testId('offline-instructions') !== null, 'the instructions');
    expect(calls(Calls.payCreate)).toMatchObject([{ channel: 'offline' }]);
    expect(testId('offline-accountName')?.textContent).toContain('金属市场（测试）有限公司');
    expect(testId('offline-accountNo')?.textContent).toContain('6222 0000 0000 0000 000');
    expect(testId('offline-reference')?.textContent).toContain('K7Q2M9XA');
    expect(text()).toContain('请在 2026-11-27 22:05 前完成转账');

    await click(testId('offline-submit'));
    expect(text()).toContain('请先上传转账凭证');
    expect(calls(Calls.payOfflineSlip)).toEqual([]);

    await pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), [
      pictureFile('slip.jpg'),
    ]);
    await until(() => h.container.querySelector('.mm-uploader-tile.is-done') !== null, 'the upload');
    expect(vi.mocked(uploadFiles).mock.calls[0]?.[1]).toMatchObject({ kind: 'transferSlip' });
    await click(testId('offline-submit'));
    await until(() => pathname() === Paths.payPage, 'the payment page');
    expect(calls(Calls.payOfflineSlip)).toMatchObject([{ orderNo: ORDER_NO, fileId: '55' }]);
    await until(() => testId('pay-status')?.textContent?.includes('凭证已提交，等待平台确认') === true, 'waiting');
    expect(testId('pay-check')).toBeNull();
  });

  it('goes to the success page for a paid order, and says a missing one does not exist', async () => {
    serve(Calls.payStatus, ok(paid()));
    await render(`${Paths.payDesk}?orderNo=${ORDER_NO}`);
    await until(() => pathname() === Paths.paySuccess, 'the success page');
    await h.cleanup();

    h.install();
    setSession(owner);
    serve(Calls.payStatus, fail(CodeFlag.notFound, ''));
    await render(`${Paths.payDesk}?orderNo=${ORDER_NO}`);
    await until(() => text().includes('订单不存在'), 'not found');
    expect(showFail).not.toHaveBeenCalled();
  });
});

describe('pay/pay', () => {
  it('asks pay/status until the provider has confirmed, then shows the success page with what was bought and the way on', async () => {
    rememberPurchase(ORDER_NO, { item: '认证供应商 半年', next: Paths.visitor });
    serve(Calls.payStatus, ok(payOrder({ channel: 'wxpay' })), ok(paid()));
    await render(`${Paths.payPage}?orderNo=${ORDER_NO}`);
    await until(() => testId('pay-status') !== null, 'the waiting page');
    expect(testId('pay-status')?.textContent).toContain('正在确认支付结果');
    await click(testId('pay-check'));
    await until(() => testId('pay-success') !== null, 'the success page');
    expect(pathname()).toBe(Paths.paySuccess);
    expect(testId('pay-bought')?.textContent).toBe('已购买：认证供应商 半年');
    expect(testId('receipt-channel')?.textContent).toContain('微信支付');
    expect(testId('receipt-paidAt')?.textContent).toContain('2026-11-20 22:05');
    expect(testId('receipt-transactionId')?.textContent).toContain('4200001234');
    await click(testId('pay-way-on'));
    expect(pathname()).toBe(Paths.visitor);
  });

  it('polls by itself while the buyer waits, in English', async () => {
    setLanguage('en-US');
    serve(
      Calls.payStatus,
      ok(payOrder({ channel: 'alipay' })),
      ok(
        paid({
          receipt: {
            channel: 'alipay',
            transactionId: '2026112022001',
            amountFen: 499_900,
            paidAt: '2026-11-20T14:05:00.000Z',
          },
        }),
      ),
    );
    await render(`${Paths.payPage}?orderNo=${ORDER_NO}`);
    await until(() => testId('pay-status')?.textContent?.includes('Confirming your payment') === true, 'waiting');
    // The next ask comes PAY_STATUS_POLL_MS later, with nothing tapped.
    for (let second = 0; second < 3 && !testId('pay-success'); second++) {
      await until(() => testId('pay-success') !== null, 'the success page').catch(() => undefined);
    }
    expect(calls(Calls.payStatus).length).toBeGreaterThanOrEqual(2);
    expect(testId('pay-success')?.textContent).toContain('Payment succeeded');
    // Without a note of the purchase (another tab), the order's own subject says what was bought.
    expect(testId('pay-bought')?.textContent).toBe('Bought: 认证供应商 半年');
    expect(testId('receipt-channel')?.textContent).toContain('Alipay');
    expect(testId('pay-way-on')).toBeNull();
    await click(testId('pay-vip-center'));
    expect(pathname()).toBe(Paths.vipCenter);
  });

  it('says a closed order is closed, and a rejected transfer slip why', async () => {
    serve(Calls.payStatus, ok(payOrder({ state: 'closed' })));
    await render(`${Paths.payPage}?orderNo=${ORDER_NO}`);
    await until(() => text().includes('订单已关闭'), 'closed');
    await h.cleanup();

    h.install();
    setSession(owner);
    serve(
      Calls.payStatus,
      ok(
        payOrder({
          channel: 'offline',
          slips: [{ id: 1, state: 'rejected', reason: '金额不符', url: '', createdAt: '2026-11-20T14:10:00.000Z' }],
        }),
      ),
    );
    await render(`${Paths.payPage}?orderNo=${ORDER_NO}`);
    await until(() => text().includes('转账凭证未通过'), 'rejected');
    expect(text()).toContain('原因：金额不符');
    await click(testId('pay-reupload'));
    expect(pathname()).toBe(Paths.payDesk);
  });
});

describe('success page', () => {
  it('sends an order not paid yet to the payment page', async () => {
    serve(Calls.payStatus, ok(payOrder({ channel: 'wxpay' })));
    await render(`${Paths.paySuccess}?orderNo=${ORDER_NO}`);
    await until(() => pathname() === Paths.payPage, 'the payment page');
  });
});

describe('order history', () => {
  it('lists the receipts: number, amount, channel, paid time and state, refunds included', async () => {
    layOutForInfiniteScroll();
    serve(
      Calls.payOrders,
      ok({
        list: [
          payOrder({ orderNo: 'MM1', expiresAt: '2099-01-01T00:00:00.000Z' }),
          payOrder({
            orderNo: 'MM3',
            channel: 'offline',
            slips: [{ id: 2, state: 'pending', reason: '', url: '', createdAt: '2026-11-20T14:10:00.000Z' }],
          }),
          paid({
            orderNo: 'MM2',
            state: 'partly_refunded',
            refundedFen: 100_000,
            refunds: [
              {
                refundNo: 'R1',
                amountFen: 100_000,
                reason: '协商退款',
                state: 'succeeded',
                secondPayment: false,
                createdAt: '2026-11-21T02:00:00.000Z',
              },
              {
                refundNo: 'R2',
                amountFen: 499_900,
                reason: '重复支付，自动退回 (paid twice: refunded automatically)',
                state: 'pending',
                secondPayment: true,
                createdAt: '2026-11-21T03:00:00.000Z',
              },
            ],
          }),
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      }),
    );
    await render(Paths.payOrders);
    await until(() => h.container.querySelectorAll('[data-testid="pay-order"]').length === 3, 'the orders');
    const [open, transfer, refunded] = [...h.container.querySelectorAll('[data-testid="pay-order"]')];
    expect(transfer?.textContent).toContain('转账凭证待平台确认');
    expect(transfer?.textContent).toContain('对公转账');
    expect(transfer?.querySelector('button')?.textContent).toBe('查看进度');
    expect(open?.querySelector('[data-testid="pay-state"]')?.textContent).toBe('待支付');
    expect(refunded?.querySelector('[data-testid="pay-state"]')?.textContent).toBe('部分退款');
    expect(refunded?.textContent).toContain('MM2');
    expect(refunded?.textContent).toContain('¥4999');
    expect(refunded?.textContent).toContain('微信支付');
    expect(refunded?.textContent).toContain('2026-11-20 22:05');
    expect(refunded?.textContent).toContain('退款 ¥1000：协商退款已退款');
    expect(refunded?.textContent).toContain('该订单重复支付，第二笔 ¥4999 原路退回退款中');
    await click([...(open?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('去支付')));
    expect(`${pathname()}${h.router.state.location.search}`).toBe(`${Paths.payDesk}?orderNo=MM1`);
  });

  it('in English: says there are none yet, and offers retry when they cannot be read', async () => {
    setLanguage('en-US');
    serve(Calls.payOrders, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    await render(Paths.payOrders);
    await until(() => text().includes('No orders yet'), 'the empty state');
    await h.cleanup();

    h.install();
    setSession(owner);
    serve(Calls.payOrders, fail(CodeFlag.serverFault, 'Server busy'));
    await render(Paths.payOrders);
    await until(() => [...h.container.querySelectorAll('button')].some((b) => b.textContent === 'Retry'), 'retry');
  });
});
