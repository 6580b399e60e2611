import { Calls, CodeFlag } from '@metal/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../modules/accounts/accounts.table';
import { companyAlbums } from '../../modules/albums/albums.table';
import { capacities } from '../../modules/capacities/capacities.table';
import { cartItems } from '../../modules/cart/cart.table';
import { companies } from '../../modules/companies/companies.table';
import { forecastVotes } from '../../modules/forecasts/forecasts.table';
import { inquiries, inquiryQuotes } from '../../modules/inquiries/inquiries.table';
import { entitlements } from '../../modules/memberships/memberships.table';
import { notices } from '../../modules/notices/notices.table';
import { tradeOrderProxies, tradeOrders } from '../../modules/orders/orders.table';
import { stocks } from '../../modules/stocks/stocks.table';
import { visitorEvents } from '../../modules/visitors/visitors.table';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from './demo';
import { DEMO_COLLEAGUE, DEMO_DISABLED } from './demo-accounts';
import { DEMO_DISPATCH_EMPLOYEES, DEMO_DISPATCH_GROUP } from './demo-dispatch';
import { DEMO_CASHIER_ORDER_REMARK, DEMO_PROXY_NOTE } from './demo-orders';
import { type DemoLoad, loadDemo } from './load-demo';

let t: TestApp;
let firstLoad: DemoLoad;
const [buyerAccount, supplierAccount, traderAccount] = DEMO_ACCOUNTS;

beforeAll(async () => {
  t = await buildTestApp();
  firstLoad = await loadDemo(t.app);
}, 120_000);
afterAll(() => t.close());

const login = async (account: { phone: string; password: string }) => {
  const answer = await t.call(Calls.login, { account: account.phone, password: account.password });
  expect(answer.body.codeFlag).toBe(CodeFlag.ok);
  return answer.body.data!.sessionId;
};
const rootIdOf = async (phone: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;

describe('the demo data on an empty database', () => {
  it("has the buyer's two receipt addresses (one default) and invoice title, and the supplier's trade settings (online payment on)", async () => {
    expect(firstLoad.trade).toBe(4);
    const buyer = await login(buyerAccount);
    const addresses = await t.call(Calls.receiptAddressList, {}, { session: buyer });
    expect(addresses.body.data?.addresses.map((a) => a.isDefault)).toEqual([true, false]);
    expect(addresses.body.data?.addresses.every((a) => a.detail.includes('Demo'))).toBe(true);
    const invoices = await t.call(Calls.invoiceList, {}, { session: buyer });
    expect(invoices.body.data?.invoices.map((i) => i.name)).toEqual(['演示采购有限公司（Demo）']);
    const supplier = await login(supplierAccount);
    const terms = await t.call(Calls.tradeSettings, {}, { session: supplier });
    // Online payment was turned on for the demo order paid at the cashier; the bank account stays.
    expect(terms.body.data).toMatchObject({
      saved: true,
      paymentDays: 5,
      onlinePayment: true,
      bankAccount: '6222000000000002',
    });
  });

  it("has the demo buyer's cart: two of the demo supplier's lots, which the supplier's visitor analytics show", async () => {
    expect(firstLoad.cartLines).toBe(2);
    const [buyer] = await t.db.select().from(users).where(eq(users.phone, '13800000001'));
    const [supplier] = await t.db.select().from(users).where(eq(users.phone, '13800000002'));
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.rootId, buyer!.rootId));
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.sellerRootId === supplier!.rootId)).toBe(true);
    const adds = await t.db.select().from(visitorEvents).where(eq(visitorEvents.ownerRootId, supplier!.rootId));
    expect(adds.filter((event) => event.kind === 'cart')).toHaveLength(2);
  });

  it('has memberships to look at: the trader certified and due for renewal, the buyer a forecast VIP, the supplier neither', async () => {
    expect(firstLoad.memberships).toBe(2);
    const trader = await login(traderAccount);
    const certified = await t.call(Calls.vipStatus, {}, { session: trader });
    expect(certified.body.data).toMatchObject({ vip: true, remainderdays: 20, needremind: true });
    const buyer = await login(buyerAccount);
    const forecast = await t.call(Calls.vipStatus, { type: 'forecast_vip' }, { session: buyer });
    expect(forecast.body.data).toMatchObject({ vip: true, needremind: false });
    expect((await t.call(Calls.dynamicViewStatus, {}, { session: buyer })).body.data).toMatchObject({
      remaining: 8,
      trialUsed: true,
    });
    const supplier = await login(supplierAccount);
    expect((await t.call(Calls.info, {}, { session: supplier })).body.data).toMatchObject({
      isVip: false,
      isForecastVip: false,
    });
  });

  it("shows the disabled demo account in the console's lookup, and the demo supplier's team with its contact ways", async () => {
    expect(firstLoad.disabledAccounts).toBe(1);
    const operator = await login(DEMO_OPERATOR);
    const found = await t.call(Calls.consoleUserSearch, { keyword: DEMO_DISABLED.phone }, { session: operator });
    expect(found.body.data?.list).toEqual([
      expect.objectContaining({ nickName: DEMO_DISABLED.nickName, state: 'disabled', isDemo: true, role: 'owner' }),
    ]);
    const detail = await t.call(
      Calls.consoleUserDetail,
      { userId: found.body.data!.list[0]!.userId },
      { session: operator },
    );
    expect(detail.body.data?.history).toMatchObject([
      { state: 'disabled', reason: DEMO_DISABLED.reason, operator: { account: DEMO_OPERATOR.phone } },
    ]);
    const refused = await t.call(Calls.login, { account: DEMO_DISABLED.phone, password: DEMO_DISABLED.password });
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);

    const team = await t.call(Calls.companyTeam, { rootId: await rootIdOf(supplierAccount.phone) });
    const people = team.body.data?.members.map((m) => [m.name, m.title, m.contactFor.map((c) => c.purpose)]);
    // The owner first; the colleagues named in the contact ways with what to contact them for, the others with nothing.
    expect(people?.[0]).toEqual(['演示供应商（Demo）', 'owner', ['sales', 'purchasing']]);
    expect(people).toContainEqual([DEMO_COLLEAGUE.nickName, 'colleague', ['afterSales']]);
    expect(people).toHaveLength(2 + 1 + DEMO_DISPATCH_EMPLOYEES.length);
  });

  it('loads labelled demo accounts once, among them an operator who can use the console and traders who cannot', async () => {
    expect(firstLoad).toMatchObject({ accounts: true, flows: true, hotRanking: true });
    expect(firstLoad.stocks).toBeGreaterThanOrEqual(3);
    expect(firstLoad.forecastVotes).toBeGreaterThan(0);

    const all = await t.db.select().from(users);
    // The demo accounts, the operator, the supplier's colleague, the disabled account, its employee and the dispatch employees.
    expect(all).toHaveLength(DEMO_ACCOUNTS.length + 4 + DEMO_DISPATCH_EMPLOYEES.length);
    expect(all.every((u) => u.isDemo && u.nickName.includes('Demo'))).toBe(true);
    expect(all.filter((u) => u.operatorRole).map((u) => u.phone)).toEqual([DEMO_OPERATOR.phone]);

    const operator = await login(DEMO_OPERATOR);
    const whoami = await t.call(Calls.operatorWhoami, {}, { session: operator });
    expect(whoami.body.data).toMatchObject({ account: DEMO_OPERATOR.phone, name: '演示运营（Demo）', role: 'admin' });

    const trader = await login(supplierAccount);
    const refused = await t.call(Calls.operatorWhoami, {}, { session: trader });
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
  });

  it('labels every demo row demo: companies, listings, capacities, albums and inquiries', async () => {
    const companyRows = await t.db.select().from(companies);
    // The demo accounts' companies and the disabled demo account's.
    expect(companyRows).toHaveLength(DEMO_ACCOUNTS.length + 1);
    expect(companyRows.every((c) => c.name.includes('Demo'))).toBe(true);
    const stockRows = await t.db.select().from(stocks);
    expect(stockRows.length).toBeGreaterThan(firstLoad.stocks);
    expect(stockRows.every((s) => s.isDemo && s.additionalInfo.includes('Demo'))).toBe(true);
    const capacityRows = await t.db.select().from(capacities);
    expect(capacityRows.length).toBeGreaterThan(0);
    expect(capacityRows.every((c) => c.productName.includes('Demo') && c.info.includes('Demo'))).toBe(true);
    const albumRows = await t.db.select().from(companyAlbums);
    expect(albumRows.length).toBeGreaterThan(0);
    expect(albumRows.every((a) => a.name.includes('Demo'))).toBe(true);
    const inquiryRows = await t.db.select().from(inquiries);
    expect(inquiryRows.length).toBeGreaterThan(0);
    expect(inquiryRows.every((i) => i.remark.includes('Demo') && i.receiver.includes('Demo'))).toBe(true);
  });

  it('gives a visitor something in every list: stock, both halls, hot ranking, shop, albums, capacity, factories, forecast ranking, nearby', async () => {
    const supplierId = await rootIdOf(supplierAccount.phone);
    const stockList = await t.call(Calls.stockList, {});
    expect(stockList.body.data!.list.length).toBeGreaterThan(0);
    expect(stockList.body.data!.list.every((s) => s.isDemo)).toBe(true);
    const hall = await t.call(Calls.inquiryHall, {});
    expect(hall.body.data!.list.length).toBeGreaterThanOrEqual(3);
    expect(hall.body.data!.list.every((i) => i.buyerCompanyName.includes('Demo'))).toBe(true);
    const agentHall = await t.call(Calls.agentBuyHall, {});
    expect(agentHall.body.data!.list.length).toBe(1);
    const hot = await t.call(Calls.hotStocks, {});
    expect(hot.body.data!.computedAt).not.toBeNull();
    expect(hot.body.data!.list.length).toBeGreaterThan(0);
    expect(hot.body.data!.list.every((r) => r.stock.isDemo && r.clicks > 0)).toBe(true);
    const shop = await t.call(Calls.shopDetail, { id: supplierId });
    expect(shop.body.data).toMatchObject({
      isDemo: true,
      marks: { licence: true, realName: true, shopOpen: true },
      counts: { capacity: 2 },
    });
    const albums = await t.call(Calls.companyAlbums, { rootId: supplierId });
    expect(albums.body.data!.albums.length).toBe(2);
    expect(albums.body.data!.albums.every((a) => a.count > 0 && a.cover !== null)).toBe(true);
    const capacityList = await t.call(Calls.capacityCompanyList, { rootId: supplierId });
    expect(capacityList.body.data!.list.length).toBe(2);
    const factories = await t.call(Calls.factoryList, {});
    expect(factories.body.data!.list.map((f) => f.rootId)).toContain(supplierId);
    const ranking = await t.call(Calls.forecastMrt, {});
    expect(ranking.body.data!.standings.length).toBe(DEMO_ACCOUNTS.length);
    expect(ranking.body.data!.standings.every((s) => s.nickName.includes('Demo'))).toBe(true);
    const nearby = await t.call(Calls.nearbyCompanies, { lng: 113.6, lat: 34.75 });
    expect(nearby.body.data!.list.length).toBeGreaterThan(0);
    expect(nearby.body.data!.list.every((c) => c.isDemo)).toBe(true);
  });

  it('has a demo trade order between the demo buyer and the demo supplier, quoted and agreed, waiting for payment', async () => {
    expect(firstLoad.orderNo).toMatch(/^TO\d{20}$/);
    const buyer = await login(buyerAccount);
    const bought = await t.call(Calls.orderList, { role: 'bought' }, { session: buyer });
    const order = bought.body.data!.list.find((o) => o.orderNo === firstLoad.orderNo)!;
    expect(order).toMatchObject({ state: 'agreed', seller: { rootId: await rootIdOf(supplierAccount.phone) } });
    const detail = (await t.call(Calls.orderDetail, { orderId: order.id }, { session: buyer })).body.data!;
    expect(detail.remark).toContain('Demo');
    // Made before the supplier took online payment: a bank transfer only, as the order keeps its terms.
    expect(detail.payment).toMatchObject({ method: 'offline_transfer', onlineAccepted: false });
    expect(detail.actions).toEqual(['pay_slip', 'cancel']);
    const supplier = await login(supplierAccount);
    const sold = await t.call(Calls.orderDetail, { orderId: order.id }, { session: supplier });
    expect(sold.body.data!.actions).toEqual(['confirm_paid', 'cancel']);
    const [row] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, order.id));
    expect(row!.isDemo).toBe(true);
  });

  it('has a purchase order the demo supplier filled for the demo buyer, labelled demo, waiting to be ordered', async () => {
    const [proxy] = await t.db.select().from(tradeOrderProxies);
    expect(proxy).toMatchObject({ mode: 'purchase_order', note: DEMO_PROXY_NOTE, orderId: null });
    const buyer = await login(buyerAccount);
    const shown = (await t.call(Calls.orderProxyDetail, { proxyId: proxy!.id }, { session: buyer })).body.data!;
    expect(shown).toMatchObject({ side: 'buyer', sellerRootId: await rootIdOf(supplierAccount.phone) });
    expect(shown.lines.every((line) => line.problem === '' && line.unitPriceFen !== null)).toBe(true);
    expect(shown.totalFen).toBeGreaterThan(0);
  });

  it('lets the demo buyer pass the company-info gate and agree the demo supplier’s live quote', async () => {
    const buyer = await login(buyerAccount);
    expect((await t.call(Calls.hasCompanyInfo, {}, { session: buyer })).body.codeFlag).toBe(CodeFlag.ok);
    const [live] = await t.db.select().from(inquiryQuotes).where(eq(inquiryQuotes.status, 'live')).limit(1);
    expect(live).toBeDefined();
    const agreed = await t.call(Calls.quoteAgree, { quoteId: live!.id }, { session: buyer });
    expect(agreed.body.codeFlag).toBe(CodeFlag.ok);
  });

  it("has the demo supplier's dispatch group waiting for its dispatcher to assign the unquoted inquiry", async () => {
    const owner = await login(supplierAccount);
    const groups = (await t.call(Calls.dispatchGroupList, {}, { session: owner })).body.data!.list;
    expect(groups).toMatchObject([{ name: DEMO_DISPATCH_GROUP, mode: 'assign', assignHours: 24 }]);
    expect(groups[0]!.members.map((m) => m.nickName).sort()).toEqual(
      DEMO_DISPATCH_EMPLOYEES.map((e) => e.nickName).sort(),
    );
    const dispatcher = await login(DEMO_DISPATCH_EMPLOYEES[0]);
    const queue = (await t.call(Calls.dispatchQueue, {}, { session: dispatcher })).body.data!.list;
    expect(queue.map((item) => [item.action, item.groupName])).toEqual([['assign', DEMO_DISPATCH_GROUP]]);
    expect(queue[0]!.title).toContain('ADC12');
  });

  it('lets the demo supplier quote on an open demo inquiry it has not quoted yet', async () => {
    const supplier = await login(supplierAccount);
    const hall = await t.call(Calls.inquiryHall, {}, { session: supplier });
    const quoted = new Set((await t.db.select({ id: inquiryQuotes.inquiryId }).from(inquiryQuotes)).map((q) => q.id));
    const fresh = hall.body.data!.list.find((i) => !quoted.has(i.id));
    expect(fresh).toBeDefined();
    const detail = await t.call(Calls.inquiryDetail, { id: fresh!.id }, { session: supplier });
    const quote = await t.call(
      Calls.quoteSave,
      {
        inquiryId: fresh!.id,
        items: detail.body.data!.specs.map((spec) => ({ specId: spec.id, price: '20500' })),
        paymentMethod: 'advance',
        deliveryDate: '2026-12-20',
      },
      { session: supplier },
    );
    expect(quote.body.codeFlag).toBe(CodeFlag.ok);
  });

  it('leaves an item waiting in every console queue for the demo operator', async () => {
    const operator = await login(DEMO_OPERATOR);
    const as = { session: operator };
    const traderId = await rootIdOf(traderAccount.phone);
    expect((await t.call(Calls.pendingLicences, {}, as)).body.data!.length).toBeGreaterThan(0);
    expect((await t.call(Calls.pendingNameChanges, {}, as)).body.data!.length).toBeGreaterThan(0);
    const shops = (await t.call(Calls.pendingShopApplications, {}, as)).body.data!;
    expect(shops.map((s) => s.rootId)).toEqual([traderId]);
    expect((await t.call(Calls.pendingStocks, {}, as)).body.data!.length).toBeGreaterThan(0);
    const capacityQueue = (await t.call(Calls.pendingCapacities, {}, as)).body.data!;
    expect(capacityQueue.length).toBeGreaterThanOrEqual(2);
    expect(capacityQueue.every((c) => c.isDemo)).toBe(true);
    expect((await t.call(Calls.pendingInquiries, {}, as)).body.data!.length).toBeGreaterThan(0);
    expect((await t.call(Calls.pendingVerificationEscalations, {}, as)).body.data!.length).toBeGreaterThan(0);
    expect((await t.call(Calls.pendingAgentBuys, {}, as)).body.data!.length).toBeGreaterThan(0);
    const transfers = (await t.call(Calls.consolePayOfflineQueue, {}, as)).body.data!;
    expect(transfers).toHaveLength(1);
    // The buyer's forecast VIP month paid by WeChat Pay and by a transfer: the transfer is owed back by bank.
    const owed = (await t.call(Calls.consolePayOrders, { refundState: 'pending' }, as)).body.data!;
    expect(owed.list).toHaveLength(1);
    expect(owed.list[0]).toMatchObject({
      purpose: 'membership',
      state: 'paid',
      channel: 'wxpay',
      rootId: await rootIdOf(buyerAccount.phone),
    });
    expect(owed.list[0]!.refunds).toEqual([
      expect.objectContaining({ channel: 'offline', state: 'pending', secondPayment: true }),
    ]);
  });

  it('has a demo order paid at the cashier for the supplier to ship; refunding it in full in the console cancels it and gives the tons back', async () => {
    expect(firstLoad.cashierOrderNo).toMatch(/^TO\d{20}$/);
    const buyerRootId = await rootIdOf(buyerAccount.phone);
    const supplier = await login(supplierAccount);
    const sold = await t.call(Calls.orderList, { role: 'sold' }, { session: supplier });
    const listed = sold.body.data!.list.find((o) => o.orderNo === firstLoad.cashierOrderNo)!;
    expect(listed).toMatchObject({ state: 'paid', buyer: { rootId: buyerRootId }, totalKg: 2_000 });
    const shown = (await t.call(Calls.orderDetail, { orderId: listed.id }, { session: supplier })).body.data!;
    expect(shown.remark).toBe(DEMO_CASHIER_ORDER_REMARK);
    expect(shown.actions).toEqual(['ship']);
    expect(shown.payment).toMatchObject({ method: 'cashier', onlineAccepted: true });
    expect(shown.address?.detail).toContain('Demo');
    const [row] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, listed.id));
    expect(row!.isDemo).toBe(true);
    const payOrderNo = shown.payment.payOrderNo!;
    const buyer = await login(buyerAccount);
    const bought = (await t.call(Calls.orderDetail, { orderId: listed.id }, { session: buyer })).body.data!;
    expect(bought).toMatchObject({ state: 'paid', actions: [] });

    // The demo operator finds its payment in the console's payment orders: paid online, the buyer's.
    const operator = await login(DEMO_OPERATOR);
    const found = (await t.call(Calls.consolePayOrders, { orderNo: payOrderNo }, { session: operator })).body.data!;
    expect(found.list).toHaveLength(1);
    const payment = found.list[0]!;
    expect(payment).toMatchObject({
      purpose: 'trade_order',
      purposeRef: String(listed.id),
      state: 'paid',
      rootId: buyerRootId,
      refunds: [],
    });
    expect(['wxpay', 'alipay']).toContain(payment.channel);
    expect(payment.amountFen).toBe(shown.totalFen);

    // Refunded in full before it ships: the order is cancelled, its 2 tons go back on sale, both sides are told.
    const lotId = shown.items[0]!.stockId!;
    const lotKg = async () => (await t.db.select().from(stocks).where(eq(stocks.id, lotId)))[0]!.quantityKg;
    const before = await lotKg();
    const refunded = await t.call(
      Calls.consolePayRefund,
      { orderNo: payOrderNo, amountFen: payment.amountFen, reason: '演示：卖家无货，全额退款（Demo）' },
      { session: operator },
    );
    expect(refunded.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    await until(
      async () =>
        (await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, listed.id)))[0]!.state === 'cancelled',
    );
    const after = (await t.call(Calls.orderDetail, { orderId: listed.id }, { session: supplier })).body.data!;
    expect(after.history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'cancelled',
      actor: 'payment',
      reason: 'refunded_in_full',
    });
    expect(after.actions).toEqual([]);
    expect(await lotKg()).toBe(before + 2_000);
    const refundedPayment = (await t.call(Calls.payStatus, { orderNo: payOrderNo }, { session: buyer })).body.data!;
    expect(refundedPayment.state).toBe('refunded');
    for (const phone of [buyerAccount.phone, supplierAccount.phone]) {
      const [told] = await t.db
        .select({ n: count() })
        .from(notices)
        .where(and(eq(notices.userId, await rootIdOf(phone)), eq(notices.messageKey, 'notice.orderRefundedInFull')));
      expect(told!.n).toBe(1);
    }
  });

  it('loads nothing the second time (the database is no longer empty)', async () => {
    const counts = async () =>
      Promise.all(
        [users, stocks, capacities, inquiries, inquiryQuotes, companyAlbums, forecastVotes, entitlements].map(
          async (table) => {
            const [row] = await t.db.select({ n: count() }).from(table);
            return row!.n;
          },
        ),
      );
    const before = await counts();
    expect(await loadDemo(t.app)).toEqual({
      accounts: false,
      stocks: 0,
      priceRows: 0,
      flows: false,
      forecastVotes: 0,
      memberships: 0,
      disabledAccounts: 0,
      trade: 0,
      orderNo: '',
      cashierOrderNo: '',
      cartLines: 0,
      dispatchGroups: 0,
      hotRanking: false,
    });
    expect(await counts()).toEqual(before);
  });
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
}
