// Throughput of the .htmls protocol path (form parsing, session lookup, zod parsing, envelope) for a
// logged-in `user/info`, against `/healthz` (one `select 1`) measured in the same run, so the figure
// is a ratio that holds across machines. Prints numbers; asserts nothing. Sessions are held in memory,
// as the server's default config does. On PostgreSQL when TEST_DATABASE_URL is set.
import { Platform } from '@metal/shared';
import { buildTestApp } from '../test/helpers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const t = await buildTestApp({ sessionCacheSeconds: 60 });
const { session } = await t.buildUser();
const form = new URLSearchParams({ session_id: session, platform: String(Platform.web), openId: '' }).toString();

async function measure(name: string, once: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await once();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await once();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perSecond = ROUNDS / seconds;
  console.log(
    `${name.padEnd(34)} ${perSecond.toFixed(0).padStart(7)} calls/s  ${((seconds / ROUNDS) * 1e6).toFixed(0).padStart(6)} µs/call`,
  );
  return perSecond;
}

const baseline = await measure('GET /healthz (baseline)', () => t.app.inject({ method: 'GET', url: '/healthz' }));
const info = await measure('POST /user/info.htmls (logged in)', () =>
  t.app.inject({
    method: 'POST',
    url: '/user/info.htmls',
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
);
console.log(
  `user/info costs ${(baseline / info).toFixed(2)}× a health check (${ROUNDS} rounds each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
);
await t.close();
