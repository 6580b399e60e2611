import { type CallRequest, Calls, CodeFlag, MAX_PUSH_TOPICS } from '@metal/shared';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { pushDevices, pushSubscriptions } from './push.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const START = new Date('2026-11-20T02:00:00Z');

beforeEach(async () => {
  t.clock.set(START);
  await t.db.delete(pushSubscriptions);
  await t.db.delete(pushDevices);
});

type User = Awaited<ReturnType<TestApp['buildUser']>>;

const devices = () =>
  t.db
    .select({ token: pushDevices.token, userId: pushDevices.userId, boundAt: pushDevices.boundAt })
    .from(pushDevices)
    .orderBy(asc(pushDevices.token));
const subscriptions = () =>
  t.db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.token), asc(pushSubscriptions.topic));
const topicsOf = async (token: string) => (await subscriptions()).filter((s) => s.token === token).map((s) => s.topic);
const snapshot = async () => ({ devices: await devices(), subscriptions: await subscriptions() });

const bind = (user: User, token: CallRequest<typeof Calls.bindToken>['token'], lang?: string) =>
  t.call(Calls.bindToken, { token }, { session: user.session, ...(lang ? { lang } : {}) });
const update = (user: User, fields: CallRequest<typeof Calls.updateSubscribe>, lang?: string) =>
  t.call(Calls.updateSubscribe, fields, {
    session: user.session,
    ...(lang ? { lang } : {}),
  });
const updateRaw = (user: User, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.updateSubscribe, fields, {
    session: user.session,
    ...(lang ? { lang } : {}),
  });

const SUBSCRIBE_INVALID_ZH = '订阅格式应为 price-品种编号，多个以逗号分隔';
const SUBSCRIBE_INVALID_EN = 'Subscriptions must be price-{sortId}, separated by commas';

describe('relg/bind_token', () => {
  it("binds the device's token to the user", async () => {
    const a = await t.buildUser();
    const { body } = await bind(a, 'cid-aaa');
    expect(body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    expect(await devices()).toEqual([{ token: 'cid-aaa', userId: a.user.id, boundAt: START }]);
  });

  it("rebinding by the same user refreshes the binding time and keeps the device's topics", async () => {
    const a = await t.buildUser();
    await bind(a, 'cid-aaa');
    await update(a, { token: 'cid-aaa', subscribe: 'price-13,price-12' });
    t.clock.advance(3600);
    expect((await bind(a, 'cid-aaa')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await devices()).toEqual([
      { token: 'cid-aaa', userId: a.user.id, boundAt: new Date(START.getTime() + 3_600_000) },
    ]);
    expect(await topicsOf('cid-aaa')).toEqual(['price-12', 'price-13']);
  });

  it("moves a device to the user who now logs in on it, dropping the old owner's topics only", async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await update(a, { token: 'cid-shared', subscribe: 'price-13,price-12' });
    await update(a, { token: 'cid-a-only', subscribe: 'price-40' });

    expect((await bind(b, 'cid-shared')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await devices()).toEqual([
      { token: 'cid-a-only', userId: a.user.id, boundAt: START },
      { token: 'cid-shared', userId: b.user.id, boundAt: START },
    ]);
    expect(await topicsOf('cid-shared')).toEqual([]);
    expect(await topicsOf('cid-a-only')).toEqual(['price-40']);

    // The device is now b's to configure, and no longer a's.
    expect((await update(b, { token: 'cid-shared', subscribe: 'price-78' })).body.data).toEqual({
      token: 'cid-shared',
      subscribe: ['price-78'],
    });
    expect((await update(a, { token: 'cid-shared', subscribe: 'price-1' })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await topicsOf('cid-shared')).toEqual(['price-78']);
  });

  it('refuses an empty, blank, missing or over-long token with a localized mesg and writes nothing', async () => {
    const a = await t.buildUser();
    expect((await bind(a, '')).body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '此项为必填项' });
    expect((await bind(a, '   ', 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'This field is required',
      errors: { token: 'This field is required' },
    });
    const missing = await t.callRaw(Calls.bindToken, {}, { session: a.session });
    expect(missing.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '此项为必填项' });
    expect((await bind(a, 'x'.repeat(257), 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Too long',
    });
    expect(await snapshot()).toEqual({ devices: [], subscriptions: [] });
    // The longest accepted token.
    expect((await bind(a, 'x'.repeat(256))).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('requires login and writes nothing', async () => {
    expect((await t.call(Calls.bindToken, { token: 'cid-aaa' })).body).toMatchObject({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: '请先登录',
    });
    expect(await devices()).toEqual([]);
  });
});

describe('relg/update_subscribe', () => {
  it('without pre, makes the topics exactly the list sent (and binds an unbound token)', async () => {
    const a = await t.buildUser();
    const first = await update(a, { token: 'cid-aaa', subscribe: 'price-13, price-12 ,price-13,' });
    expect(first.body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { token: 'cid-aaa', subscribe: ['price-12', 'price-13'] },
    });
    expect(await devices()).toEqual([{ token: 'cid-aaa', userId: a.user.id, boundAt: START }]);

    const second = await update(a, { token: 'cid-aaa', subscribe: 'price-12,price-77' });
    expect(second.body.data).toEqual({ token: 'cid-aaa', subscribe: ['price-12', 'price-77'] });
    expect(await topicsOf('cid-aaa')).toEqual(['price-12', 'price-77']);
  });

  it('with pre, removes only the topics held before that are no longer wanted', async () => {
    const a = await t.buildUser();
    await update(a, { token: 'cid-aaa', subscribe: 'price-1,price-2,price-3' });
    const { body } = await update(a, { token: 'cid-aaa', subscribe: 'price-2,price-4', pre: 'price-1,price-2' });
    // price-1: in pre, not wanted → removed; price-3: not in pre → kept; price-4 added.
    expect(body.data).toEqual({ token: 'cid-aaa', subscribe: ['price-2', 'price-3', 'price-4'] });
    expect(await topicsOf('cid-aaa')).toEqual(['price-2', 'price-3', 'price-4']);

    // An empty pre only adds.
    expect((await update(a, { token: 'cid-aaa', subscribe: 'price-5', pre: '' })).body.data!.subscribe).toEqual([
      'price-2',
      'price-3',
      'price-4',
      'price-5',
    ]);
  });

  it('an empty subscribe clears the device (or, with pre, just the topics in pre)', async () => {
    const a = await t.buildUser();
    await update(a, { token: 'cid-aaa', subscribe: 'price-1,price-2,price-3' });
    expect((await update(a, { token: 'cid-aaa', subscribe: '', pre: 'price-1' })).body.data!.subscribe).toEqual([
      'price-2',
      'price-3',
    ]);
    expect((await update(a, { token: 'cid-aaa', subscribe: '' })).body.data).toEqual({
      token: 'cid-aaa',
      subscribe: [],
    });
    expect(await subscriptions()).toEqual([]);
    expect(await devices()).toHaveLength(1);
  });

  it.each(['price-', 'price-abc', 'foo-1', 'price-0', 'price-1x', 'price-12,price-', 'PRICE-1'])(
    'refuses the topic list %j with the localized mesg and writes nothing',
    async (bad) => {
      const a = await t.buildUser();
      await update(a, { token: 'cid-aaa', subscribe: 'price-13' });
      const before = await snapshot();

      const zh = await update(a, { token: 'cid-aaa', subscribe: bad });
      expect(zh.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: SUBSCRIBE_INVALID_ZH });
      const en = await update(a, { token: 'cid-aaa', subscribe: 'price-1', pre: bad }, 'en-US');
      expect(en.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: SUBSCRIBE_INVALID_EN });
      // Nor is an unbound token bound by a refused call.
      const unbound = await update(a, { token: 'cid-new', subscribe: bad });
      expect(unbound.body.codeFlag).toBe(CodeFlag.invalidInput);

      expect(await snapshot()).toEqual(before);
    },
  );

  it(`refuses more than ${MAX_PUSH_TOPICS} topics in one list, or held by one device, and writes nothing`, async () => {
    const a = await t.buildUser();
    const topics = (from: number, n: number) => Array.from({ length: n }, (_, i) => `price-${from + i}`).join(',');
    const tooMany = await update(a, { token: 'cid-aaa', subscribe: topics(1, MAX_PUSH_TOPICS + 1) });
    expect(tooMany.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: SUBSCRIBE_INVALID_ZH });
    expect(await snapshot()).toEqual({ devices: [], subscriptions: [] });

    expect((await update(a, { token: 'cid-aaa', subscribe: topics(1, MAX_PUSH_TOPICS) })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    const before = await snapshot();
    // With pre, topics not in pre are kept: adding one more would exceed the device's limit.
    const overflow = await update(a, { token: 'cid-aaa', subscribe: topics(1000, 1), pre: '' }, 'en-US');
    expect(overflow.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: SUBSCRIBE_INVALID_EN });
    expect(await snapshot()).toEqual(before);
    // Swapping one topic for another stays within the limit.
    const swap = await update(a, { token: 'cid-aaa', subscribe: topics(1000, 1), pre: 'price-1' });
    expect(swap.body.codeFlag).toBe(CodeFlag.ok);
    expect(await topicsOf('cid-aaa')).toHaveLength(MAX_PUSH_TOPICS);
  });

  it('refuses a missing token or subscribe field and writes nothing', async () => {
    const a = await t.buildUser();
    expect((await updateRaw(a, { subscribe: 'price-1' })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '此项为必填项',
    });
    expect((await updateRaw(a, { token: 'cid-aaa' }, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: SUBSCRIBE_INVALID_EN,
    });
    expect(await snapshot()).toEqual({ devices: [], subscriptions: [] });
  });

  it('refuses a token bound to another user with codeFlag 3 and changes nothing for either user', async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await update(a, { token: 'cid-a', subscribe: 'price-13,price-12' });
    await update(b, { token: 'cid-b', subscribe: 'price-40' });
    const before = await snapshot();

    const replace = await update(b, { token: 'cid-a', subscribe: 'price-78' });
    expect(replace.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    const clear = await update(b, { token: 'cid-a', subscribe: '' }, 'en-US');
    expect(clear.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: 'You are not allowed to do this' });
    const withPre = await update(b, { token: 'cid-a', subscribe: '', pre: 'price-12' });
    expect(withPre.body.codeFlag).toBe(CodeFlag.forbidden);

    expect(await snapshot()).toEqual(before);
  });

  it('requires login and writes nothing', async () => {
    const a = await t.buildUser();
    await update(a, { token: 'cid-a', subscribe: 'price-13' });
    const before = await snapshot();
    const visitor = await t.call(Calls.updateSubscribe, { token: 'cid-a', subscribe: '' });
    expect(visitor.body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    const fresh = await t.call(Calls.updateSubscribe, { token: 'cid-new', subscribe: 'price-1' });
    expect(fresh.body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await snapshot()).toEqual(before);
  });
});
