// @vitest-environment happy-dom
import {
  Calls,
  CodeFlag,
  type TManagedStock,
  type TOrderProxy,
  type TOrderProxyLine,
  type TReceiptAddress,
  type TUserCard,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths, setNavigator } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { lotsOnSale, managedStock, orderProduct } from '../../test/fixtures';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import ConfirmProxyOrderPage from './pages/ConfirmProxyOrderPage';
import ProxyPickPage from './pages/ProxyPickPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const BUYER = 9;
const SELLER = 42;
const session = (userId: number) => ({
  account: `user${userId}`,
  rootId: userId,
  userId,
  sessionId: 's',
  lastLoginDate: '2026-11-20 08:00:00',
});

const line = (over: Partial<TOrderProxyLine> = {}): TOrderProxyLine => ({
  stockId: 5,
  product: orderProduct(),
  quantityKg: 3000,
  listPriceFen: 2_050_000,
  unitPriceFen: null,
  amountFen: 6_150_000,
  problem: '',
  ...over,
});

const selection = (over: Partial<TOrderProxy> = {}): TOrderProxy => ({
  proxyId: 12,
  mode: 'spot',
  side: 'buyer',
  sellerRootId: SELLER,
  sellerName: '佛山南海铝材有限公司',
  sellerUserId: SELLER,
  buyerUserId: BUYER,
  lines: [line(), line({ stockId: 6, quantityKg: 1500, amountFen: 3_075_000 })],
  freightFen: 0,
  deliveryMethod: 'delivery',
  note: '周五前可发',
  agentBuyId: null,
  orderId: null,
  totalFen: 9_225_000,
  createdAt: '2026-11-26T07:30:00.000Z',
  ...over,
});

const address: TReceiptAddress = {
  id: 31,
  receiver: '张三',
  phone: '13800000001',
  province: '上海市',
  city: '上海市',
  district: '宝山区',
  detail: '蕰川路 100 号',
  isDefault: true,
};

const lot = (id: number, over: Partial<TManagedStock> = {}): TManagedStock =>
  managedStock({ id, rootId: SELLER, productName: `铝锭${id}`, ...over });
const buyerCard = ok<TUserCard>({
  userId: BUYER,
  head: '',
  signature: '',
  rootId: BUYER,
  nickName: '王经理',
  companyName: '上海宝钢采购',
  isFriend: false,
  remark: '',
  openShop: false,
  account: '139****5678',
  marketList: [],
  realName: false,
  isDemo: false,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.confirmProxyOrder]: ConfirmProxyOrderPage,
      [Paths.proxyPick]: ProxyPickPage,
      [Paths.orderDetail]: Stub,
      [Paths.myOrders]: Stub,
      [Paths.chatPage]: Stub,
      [Paths.receiptAddress]: Stub,
      [Paths.invoicePage]: Stub,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const testIds = (id: string) => [...h.container.querySelectorAll(`[data-testid="${id}"]`)];
const location = () => h.router.state.location;
const dialogButton = (label: string) =>
  [...document.body.querySelectorAll('.adm-dialog button')].filter((b) => b.textContent?.trim() === label).at(-1);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setNavigator((to) => void h.router.navigate(to));
});
afterEach(async () => {
  setNavigator(null);
  await h.cleanup();
  clearSession();
});

describe('confirm_proxy_order', () => {
  beforeEach(() => setSession(session(BUYER)));

  it('shows the buyer what the seller picked, orders it with the address and opens the order', async () => {
    serve(Calls.orderProxyDetail, ok(selection()));
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    serve(Calls.orderProxyConfirm, ok({ orders: [{ orderId: 90, orderNo: 'TO20261126153000123457' }] }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-total')?.textContent === '¥92250', 'the total');
    expect(text()).toContain('佛山南海铝材有限公司');
    expect(text()).toContain('现货代选');
    expect(text()).toContain('卖方留言：周五前可发');
    expect(testIds('proxy-line')).toHaveLength(2);
    await click(testId('proxy-submit'));
    await until(() => calls(Calls.orderProxyConfirm).length === 1, 'the order');
    expect(calls(Calls.orderProxyConfirm)[0]).toMatchObject({ proxyId: '12', addressId: '31', remark: '' });
    await until(() => location().pathname === Paths.orderDetail, 'the order page');
    expect(location().search).toBe('?id=90');
  });

  it('shows a purchase order at the seller’s prices with freight and delivery', async () => {
    serve(
      Calls.orderProxyDetail,
      ok(
        selection({
          mode: 'purchase_order',
          lines: [line({ unitPriceFen: 2_000_000, amountFen: 6_000_000 })],
          freightFen: 30_000,
          deliveryMethod: 'pickup',
          totalFen: 6_030_000,
        }),
      ),
    );
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-total')?.textContent === '¥60300', 'the total');
    expect(text()).toContain('采购单报价');
    expect(testId('proxy-terms')?.textContent).toBe('运费 ¥300 · 买方自提');
    expect(testId('proxy-line')?.textContent).toContain('¥20000/吨');
  });

  it('says which lots can no longer be ordered and sends nothing', async () => {
    serve(Calls.orderProxyDetail, ok(selection({ lines: [line({ problem: 'A00铝锭已售罄' }), line({ stockId: 6 })] })));
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-blocked') !== null, 'the warning');
    expect(testId('proxy-line-problem')?.textContent).toBe('A00铝锭已售罄');
    expect((testId('proxy-submit') as HTMLButtonElement).disabled).toBe(true);
    await click(testId('proxy-submit'));
    expect(calls(Calls.orderProxyConfirm)).toHaveLength(0);
  });

  it('when a lot sold meanwhile, says so and shows the selection as it is now', async () => {
    serve(Calls.orderProxyDetail, ok(selection()), ok(selection({ lines: [line({ problem: 'A00铝锭已售罄' })] })));
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    serve(Calls.orderProxyConfirm, fail(CodeFlag.conflict, 'A00铝锭已售罄'));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-submit') !== null, 'the page');
    await click(testId('proxy-submit'));
    await until(() => dialogButton('确定') !== undefined, 'the explanation');
    expect(document.body.textContent).toContain('A00铝锭已售罄');
    await click(dialogButton('确定'));
    await until(() => testId('proxy-line-problem') !== null, 'the lines as they are now');
    expect(location().pathname).toBe(Paths.confirmProxyOrder);
  });

  it('an ordered selection opens its order instead of ordering again', async () => {
    serve(Calls.orderProxyDetail, ok(selection({ orderId: 90 })));
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-status') !== null, 'the status');
    expect(text()).toContain('该代选单已下单');
    expect(testId('proxy-submit')).toBeNull();
    await click(testId('proxy-status')?.querySelector('button'));
    await until(() => location().pathname === Paths.orderDetail, 'the order');
    expect(location().search).toBe('?id=90');
  });

  it('shows the seller’s company the selection waiting for the buyer, with nothing to order', async () => {
    setSession(session(SELLER));
    serve(Calls.orderProxyDetail, ok(selection({ side: 'seller' })));
    serve(Calls.receiptAddressList, ok({ addresses: [], max: 20 }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => testId('proxy-status') !== null, 'the status');
    expect(text()).toContain('等待买方确认下单');
    expect(testId('proxy-submit')).toBeNull();
    // The seller's read-only view names no address: the seller's own address book is not asked for.
    expect(calls(Calls.receiptAddressList)).toHaveLength(0);
  });

  it('a selection made for someone else reads as not found', async () => {
    serve(Calls.orderProxyDetail, fail(CodeFlag.forbidden, '无权操作'));
    serve(Calls.receiptAddressList, ok({ addresses: [address], max: 20 }));
    await render(`${Paths.confirmProxyOrder}?proxyId=12`);
    await until(() => text().includes('代选单不存在，或不是为您选的'), 'the refusal');
  });
});

describe('proxy_pick', () => {
  beforeEach(() => setSession(session(SELLER)));

  const open = async () => {
    serve(Calls.userCard, buyerCard);
    serve(Calls.stockMine, ok(lotsOnSale([lot(1), lot(2, { splittable: false, quantityKg: 20_000 })])));
    await render(`${Paths.proxyPick}?buyerId=${BUYER}`);
    await until(() => testIds('stock-row').length === 2, 'the lots');
  };
  const checkbox = (index: number) => testIds('stock-row')[index]?.querySelector('.adm-checkbox');

  it('sends a spot pick of the tons typed and goes back to the chat', async () => {
    serve(Calls.orderProxyPick, ok({ proxyId: 12 }));
    await open();
    expect(text()).toContain('为 王经理 选货');
    await click(checkbox(0));
    await typeInto(testId('pick-tons')?.querySelector('input'), '2.5');
    await click(checkbox(1));
    // A lot sold whole only is picked whole.
    expect(testIds('pick-tons')[1]?.querySelector('input')?.value).toBe('20');
    await click(testId('pick-submit'));
    await until(() => calls(Calls.orderProxyPick).length === 1, 'the pick');
    const sent = calls(Calls.orderProxyPick)[0]!;
    expect(sent).toMatchObject({ buyerUserId: String(BUYER), mode: 'spot' });
    expect(JSON.parse(String(sent.items))).toEqual([
      { stockId: 1, quantity: '2.5' },
      { stockId: 2, quantity: '20' },
    ]);
    await until(() => location().pathname === Paths.chatPage, 'the chat');
    expect(location().search).toBe(`?userId=${BUYER}`);
  });

  it('fills a purchase order with prices and freight', async () => {
    serve(Calls.orderProxyPick, ok({ proxyId: 13 }));
    await open();
    await click([...h.container.querySelectorAll('.adm-selector-item')].find((b) => b.textContent === '采购单报价'));
    await click(checkbox(0));
    await typeInto(testId('pick-tons')?.querySelector('input'), '3');
    await typeInto(testId('pick-price')?.querySelector('input'), '20000');
    await typeInto(testId('pick-freight')?.querySelector('input'), '300');
    await until(() => testId('pick-total')?.textContent === '¥60300', 'the total');
    await click(testId('pick-submit'));
    await until(() => calls(Calls.orderProxyPick).length === 1, 'the pick');
    const sent = calls(Calls.orderProxyPick)[0]!;
    expect(sent).toMatchObject({ mode: 'purchase_order', freight: '300', deliveryMethod: 'delivery' });
    expect(JSON.parse(String(sent.items))).toEqual([{ stockId: 1, quantity: '3', unitPrice: '20000' }]);
  });

  it('sends nothing without a lot, or with tons beyond what is on sale, and says why', async () => {
    await open();
    await click(testId('pick-submit'));
    await until(() => text().includes('请至少选择一件现货'), 'the note');
    await click(checkbox(0));
    await typeInto(testId('pick-tons')?.querySelector('input'), '31');
    await click(testId('pick-submit'));
    await until(() => text().includes('超过可售数量30吨'), 'the limit');
    expect(calls(Calls.orderProxyPick)).toHaveLength(0);
  });
});
