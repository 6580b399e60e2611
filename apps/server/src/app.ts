import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Paths } from '@metal/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { MODULES } from './modules/index';
import { PushDispatcher } from './modules/push/push.outbox';
import { type EventBus, LocalBus } from './platform/bus';
import { RedisBus } from './platform/bus-redis';
import { type Clock, runningClockFrom, systemClock } from './platform/clock';
import { ANSWER_COMPRESSION } from './platform/compression';
import { listenForCommittedEvents } from './platform/delivery';
import { createFileLinks, type FileLinks } from './platform/file-links';
import { type IdentityProvider, SandboxIdentity } from './platform/identity';
import { AliyunIdentity } from './platform/identity-aliyun';
import type { Keys } from './platform/keys';
import { loggerOptions } from './platform/log';
import { type Maps, OfflineMaps } from './platform/maps';
import { TiandituMaps } from './platform/maps-tianditu';
import { type ServerModule, subscribeModules } from './platform/module';
import { buildOpenApiDocument, renderReferencePage } from './platform/openapi';
import type { PaymentChannels } from './platform/payments';
import { AlipayChannel } from './platform/payments-alipay';
import { PaymentSandbox, type SandboxTiming } from './platform/payments-sandbox';
import { WxPayChannel } from './platform/payments-wxpay';
import { installProtocol } from './platform/protocol';
import { newVapidKeys, type PushProvider, SandboxPush, type VapidKeys, WebPushProvider } from './platform/push';
import { installSecurityHeaders } from './platform/security-headers';
import { SandboxSms, type SmsProvider } from './platform/sms';
import { AliyunSms } from './platform/sms-aliyun';
import { createStorage, type ObjectStorage } from './platform/storage';

export const APP_VERSION = '5.0.0';

export interface AppDeps {
  config: Config;
  db: Database;
  sms: SmsProvider;
  clock: Clock;
  bus: EventBus;
  keys: Keys;
  identity: IdentityProvider;
  /** Uploaded files (local disk or S3-compatible, by config). */
  storage: ObjectStorage;
  /** Addresses of stored files: public, or signed for private files. */
  fileLinks: FileLinks;
  /** The server's features (modules/index.ts); the extension points a module offers read the others' fields. */
  modules: readonly ServerModule[];
  /** Place search and reverse geocoding (the offline region table or Tianditu, by config). */
  maps: Maps;
  /** The server's VAPID key pair; browsers subscribe with its public key. */
  vapid: VapidKeys;
  /** Where pushes go (the sandbox or Web Push, by config). */
  pushProvider: PushProvider;
  /** Sends due pushes right away (the push job sends them at the latest a minute later). */
  pushDispatcher: PushDispatcher;
  /** Payment channels (the sandbox's or the live providers', by config) and the offline transfer account. */
  payments: PaymentChannels;
  /** The sandbox playing WeChat Pay and Alipay, when it is the provider. */
  paymentSandbox: PaymentSandbox | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  sms?: SmsProvider;
  clock?: Clock;
  bus?: EventBus;
  /** The configured keys (loadKeys), or newKeys() where nothing outlives the run. */
  keys: Keys;
  /** The real-person verification provider; by default the one config names. */
  identity?: IdentityProvider;
  /** The configured storage (config.storage) unless given, as tests give a temporary folder. */
  storage?: ObjectStorage;
  /** The server's features; every one in modules/index.ts unless given (tests swap parts with withOverrides). */
  modules?: readonly ServerModule[];
  /** The maps provider; by default the one config names. */
  maps?: Maps;
  /** The VAPID keys (loadVapidKeys); a fresh pair that lives as long as the process otherwise. */
  vapid?: VapidKeys;
  /** The push provider; by default the one config names. */
  push?: PushProvider;
  /** How soon and how often the payment sandbox notifies (tests make it immediate). */
  paymentSandboxTiming?: SandboxTiming;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the server with every plugin and module registered. It never listens (main.ts does). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const clock =
    options.clock ?? (options.config.clockStart ? runningClockFrom(options.config.clockStart) : systemClock);
  // With Redis, chat frames and other events reach the connections every instance holds.
  const redisBus =
    !options.bus && config.redisUrl
      ? new RedisBus({ url: config.redisUrl, channelPrefix: config.redisChannelPrefix ?? 'metal-bus:', log: app.log })
      : undefined;
  if (redisBus) {
    // An instance starts serving only once it hears the bus, so no event published after that is missed.
    app.addHook('onReady', () => redisBus.ready());
    app.addHook('onClose', () => redisBus.close());
  }
  const vapid = options.vapid ?? newVapidKeys(config.push.vapid.subject);
  const pushProvider =
    options.push ??
    (config.push.provider === 'webpush'
      ? new WebPushProvider(vapid, { timeoutMs: 30_000, log: app.log })
      : new SandboxPush(app.log));
  const paymentSandbox =
    config.payments.provider === 'sandbox'
      ? new PaymentSandbox({
          log: app.log,
          now: () => clock.now(),
          payable: config.payments.sandboxPayable,
          timing: options.paymentSandboxTiming,
        })
      : undefined;
  const deps: AppDeps = {
    config,
    db: options.db,
    sms: options.sms ?? (config.sms.provider === 'aliyun' ? new AliyunSms(config.sms.aliyun) : new SandboxSms(app.log)),
    clock,
    bus: options.bus ?? redisBus ?? new LocalBus(),
    keys: options.keys,
    identity:
      options.identity ??
      (config.identity.provider === 'aliyun'
        ? new AliyunIdentity(config.identity.aliyun, app.log)
        : new SandboxIdentity(app.log)),
    storage: options.storage ?? createStorage(config.storage),
    fileLinks: createFileLinks(options.keys.urlSigning, clock),
    modules: options.modules ?? MODULES,
    maps:
      options.maps ??
      (config.maps.provider === 'tianditu' ? new TiandituMaps(config.maps.tianditu, app.log) : new OfflineMaps()),
    vapid,
    pushProvider,
    pushDispatcher: new PushDispatcher({ db: options.db, clock, provider: pushProvider, log: app.log }),
    payments: paymentChannels(config, paymentSandbox),
    paymentSandbox,
  };
  app.decorate('deps', deps);
  paymentSandbox?.attach(app);

  installProtocol(app);
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline styles; images may be data: (captcha) or blob: (previews).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', 'http:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(formbody);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The limit guards the calls. Opening the app fetches dozens of static chunks and images, which
    // must not use up a visitor's calls (or be refused as JSON 429s), so reads are not counted.
    allowList: (request) => request.method === 'GET' || request.method === 'HEAD',
    // The remaining count is not sent on every answer (three headers a call that no client reads: the
    // app learns of a limit from the refusal's codeFlag and `data.retryAfter`); a refusal still
    // carries `retry-after` and the limit's headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(redis ? { redis, nameSpace: 'metal-rl:' } : {}),
  });

  await serveBuiltApps(app, config);
  // Answers are compressed as ANSWER_COMPRESSION says. The built apps are registered above, before
  // this plugin, whose route hook only sees later routes: their files are sent as compressed at build
  // time, never compressed again per request. Stored files (`/files/*`) opt out: images do not shrink
  // and downloads keep their length.
  await app.register(compress, { ...ANSWER_COMPRESSION, customTypes: COMPRESSIBLE_ANSWERS });

  for (const module of deps.modules) await module.routes?.(app);
  // Subscriptions and the listener for events published on commit end with the app, which main.ts
  // closes before the database.
  const unsubscribeModules = subscribeModules(app);
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await listenForCommittedEvents(deps.db, deps.bus, app.log);
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
    await unsubscribeModules();
  });

  app.get('/healthz', async (_request, reply) => {
    await deps.db.execute(sql`select 1`);
    return reply.send({ status: 'ok' });
  });
  app.get('/openapi.json', async () => buildOpenApiDocument(app.registeredCalls, APP_VERSION));
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderReferencePage(app.registeredCalls)),
  );

  return app;
}

/**
 * Answers worth compressing: text, JSON and XML (so not images, archives or `application/octet-stream`
 * downloads, and not `text/event-stream`, which must reach the browser event by event).
 */
const COMPRESSIBLE_ANSWERS = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|^application\/javascript(?:;|$)/;

/**
 * The built web app at `/` and the operators' console at `/console/`. Each compressible file has brotli
 * and gzip copies beside it (scripts/precompress.mjs), sent by the request's Accept-Encoding.
 */
async function serveBuiltApps(app: FastifyInstance, config: Config) {
  // Vite names assets by content hash, so they never change; index.html must always be fresh.
  const cacheByName = (reply: FastifyReply, path: string) =>
    reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  const webServed = Boolean(config.webDist && existsSync(config.webDist));
  if (webServed) {
    await app.register(fastifyStatic, { root: config.webDist, preCompressed: true, setHeaders: cacheByName });
  }
  if (config.consoleDist && existsSync(config.consoleDist)) {
    const consoleDist = config.consoleDist;
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console/',
      // reply.sendFile comes from whichever of the two is registered first.
      decorateReply: !webServed,
      preCompressed: true,
      setHeaders: cacheByName,
    });
    // With ignoreTrailingSlash, /console/ is routed as /console, which the wildcard above does not
    // answer; this answers both with the console's page (it links its assets by absolute path), sent
    // like every other built file: its compressed copy, revalidated by ETag.
    app.get('/console', (_request, reply) => reply.sendFile('index.html', consoleDist));
  }
}

/** The payment channels config names: the sandbox's, or each live provider configured. */
function paymentChannels(config: Config, sandbox: PaymentSandbox | undefined): PaymentChannels {
  const { publicUrl, offline } = config.payments;
  // Providers return the buyer to the web app's success page, which asks `pay/status`.
  const returnUrl = `${publicUrl}/#${Paths.paySuccess}?orderNo=`;
  if (sandbox) return { ...sandbox.channels(returnUrl), offline };
  const { wxpay, alipay } = config.payments;
  return {
    ...(wxpay ? { wxpay: new WxPayChannel({ ...wxpay, notifyUrl: `${publicUrl}/pay/notify/wxpay`, returnUrl }) } : {}),
    ...(alipay
      ? { alipay: new AlipayChannel({ ...alipay, notifyUrl: `${publicUrl}/pay/notify/alipay`, returnUrl }) }
      : {}),
    offline,
  };
}
