// Throughput of the .htmls protocol path (form parsing, session lookup, zod parsing, envelope) for a
// logged-in `user/info`, against `/healthz` (one `select 1`) measured in alternating slices of the
// same run, so the figure is a ratio that holds across machines. Prints numbers; asserts nothing.
// Sessions and profile summaries are held in memory, as the server's default config does. On PostgreSQL when
// TEST_DATABASE_URL is set.
import { Platform } from '@metal/shared';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const t = await buildTestApp({ sessionCacheSeconds: 60, profileCacheSeconds: 60 });
const { session } = await t.buildUser();
const form = new URLSearchParams({ session_id: session, platform: String(Platform.web), openId: '' }).toString();

const [baseline = 0, info = 0] = await interleaved(ROUNDS, [
  { name: 'GET /healthz (baseline)', once: () => t.app.inject({ method: 'GET', url: '/healthz' }) },
  {
    name: 'POST /user/info.htmls (logged in)',
    once: () =>
      t.app.inject({
        method: 'POST',
        url: '/user/info.htmls',
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
  },
]);
console.log(
  `user/info costs ${(baseline / info).toFixed(2)}× a health check (${ROUNDS} rounds each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
);
await t.close();
