// Throughput of `shop_cart/list` for a buyer whose cart holds 20 lines of 4 sellers (fixed and
// market-following prices, so each answer prices them from today's quotes), against `/healthz` (one
// `select 1`) measured in alternating slices of the same run, so the figure is a ratio that holds
// across machines. Prints numbers; asserts nothing. Sessions are held in memory, as the server's
// default config does. On PostgreSQL when TEST_DATABASE_URL is set.
import { Calls, CodeFlag, Platform } from '@metal/shared';
import { priceRows } from '../src/modules/markets/markets.table';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const SELLERS = 4;
const LINES_PER_SELLER = 5;

const t = await buildTestApp({ sessionCacheSeconds: 60, profileCacheSeconds: 60 });
await t.db
  .insert(priceRows)
  .values({ seriesId: 1, date: t.clock.today(), lowCents: 0, highCents: 0, priceCents: 2_050_000 })
  .onConflictDoNothing();
const buyer = await t.buildUser();
await t.buildCompany(buyer.user.id);
for (let s = 0; s < SELLERS; s++) {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  for (let i = 0; i < LINES_PER_SELLER; i++) {
    const following = i % 2 === 0;
    const stock = await t.buildStock(seller.user.id, {
      splittable: true,
      ...(following ? { priceType: 'market', seriesId: 1, processingFeeFen: -5000, priceFen: null } : {}),
    });
    const added = await t.call(Calls.cartAdd, { stockId: stock.id, quantity: '2' }, { session: buyer.session });
    if (added.body.codeFlag !== CodeFlag.ok) throw new Error(`shop_cart/add failed: ${added.body.mesg}`);
  }
}
const form = new URLSearchParams({ session_id: buyer.session, platform: String(Platform.web), openId: '' }).toString();
const list = () =>
  t.app.inject({
    method: 'POST',
    url: `/${Calls.cartList.path}.htmls`,
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const first = (await list()).json() as { codeFlag: number; data?: { count: number } };
if (first.codeFlag !== CodeFlag.ok || first.data?.count !== SELLERS * LINES_PER_SELLER) {
  throw new Error('shop_cart/list did not answer the cart');
}

const [baseline = 0, cart = 0] = await interleaved(ROUNDS, [
  { name: 'GET /healthz (baseline)', once: () => t.app.inject({ method: 'GET', url: '/healthz' }) },
  { name: `POST /shop_cart/list.htmls (${SELLERS * LINES_PER_SELLER} lines)`, once: list },
]);
console.log(
  `shop_cart/list of ${SELLERS * LINES_PER_SELLER} lines of ${SELLERS} sellers costs ${(baseline / cart).toFixed(2)}× a health check (${ROUNDS} rounds each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
);
await t.close();
