// Requests per second of `market/quotes` (the default group over two years of demo history) beside a
// bare Fastify route answering constant JSON to the same form, measured in alternating slices of the
// same run; the ratio is the figure. On PostgreSQL when TEST_DATABASE_URL is set (a fresh database,
// dropped afterwards).
import formbody from '@fastify/formbody';
import { CodeFlag, Platform } from '@metal/shared';
import Fastify from 'fastify';
import { seedDemoPrices } from '../src/db/seed/demo-prices';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20000);

// Every request comes from one address: the per-IP limit must not answer them instead of the call.
const t = await buildTestApp({ rateLimitPerMinute: 100_000_000 });
await seedDemoPrices(t.db, t.clock.now());
const bare = Fastify({ logger: false });
// It reads the same form the protocol does (without a parser Fastify answers 415 without reading it).
await bare.register(formbody);
bare.post('/bare', async () => ({ codeFlag: CodeFlag.ok, mesg: '', data: [] }));
await bare.ready();
const form = new URLSearchParams({ session_id: '', platform: String(Platform.web), openId: '' }).toString();
const headers = { 'content-type': 'application/x-www-form-urlencoded' };

const [baseline = 0, quotes = 0] = await interleaved(
  ROUNDS,
  [
    {
      name: 'bare Fastify route (baseline)',
      once: () => bare.inject({ method: 'POST', url: '/bare', payload: form, headers }),
    },
    {
      name: 'POST /market/quotes.htmls (visitor)',
      once: () => t.app.inject({ method: 'POST', url: '/market/quotes.htmls', payload: form, headers }),
    },
  ],
  'req/s',
);
console.log(
  `market/quotes serves ${((quotes / baseline) * 100).toFixed(1)}% of a bare route's rate (${(baseline / quotes).toFixed(1)}× its cost; ${ROUNDS} rounds each, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
);
await bare.close();
await t.close();
