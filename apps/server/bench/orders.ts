// Throughput of `order/list` (a page of 20 of a buyer's 100 orders, two lines each, with both sides'
// companies and contacts), the busiest order call, of `order/proxy_detail` (a purchase order of 5
// lots a seller filled for the buyer, each checked as confirming would check it), the busiest call of
// proxy selection, and of `order/confirm_stock` with a requestId (a new checkout, and a repeat), against `/healthz` (one `select 1`) measured in
// alternating slices of the same run, so the figures are ratios that hold across machines. Prints
// numbers; asserts nothing. Sessions are held in memory, as the server's default config does. On
// PostgreSQL when TEST_DATABASE_URL is set.
import { Calls, CodeFlag, Platform } from '@metal/shared';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const ORDERS = 100;

const t = await buildTestApp({ sessionCacheSeconds: 60, profileCacheSeconds: 60 });
const seller = await t.buildUser();
await t.buildCompany(seller.user.id);
const buyer = await t.buildUser();
await t.buildCompany(buyer.user.id);
const lots = [
  await t.buildStock(seller.user.id, { quantityKg: ORDERS * 1000, splittable: true }),
  await t.buildStock(seller.user.id, { quantityKg: ORDERS * 1000, splittable: true, sortId: 40 }),
];
for (let i = 0; i < ORDERS; i++) {
  const made = await t.call(
    Calls.orderConfirmStock,
    { items: lots.map((lot) => ({ stockId: lot.id, quantity: '1' })) },
    { session: buyer.session },
  );
  if (made.body.codeFlag !== CodeFlag.ok) throw new Error(`order not made: ${made.body.mesg}`);
}
const form = new URLSearchParams({
  session_id: buyer.session,
  platform: String(Platform.web),
  openId: '',
  role: 'bought',
}).toString();
const list = () =>
  t.app.inject({
    method: 'POST',
    url: `/${Calls.orderList.path}.htmls`,
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const first = (await list()).json() as { codeFlag: number; data?: { list: unknown[]; total: number } };
if (first.codeFlag !== CodeFlag.ok || first.data?.total !== ORDERS || first.data.list.length !== 20)
  throw new Error('order/list did not answer the orders');

const picked = [];
for (let i = 0; i < 5; i++) picked.push(await t.buildStock(seller.user.id, { quantityKg: 50_000, splittable: true }));
const proxy = await t.call(
  Calls.orderProxyPick,
  {
    buyerUserId: buyer.user.id,
    mode: 'purchase_order',
    items: picked.map((lot) => ({ stockId: lot.id, quantity: '10', unitPrice: '20000' })),
    freight: '500',
  },
  { session: seller.session },
);
if (proxy.body.codeFlag !== CodeFlag.ok) throw new Error(`selection not made: ${proxy.body.mesg}`);
const proxyForm = new URLSearchParams({
  session_id: buyer.session,
  platform: String(Platform.web),
  openId: '',
  proxyId: String(proxy.body.data!.proxyId),
}).toString();
const proxyDetail = () =>
  t.app.inject({
    method: 'POST',
    url: `/${Calls.orderProxyDetail.path}.htmls`,
    payload: proxyForm,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const shown = (await proxyDetail()).json() as { codeFlag: number; data?: { lines: unknown[] } };
if (shown.codeFlag !== CodeFlag.ok || shown.data?.lines.length !== 5)
  throw new Error('order/proxy_detail did not answer the selection');

// A checkout of one ton with a fresh requestId each time (the web app's way: it reserves and makes an
// order), and a repeat of one already made (a second tap: answered from the kept attempt, nothing written).
const checkoutLot = await t.buildStock(seller.user.id, { quantityKg: 1_000_000_000, splittable: true });
const checkoutForm = (requestId: string) =>
  new URLSearchParams({
    session_id: buyer.session,
    platform: String(Platform.web),
    openId: '',
    items: JSON.stringify([{ stockId: checkoutLot.id, quantity: '1' }]),
    requestId,
  }).toString();
const checkout = (requestId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/${Calls.orderConfirmStock.path}.htmls`,
    payload: checkoutForm(requestId),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
let checkouts = 0;
const repeated = (await checkout('bench-repeated-checkout')).json() as { codeFlag: number };
if (repeated.codeFlag !== CodeFlag.ok) throw new Error('order/confirm_stock did not make the order');

const [baseline = 0, orders = 0, selection = 0, newCheckout = 0, repeatedCheckout = 0] = await interleaved(ROUNDS, [
  { name: 'GET /healthz (baseline)', once: () => t.app.inject({ method: 'GET', url: '/healthz' }) },
  { name: 'POST /order/list.htmls (20 of 100)', once: list },
  { name: 'POST /order/proxy_detail.htmls (5 lots)', once: proxyDetail },
  { name: 'POST /order/confirm_stock.htmls (new)', once: () => checkout(`bench-checkout-${++checkouts}`) },
  { name: 'POST /order/confirm_stock.htmls (repeat)', once: () => checkout('bench-repeated-checkout') },
]);
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database';
console.log(`order/list costs ${(baseline / orders).toFixed(2)}× a health check (${ROUNDS} rounds each, ${database})`);
console.log(
  `order/proxy_detail costs ${(baseline / selection).toFixed(2)}× a health check (${ROUNDS} rounds each, ${database})`,
);
console.log(
  `order/confirm_stock costs ${(baseline / newCheckout).toFixed(2)}× a health check for a new checkout and ` +
    `${(baseline / repeatedCheckout).toFixed(2)}× for a repeat of one made (${ROUNDS} rounds each, ${database})`,
);
await t.close();
