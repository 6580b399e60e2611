import { randomBytes } from 'node:crypto';
import { Calls, CodeFlag, Platform, type TMarketPriceRow, type TProfileSummary } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type BusEvents, LocalBus } from '../src/platform/bus';
import { buildTestApp, type Envelope, type TestApp } from './helpers';

// Two server instances on one database (PostgreSQL with TEST_DATABASE_URL), each holding sessions,
// profile summaries and quotes in memory. With TEST_REDIS_URL (CI sets it in the PostgreSQL pass) each builds its bus from
// REDIS_URL, as production does; without it they share one in-process bus, standing for it.
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
    rateLimitPerMinute: 10_000,
    sessionCacheSeconds: 600,
    profileCacheSeconds: 600,
    // Test files run in parallel against the same Redis: this run's events stay on its own channels.
    redisChannelPrefix: `test-caches-${process.pid}-${randomBytes(4).toString('hex')}:`,
  };
  const sharedBus = redisUrl ? undefined : new LocalBus();
  for (let index = 0; index < 2; index += 1) {
    const app = await buildApp({
      config,
      db: t.db,
      clock: t.clock,
      keys: t.keys,
      storage: t.storage,
      logger: false,
      ...(sharedBus ? { bus: sharedBus } : {}),
    });
    await app.ready();
    instances.push(app);
  }
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await t.close();
});

function instance(index: number) {
  const app = instances[index];
  if (!app) throw new Error(`no instance ${index}`);
  return app;
}

async function callOn<T>(index: number, path: string, fields: Record<string, unknown>, session = '') {
  const form = new URLSearchParams({ session_id: session, platform: String(Platform.web), openId: '' });
  for (const [name, value] of Object.entries(fields))
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  const response = await instance(index).inject({
    method: 'POST',
    url: `/${path}.htmls`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return response.json() as Envelope<T>;
}

/**
 * Settles once instance `index` has heard the next event on `topic`. Its caches subscribed when it
 * was built, before this, so by then they have handled the event too.
 */
function heardOn<K extends keyof BusEvents>(index: number, topic: K) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${index} did not hear ${topic}`)), 5000);
    const stop = instance(index).deps.bus.subscribe(topic, () => {
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

const userIdOn = async (index: number, session: string) =>
  (await callOn<TProfileSummary>(index, 'user/info', {}, session)).data?.userId;

describe('sessions held in memory on two instances', () => {
  it('a logout on one instance ends the session on the other at once', async () => {
    const { user, session } = await t.buildUser();
    expect(await userIdOn(1, session)).toBe(user.id);

    const heard = heardOn(1, 'sessions.ended');
    expect((await callOn(0, 'user/logout', {}, session)).codeFlag).toBe(CodeFlag.ok);
    await heard;
    expect(await userIdOn(1, session)).toBe(0);
  });

  it("a password change on one instance ends the user's other sessions on the other at once", async () => {
    const { user, password, session } = await t.buildUser();
    const other = await t.call(Calls.login, { account: user.account, password });
    const otherSession = other.body.data?.sessionId ?? '';
    expect(await userIdOn(1, otherSession)).toBe(user.id);
    expect(await userIdOn(1, session)).toBe(user.id);

    const heard = heardOn(1, 'sessions.ended');
    const changed = await callOn(
      0,
      'user/modify_password',
      { oldPassword: password, password: 'xyz98765', password2: 'xyz98765' },
      session,
    );
    expect(changed.codeFlag).toBe(CodeFlag.ok);
    await heard;
    expect(await userIdOn(1, otherSession)).toBe(0);
    expect(await userIdOn(1, session)).toBe(user.id);
  });
});

describe('profile summaries held in memory on two instances', () => {
  it("a follow on one instance shows in the follower's summary on the other at once", async () => {
    const follower = await t.buildUser();
    const seller = await t.buildUser();
    await t.buildCompany(seller.user.id);
    const attentionOn = async (index: number) =>
      (await callOn<TProfileSummary>(index, 'user/info', {}, follower.session)).data?.attentionNum;
    expect(await attentionOn(1)).toBe(0);

    const heard = heardOn(1, 'profiles.changed');
    expect((await callOn(0, 'attention/follow', { rootId: seller.user.id }, follower.session)).codeFlag).toBe(
      CodeFlag.ok,
    );
    await heard;
    expect(await attentionOn(1)).toBe(1);
  });
});

describe('quotes held in memory on two instances', () => {
  it('an import on one instance changes the quotes the other answers', async () => {
    const operator = await t.buildOperator();
    const importCsv = async (line: string) => {
      const content = `market,sort,date,low,high\n${line}`;
      const imported = await callOn(0, 'markets/import_prices', { format: 'csv', content }, operator.session);
      expect(imported.codeFlag).toBe(CodeFlag.ok);
    };
    const priceOn = async (index: number) =>
      (await callOn<TMarketPriceRow[]>(index, 'market/quotes', { sortIds: [22] })).data?.map((row) => row.price);

    await importCsv('foshan,22,2026-11-19,21000,21100');
    expect(await priceOn(1)).toEqual(['21050']);

    const heard = heardOn(1, 'price.changed');
    await importCsv('foshan,22,2026-11-20,21200,21400');
    await heard;
    expect(await priceOn(1)).toEqual(['21300']);
  });
});
