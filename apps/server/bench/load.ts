// The server under load over real sockets: BENCH_CONNECTIONS (default 100) keep-alive connections
// on 127.0.0.1 for BENCH_SECONDS (default 10) send a realistic mix of calls (quotes, a stock list, a
// stock detail, a logged-in user/info, the inquiry hall) over the demo data, and the same requests go
// to a bare Fastify server that reads the same forms and answers constant JSON, the two loaded in
// alternating slices of BENCH_SLICES (default 5) so a machine busier at one moment than another slows
// both alike. Both run in this process and autocannon in a worker thread, so the figures (requests
// per second and p99 latency, the median of the slices') are ratios that hold across machines.
//
// BENCH_CALLS=each loads every call of the mix alone instead, one after another in the same slices (so
// a busy moment slows them alike), and prints each call's requests per second and p99: where a call's
// own cost shows. BENCH_CALLS may also name some calls, e.g. `stock/list,stock/detail`. BENCH_PORT
// (default: any free port) is where the app listens, the bare server on the next one.
//
// On PostgreSQL when DATABASE_URL or BENCH_DATABASE_URL names a server (a fresh database on it,
// dropped afterwards), else on the embedded PGlite. Prints numbers; asserts nothing.
import formbody from '@fastify/formbody';
import { Calls, CodeFlag, Platform } from '@metal/shared';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed/demo';
import { seedDemoPrices } from '../src/db/seed/demo-prices';
import { seedDemoStocks } from '../src/db/seed/demo-stocks';
import { stocks } from '../src/modules/stocks/stocks.table';
import { buildTestApp } from '../test/helpers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
/** The app listens here and the bare server on the next port; 0 (the default) takes any free ones. */
const PORT = Number(process.env.BENCH_PORT ?? 0);
/** Unset: the mix against a bare server. `each`, or call names joined by commas: those calls, each alone. */
const CALLS = process.env.BENCH_CALLS;

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
const databaseName = serverUrl ? 'PostgreSQL' : 'embedded database';

// The default config: sessions held in memory; a per-IP limit no load from one address reaches.
const t = await buildTestApp({ sessionCacheSeconds: 60, rateLimitPerMinute: 1_000_000_000 });
await seedDemoData(t.db);
await seedDemoStocks(t.db, t.clock.now());
await seedDemoPrices(t.db, t.clock.now());

const buyer = DEMO_ACCOUNTS[0];
const login = await t.call(Calls.login, { account: buyer.phone, password: buyer.password });
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

const appAddress = await t.app.listen({ port: PORT, host: '127.0.0.1' });
for (const request of requests) {
  const response = await fetch(appAddress + request.path, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  const answer = (await response.json()) as { codeFlag: number };
  if (answer.codeFlag !== CodeFlag.ok) throw new Error(`${request.path} answers ${JSON.stringify(answer)}`);
}

const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post('/*', async () => ({ codeFlag: CodeFlag.ok, mesg: '', data: [] }));
const bareAddress = await bare.listen({ port: PORT && PORT + 1, host: '127.0.0.1' });

type Load = { url: string; requests: typeof requests };

async function loadSlice({ url, requests }: Load, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests, workers: 1 });
  return {
    requests: result.requests.total,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Gives each load SECONDS in all, a slice at a time in turn, and sums what the slices saw. */
async function loadInterleaved(loads: Load[]) {
  const sliceSeconds = Math.max(1, Math.round(SECONDS / SLICES));
  const slices = loads.map(() => [] as Awaited<ReturnType<typeof loadSlice>>[]);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [index, load] of loads.entries()) slices[index]?.push(await loadSlice(load, sliceSeconds));
  }
  return slices.map((seen) => ({
    perSecond: seen.reduce((sum, s) => sum + s.requests, 0) / (sliceSeconds * seen.length),
    p99: median(seen.map((s) => s.p99)),
    failed: seen.reduce((sum, s) => sum + s.failed, 0),
  }));
}

type Figures = Awaited<ReturnType<typeof loadInterleaved>>[number];
const show = (name: string, figures: Figures) =>
  console.log(
    `${name.padEnd(28)} ${figures.perSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99).padStart(5)} ms  ${figures.failed} failed`,
  );

const callName = (path: string) => path.slice(1).replace('.htmls', '');
const slicesSaid = `${SLICES} slices of ${Math.max(1, Math.round(SECONDS / SLICES))} s each`;

if (CALLS) {
  const names = CALLS === 'each' ? requests.map((request) => callName(request.path)) : CALLS.split(',');
  const alone = names.map((name) => {
    const request = requests.find((candidate) => callName(candidate.path) === name);
    if (!request) throw new Error(`BENCH_CALLS names ${name}, which is not in the mix`);
    return { url: appAddress, requests: [request] };
  });
  // The bare server answers the first call's request, interleaved with the calls, for a ratio each.
  const [bareFigures, ...figures] = await loadInterleaved([{ url: bareAddress, requests: [requests[0]!] }, ...alone]);
  if (!bareFigures) throw new Error('no figures');
  show('bare Fastify (baseline)', bareFigures);
  for (const [index, name] of names.entries()) {
    const seen = figures[index];
    if (seen)
      console.log(
        `${`${name} alone`.padEnd(28)} ${seen.perSecond.toFixed(0).padStart(7)} req/s  p99 ${String(seen.p99).padStart(5)} ms  ` +
          `${seen.failed} failed  ${((seen.perSecond / bareFigures.perSecond) * 100).toFixed(1)}% of bare`,
      );
  }
  console.log(`(${CONNECTIONS} connections, ${slicesSaid}, ${databaseName})`);
} else {
  const [bareFigures, appFigures] = await loadInterleaved([
    { url: bareAddress, requests },
    { url: appAddress, requests },
  ]);
  if (!bareFigures || !appFigures) throw new Error('no figures');
  show('bare Fastify (baseline)', bareFigures);
  show('the app, the mix of 5 calls', appFigures);
  console.log(
    `the app serves ${((appFigures.perSecond / bareFigures.perSecond) * 100).toFixed(1)}% of a bare server's rate, p99 ${(appFigures.p99 / Math.max(bareFigures.p99, 1)).toFixed(1)}× its p99 (${CONNECTIONS} connections, ${slicesSaid}, ${databaseName})`,
  );
}
await bare.close();
await t.close();
