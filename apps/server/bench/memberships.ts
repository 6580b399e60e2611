// Throughput of `vip/status` for a certified supplier (a company's owner whose membership was renewed
// once, so two periods chain), against `/healthz` (one `select 1`) measured in alternating slices of the
// same run, so the figure is a ratio that holds across machines. Prints numbers; asserts nothing.
// Sessions are held in memory, as the server's default config does. On PostgreSQL when TEST_DATABASE_URL is set.
import { Calls, CodeFlag, Platform } from '@metal/shared';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const t = await buildTestApp({ sessionCacheSeconds: 60, profileCacheSeconds: 60 });
const owner = await t.buildUser();
const operator = await t.buildOperator();
for (const days of [180, 365]) {
  const granted = await t.call(
    Calls.grantEntitlement,
    { userId: owner.user.id, kind: 'certified_supplier', days, reason: 'bench' },
    { session: operator.session },
  );
  if (granted.body.codeFlag !== CodeFlag.ok) throw new Error(`grant failed: ${granted.body.mesg}`);
}
const form = new URLSearchParams({
  session_id: owner.session,
  platform: String(Platform.web),
  openId: '',
  type: 'certified_supplier',
}).toString();
const status = () =>
  t.app.inject({
    method: 'POST',
    url: `/${Calls.vipStatus.path}.htmls`,
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const first = (await status()).json() as { codeFlag: number; data?: { vip: boolean } };
if (first.codeFlag !== CodeFlag.ok || !first.data?.vip) throw new Error('vip/status did not answer the membership');

const [baseline = 0, vip = 0] = await interleaved(ROUNDS, [
  { name: 'GET /healthz (baseline)', once: () => t.app.inject({ method: 'GET', url: '/healthz' }) },
  { name: 'POST /vip/status.htmls (certified)', once: status },
]);
console.log(
  `vip/status costs ${(baseline / vip).toFixed(2)}× a health check (${ROUNDS} rounds each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
);
await t.close();
