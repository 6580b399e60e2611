// Requests per second of `market/quotes` (the default group over two years of demo history) beside two
// bare Fastify routes reading the same form, measured in alternating slices of the same run; the ratios
// are the figures. One bare route answers a short constant JSON (issue 15's baseline); the other answers
// the very bytes market/quotes sends (2.9 KB), so its ratio is what the app's request path costs
// beyond writing the answer: `inject` alone spends some 30 µs more on a 2.9 KB answer than on a short
// one, whatever serves it. A route inside the app sends the same bytes behind the app's plugins, and a
// last case asks market/quotes as a browser does (Accept-Encoding), for the kept brotli answer. On
// PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped afterwards).
//
// `inject` builds a simulated response (every header copied and searched with regular expressions, the
// body turned back into text), which a real server never does; so the same two routes are then asked
// over a real socket too (one keep-alive connection on 127.0.0.1, one request at a time, the client in
// this process), in their own alternating slices: that ratio is what a client of the listening server sees.
import http from 'node:http';
import formbody from '@fastify/formbody';
import { CodeFlag, Platform } from '@metal/shared';
import Fastify from 'fastify';
import { seedDemoPrices } from '../src/db/seed/demo-prices';
import { marketsRoutes } from '../src/modules/markets/markets.routes';
import { buildTestApp } from '../test/helpers';
import { interleaved } from './interleaved';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20000);

// A third route sends those bytes from inside the app, behind its plugins (security headers, rate
// limit, compression) but not the protocol: what the protocol's own work costs is the difference.
let sameBytesInApp = '';
const SAME_BYTES_IN_APP = '/bench/same-bytes.htmls';
// Every request comes from one address: the per-IP limit must not answer them instead of the call.
const t = await buildTestApp({
  rateLimitPerMinute: 100_000_000,
  modules: {
    markets: {
      routes: async (app) => {
        await marketsRoutes(app);
        app.post(SAME_BYTES_IN_APP, { decompress: false }, async (_request, reply) =>
          reply.type('application/json; charset=utf-8').send(sameBytesInApp),
        );
      },
    },
  },
});
await seedDemoPrices(t.db, t.clock.now());
const bare = Fastify({ logger: false });
// It reads the same form the protocol does (without a parser Fastify answers 415 without reading it).
await bare.register(formbody);
const form = new URLSearchParams({ session_id: '', platform: String(Platform.web), openId: '' }).toString();
const headers = { 'content-type': 'application/x-www-form-urlencoded' };
const quotesAnswer = (await t.app.inject({ method: 'POST', url: '/market/quotes.htmls', payload: form, headers })).body;
sameBytesInApp = quotesAnswer;
bare.post('/bare', async () => ({ codeFlag: CodeFlag.ok, mesg: '', data: [] }));
bare.post('/bare-same-answer', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(quotesAnswer),
);
await bare.ready();

// What a browser sends: the answer goes out brotli-compressed (compressed once per kept answer).
const browserHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
const [baseline = 0, sameAnswer = 0, sameAnswerInApp = 0, quotes = 0, quotesCompressed = 0] = await interleaved(
  ROUNDS,
  [
    {
      name: 'bare Fastify route (baseline)',
      once: () => bare.inject({ method: 'POST', url: '/bare', payload: form, headers }),
    },
    {
      name: 'bare route, market/quotes bytes',
      once: () => bare.inject({ method: 'POST', url: '/bare-same-answer', payload: form, headers }),
    },
    {
      name: "the app's plugins, same bytes",
      once: () => t.app.inject({ method: 'POST', url: SAME_BYTES_IN_APP, payload: form, headers }),
    },
    {
      name: 'POST /market/quotes.htmls (visitor)',
      once: () => t.app.inject({ method: 'POST', url: '/market/quotes.htmls', payload: form, headers }),
    },
    {
      name: 'POST /market/quotes.htmls (brotli)',
      once: () => t.app.inject({ method: 'POST', url: '/market/quotes.htmls', payload: form, headers: browserHeaders }),
    },
  ],
  'req/s',
);
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
console.log(
  `market/quotes serves ${percent(quotes / baseline)} of a bare route's rate (${(baseline / quotes).toFixed(1)}× its cost) ` +
    `and ${percent(quotes / sameAnswer)} of a bare route sending the same bytes; ${ROUNDS} rounds each, ` +
    `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}`,
);
console.log(
  `the app's plugins alone (security headers, rate limit, compression) serve the same bytes at ${percent(sameAnswerInApp / baseline)} ` +
    `of the bare route's rate; market/quotes serves ${percent(quotes / sameAnswerInApp)} of theirs (what the call's own work costs: reading the form, the session, the handler)`,
);
console.log(
  `asked by a browser (brotli), market/quotes serves ${percent(quotesCompressed / baseline)} of the bare route's rate`,
);

const SOCKET_ROUNDS = Number(process.env.BENCH_SOCKET_ROUNDS ?? Math.ceil(ROUNDS / 2));
const appAddress = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
const bareAddress = new URL(await bare.listen({ port: 0, host: '127.0.0.1' }));
const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** One POST of the form over the agent's connection, resolved once the whole answer is read. */
const overSocket = (address: URL, path: string) =>
  new Promise<void>((resolve, reject) => {
    const request = http.request(
      {
        host: address.hostname,
        port: address.port,
        path,
        method: 'POST',
        agent: oneConnection,
        headers: { ...headers, 'content-length': Buffer.byteLength(form) },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', resolve);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(form);
  });
const [bareOverSocket = 0, quotesOverSocket = 0] = await interleaved(
  SOCKET_ROUNDS,
  [
    { name: 'bare route over a socket', once: () => overSocket(bareAddress, '/bare') },
    { name: 'market/quotes over a socket', once: () => overSocket(appAddress, '/market/quotes.htmls') },
  ],
  'req/s',
);
console.log(
  `over a real socket (one keep-alive connection), market/quotes serves ${percent(quotesOverSocket / bareOverSocket)} of the bare route's rate; ${SOCKET_ROUNDS} rounds each`,
);
oneConnection.destroy();
await bare.close();
await t.close();
