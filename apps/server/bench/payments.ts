// Throughput of the payment notify path (`POST /pay/notify/*`: raw body, WeChat Pay's SHA256-RSA
// signature check and AES-256-GCM decryption or Alipay's RSA2 check, through the SDKs, then the order
// locked and compared), against `/healthz` (one `select 1`) in alternating slices of the same run, so
// the figures are ratios that hold across machines. Measures a first notification (the order becomes
// paid and its purpose is fulfilled) and a repeated one (the common case: providers send each several
// times). Prints numbers; asserts nothing. On PostgreSQL when TEST_DATABASE_URL is set.
import { buildTestApp } from '../test/helpers';
import { buildPaymentOrder, countingPurpose } from '../test/payment-fixtures';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);

const purpose = countingPurpose();
const t = await buildTestApp({ modules: purpose.modules });
const sandbox = t.paymentSandbox;
const owner = await t.buildUser();
await t.buildCompany(owner.user.id);

const transactionOf = (orderNo: string, serial: number) => ({
  mchid: '1900000109',
  appid: 'wxsandbox0000000001',
  out_trade_no: orderNo,
  transaction_id: `4200000000${String(serial).padStart(18, '0')}`,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  success_time: '2026-11-26T10:00:00+08:00',
  amount: { total: 499_900, payer_total: 499_900, currency: 'CNY', payer_currency: 'CNY' },
});
const post = (notification: { url: string; headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: notification.url, headers: notification.headers, payload: notification.body });

// Every first notification needs an unpaid order of its own: made (and signed) before the clock starts.
const firstRuns = Math.min(100, ROUNDS) + ROUNDS;
const fresh: ReturnType<typeof sandbox.wxNotification>[] = [];
for (let i = 0; i < firstRuns; i++)
  fresh.push(sandbox.wxNotification(transactionOf(await buildPaymentOrder(t, owner), i)));
const repeatedOrder = await buildPaymentOrder(t, owner);
const repeated = sandbox.wxNotification(transactionOf(repeatedOrder, firstRuns));
await post(repeated);
const alipayOrder = await buildPaymentOrder(t, owner);
const alipayFields = {
  out_trade_no: alipayOrder,
  trade_no: '2026112622001400000000000001',
  trade_status: 'TRADE_SUCCESS',
  total_amount: '4999.00',
  gmt_payment: '2026-11-26 10:00:00',
};
const alipayRepeated = sandbox.alipayNotification(alipayFields);
await post(alipayRepeated);

let next = 0;
const [baseline = 0, first = 0, again = 0, alipay = 0] = await interleaved(ROUNDS, [
  { name: 'GET /healthz (baseline)', once: () => t.app.inject({ method: 'GET', url: '/healthz' }) },
  { name: 'wxpay notify, first (pays)', once: () => post(fresh[next++]!) },
  { name: 'wxpay notify, repeated', once: () => post(repeated) },
  { name: 'alipay notify, repeated', once: () => post(alipayRepeated) },
]);
if (purpose.paid.length !== firstRuns + 2)
  throw new Error(`expected ${firstRuns + 2} fulfilments, saw ${purpose.paid.length}`);
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database';
console.log(
  `a first wxpay notification costs ${(baseline / first).toFixed(2)}× a health check (${ROUNDS} rounds each, ${db})`,
);
console.log(`a repeated wxpay notification costs ${(baseline / again).toFixed(2)}× a health check`);
console.log(`a repeated alipay notification costs ${(baseline / alipay).toFixed(2)}× a health check`);
await t.close();
