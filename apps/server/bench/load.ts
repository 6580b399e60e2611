// The server under load over real sockets: BENCH_CONNECTIONS (default 100) keep-alive connections
// on 127.0.0.1 for BENCH_SECONDS (default 10) send a realistic mix of calls (quotes, a stock list, a
// stock detail, a logged-in user/info, the inquiry hall) over the demo data, and then the same
// requests go to a bare Fastify server that reads the same forms and answers constant JSON. Both
// run in this process and autocannon in a worker thread, so the figures (requests per second and
// p99 latency) are ratios that hold across machines.
//
// On PostgreSQL when DATABASE_URL or BENCH_DATABASE_URL names a server (a fresh database on it,
// dropped afterwards), else on the embedded PGlite. Prints numbers; asserts nothing.
import formbody from '@fastify/formbody';
import { Platform } from '@metal/shared';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed/demo';
import { seedDemoPrices } from '../src/db/seed/demo-prices';
import { seedDemoStocks } from '../src/db/seed/demo-stocks';
import { stocks } from '../src/modules/stocks/stocks.table';
import { buildTestApp } from '../test/helpers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
const databaseName = serverUrl ? 'PostgreSQL' : 'embedded database';

// The default config: sessions held in memory; a per-IP limit no load from one address reaches.
const t = await buildTestApp({ sessionCacheSeconds: 60, rateLimitPerMinute: 1_000_000_000 });
await seedDemoData(t.db);
await seedDemoStocks(t.db, t.clock.now());
await seedDemoPrices(t.db, t.clock.now());

const buyer = DEMO_ACCOUNTS[0];
const login = await t.call<{ sessionId: string }>('user/login', { account: buyer.phone, password: buyer.password });
const session = login.body.data?.sessionId;
if (!session) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
const [stock] = await t.db.select({ id: stocks.id }).from(stocks).limit(1);
if (!stock) throw new Error('no demo stock');

const form = (fields: Record<string, string>, sessionId = '') =>
  new URLSearchParams({ session_id: sessionId, platform: String(Platform.web), openId: '', ...fields }).toString();
const mix = [
  { path: '/market/quotes.htmls', body: form({}) },
  { path: '/stock/list.htmls', body: form({ page: '1', pageSize: '20' }) },
  { path: '/stock/detail.htmls', body: form({ id: String(stock.id) }) },
  { path: '/user/info.htmls', body: form({}, session) },
  { path: '/inquiry/hall.htmls', body: form({ page: '1', pageSize: '20' }) },
];
const requests = mix.map(({ path, body }) => ({
  method: 'POST' as const,
  path,
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
}));

const appAddress = await t.app.listen({ port: 0, host: '127.0.0.1' });
for (const request of requests) {
  const response = await fetch(appAddress + request.path, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  const answer = (await response.json()) as { codeFlag: number };
  if (answer.codeFlag !== 0) throw new Error(`${request.path} answers ${JSON.stringify(answer)}`);
}

const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post('/*', async () => ({ codeFlag: 0, mesg: '', data: [] }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, workers: 1 });
  const failed = result.errors + result.timeouts + result.non2xx;
  return { perSecond: result.requests.average, p99: result.latency.p99, failed };
}

const show = (name: string, figures: Awaited<ReturnType<typeof load>>) =>
  console.log(
    `${name.padEnd(28)} ${figures.perSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99).padStart(5)} ms  ${figures.failed} failed`,
  );

const bareFigures = await load(bareAddress);
show('bare Fastify (baseline)', bareFigures);
const appFigures = await load(appAddress);
show('the app, the mix of 5 calls', appFigures);
console.log(
  `the app serves ${((appFigures.perSecond / bareFigures.perSecond) * 100).toFixed(1)}% of a bare server's rate, p99 ${(appFigures.p99 / Math.max(bareFigures.p99, 1)).toFixed(1)}× its p99 (${CONNECTIONS} connections, ${SECONDS} s each, ${databaseName})`,
);
await bare.close();
await t.close();
