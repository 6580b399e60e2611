import { CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { hashPassword } from '../src/modules/accounts/accounts.crypto';
import { users } from '../src/modules/accounts/accounts.table';
import { LocalBus } from '../src/platform/bus';
import { newKeys } from '../src/platform/keys';
import { openTestDatabase } from './database';

// With TEST_REDIS_URL (CI sets it), two server instances share per-IP limits through Redis; without
// it each instance counts in process, as a single-machine deployment does.
const redisUrl = process.env.TEST_REDIS_URL;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it(
  redisUrl ? 'shares rate limits between instances through Redis' : 'counts rate limits per instance without Redis',
  async () => {
    const config = {
      ...loadConfig({ RATE_LIMIT_PER_MINUTE: '3', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
      logLevel: 'silent',
    };
    const first = await buildApp({ config, db: database.db, keys: newKeys(), logger: false });
    const second = await buildApp({ config, db: database.db, keys: newKeys(), logger: false });
    const ip = `10.77.${process.pid % 250}.${Date.now() % 250}`;
    const codes: number[] = [];
    for (const app of [first, second, first, second]) {
      const response = await app.inject({ method: 'POST', url: '/user/info.htmls', payload: {}, remoteAddress: ip });
      codes.push(response.json().codeFlag);
    }
    await first.close();
    await second.close();
    expect(codes).toEqual(redisUrl ? [0, 0, 0, CodeFlag.tooManyRequests] : [0, 0, 0, 0]);
  },
);

it('counts wrong passwords of an account on every instance: the captcha, and the end of a guessing session', async () => {
  const config = {
    ...loadConfig({ RATE_LIMIT_PER_MINUTE: '1000', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
    logLevel: 'silent',
  };
  // Several instances share an event bus (Redis in production); without Redis the two share one in process,
  // so a session ended on one is forgotten by the other's session memory as it would be through Redis.
  const shared = redisUrl ? {} : { bus: new LocalBus() };
  const instances = [
    await buildApp({ config, db: database.db, keys: newKeys(), logger: false, ...shared }),
    await buildApp({ config, db: database.db, keys: newKeys(), logger: false, ...shared }),
  ];
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const [created] = await database.db
    .insert(users)
    .values({ phone, account: phone, passwordHash: await hashPassword('right123'), nickName: phone, rootId: 0 })
    .returning();
  await database.db.update(users).set({ rootId: created!.id }).where(eq(users.id, created!.id));
  let address = 0;
  const call = async (instance: number, path: string, fields: Record<string, string>) => {
    const response = await instances[instance]!.inject({
      method: 'POST',
      url: `/${path}.htmls`,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: `10.78.0.${++address}`,
    });
    return response.json() as { codeFlag: number; data?: { needCaptcha?: boolean; sessionId?: string } };
  };
  const login = (instance: number, password: string) => call(instance, 'user/login', { account: phone, password });
  const session = (await login(0, 'right123')).data!.sessionId!;
  const guess = (instance: number) =>
    call(instance, 'user/modify_password', {
      session_id: session,
      oldPassword: 'wrong123',
      password: 'new12345',
      password2: 'new12345',
    });

  expect((await login(0, 'wrong123')).data).toEqual({ needCaptcha: false });
  expect((await login(1, 'wrong123')).data).toEqual({ needCaptcha: false });
  expect((await login(0, 'wrong123')).data).toEqual({ needCaptcha: true });
  expect((await login(1, 'right123')).data).toEqual({ needCaptcha: true });
  // Three failures already count: two more guesses, one on each instance, end the session on both.
  expect((await guess(1)).codeFlag).toBe(CodeFlag.invalidInput);
  expect((await guess(0)).codeFlag).toBe(CodeFlag.notLoggedIn);
  for (const instance of [0, 1])
    expect((await call(instance, 'user/info', { session_id: session })).data).toMatchObject({ userId: 0 });
  for (const app of instances) await app.close();
});

it("ends a disabled account's sessions on every instance at once", async () => {
  const config = {
    ...loadConfig({ RATE_LIMIT_PER_MINUTE: '1000', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
    logLevel: 'silent',
  };
  const shared = redisUrl ? {} : { bus: new LocalBus() };
  const instances = [
    await buildApp({ config, db: database.db, keys: newKeys(), logger: false, ...shared }),
    await buildApp({ config, db: database.db, keys: newKeys(), logger: false, ...shared }),
  ];
  const person = async (prefix: string, operatorRole: 'service' | null) => {
    const phone = `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const [created] = await database.db
      .insert(users)
      .values({
        phone,
        account: phone,
        passwordHash: await hashPassword('right123'),
        nickName: phone,
        rootId: 0,
        operatorRole,
      })
      .returning();
    await database.db.update(users).set({ rootId: created!.id }).where(eq(users.id, created!.id));
    return { phone, userId: created!.id };
  };
  let address = 0;
  const call = async (instance: number, path: string, fields: Record<string, string>) => {
    const response = await instances[instance]!.inject({
      method: 'POST',
      url: `/${path}.htmls`,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: `10.79.0.${++address}`,
    });
    return response.json() as { codeFlag: number; mesg: string; data?: { sessionId?: string; userId?: number } };
  };
  const seller = await person('135', null);
  const operator = await person('136', 'service');
  const login = async (instance: number, phone: string) =>
    (await call(instance, 'user/login', { account: phone, password: 'right123' })).data!.sessionId!;
  const session = await login(1, seller.phone);
  const operatorSession = await login(0, operator.phone);
  // Both instances hold the seller's session in memory before the account is disabled.
  for (const instance of [0, 1])
    expect((await call(instance, 'user/info', { session_id: session })).data).toMatchObject({ userId: seller.userId });

  const disabled = await call(0, 'console/user/disable', {
    session_id: operatorSession,
    userId: String(seller.userId),
    reason: '欺诈投诉',
  });
  expect(disabled.codeFlag).toBe(CodeFlag.ok);
  for (const instance of [1, 0])
    expect((await call(instance, 'user/info', { session_id: session })).data).toMatchObject({ userId: 0 });
  const again = await call(1, 'user/login', { account: seller.phone, password: 'right123' });
  expect(again).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '该账号已停用，请联系客服' });
  for (const app of instances) await app.close();
});
