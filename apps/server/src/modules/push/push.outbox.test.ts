import { createECDH, randomBytes } from 'node:crypto';
import {
  Calls,
  ChatActionType,
  ChatContentType,
  ChatFrameType,
  CodeFlag,
  chatIdOf,
  Platform,
  PUSH_TOKEN_REBIND_MS,
  type TChatMessage,
  type TPushPayload,
  type TWebPushSubscription,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { Executor } from '../../db/client';
import { Scheduler } from '../../platform/scheduler';
import { createSession } from '../accounts/accounts.service';
import { productLinkCheckers } from '../chat/chat.product-links';
import { storeMessage } from '../chat/chat.service';
import { chatMessages } from '../chat/chat.table';
import { sendNotice } from '../notices/notices.service';
import { notices } from '../notices/notices.table';
import { queueChatMessagePush } from './push.chat';
import { pushDispatchJob } from './push.jobs';
import { dispatchDuePushes, PUSH_RETRY_DELAYS_MS } from './push.outbox';
import { pushDevices, pushOutbox } from './push.table';

let t: TestApp;
let socketUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/chat/ws`;
});
afterAll(() => t.close());

/** An Asia/Shanghai wall-clock time on 2026-11-20 (or the given day). */
const shanghai = (time: string, day = '2026-11-20') => new Date(`${day}T${time}+08:00`);

beforeEach(async () => {
  t.clock.set(shanghai('10:00:00'));
  t.push.sent.length = 0;
  await t.db.delete(pushOutbox);
  await t.db.delete(pushDevices);
});

type User = Awaited<ReturnType<TestApp['buildUser']>>;

let endpointCounter = 0;
/** A browser's PushSubscription.toJSON() with fresh keys. */
function subscription(): TWebPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/device-${++endpointCounter}-${randomBytes(4).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const bind = (user: User, token: unknown, lang?: string) =>
  t.call(
    Calls.bindToken,
    { token: typeof token === 'string' ? token : JSON.stringify(token) },
    {
      session: user.session,
      ...(lang ? { lang } : {}),
    },
  );
const unbind = (user: User, token: unknown, lang?: string) =>
  t.call(
    Calls.unbindToken,
    { token: typeof token === 'string' ? token : JSON.stringify(token) },
    {
      session: user.session,
      ...(lang ? { lang } : {}),
    },
  );
const devices = () => t.db.select().from(pushDevices).orderBy(pushDevices.token);
const outbox = () => t.db.select().from(pushOutbox).orderBy(pushOutbox.id);
const payloads = () => t.push.sent.map((s) => JSON.parse(s.message.payload) as TPushPayload);
const dispatch = () => dispatchDuePushes({ db: t.db, clock: t.clock, provider: t.push, log: t.app.log });

/** A receiver with one bound browser, and a sender. */
async function pairWithDevice(lang?: string) {
  const sender = await t.buildUser({ nickName: 'Alice' });
  const receiver = await t.buildUser({ nickName: 'Bob' });
  const device = subscription();
  expect((await bind(receiver, device, lang)).body.codeFlag).toBe(CodeFlag.ok);
  return { sender, receiver, device };
}

let uuidCounter = 0;
/** Queues a stored message's push in its transaction, as the chat socket does for an offline receiver. */
const queuePush = (tx: Executor, message: TChatMessage) => queueChatMessagePush(tx, t.clock, message);

/** Stores a text message with its push, as the chat socket does for an offline receiver, and wakes the dispatcher. */
async function chat(from: User, to: User, mesg: string) {
  const { message } = await storeMessage({
    db: t.db,
    clock: t.clock,
    links: t.app.deps.fileLinks,
    productLinks: productLinkCheckers(t.app.deps.modules),
    lang: 'zh-CN',
    queuePush,
    senderId: from.user.id,
    frame: {
      type: ChatContentType.text,
      chatId: chatIdOf(from.user.id, to.user.id),
      info: JSON.stringify({ mesg }),
      receiveUserId: to.user.id,
      uuid: `push-${++uuidCounter}`,
      sendDate: 0,
    },
  });
  await t.app.deps.pushDispatcher.nudge();
  return message;
}

describe('relg/bind_token with a web push subscription', () => {
  it('binds the browser by its endpoint, keeping its keys and the language it was bound in', async () => {
    const a = await t.buildUser();
    const device = subscription();
    expect((await bind(a, device, 'en-US')).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    expect(await devices()).toEqual([
      { token: device.endpoint, userId: a.user.id, boundAt: shanghai('10:00:00'), subscription: device, lang: 'en-US' },
    ]);
  });

  it('re-binding (90 days on, or new keys under the same endpoint) refreshes the time and keys', async () => {
    const a = await t.buildUser();
    const device = subscription();
    await bind(a, device);
    t.clock.advance(PUSH_TOKEN_REBIND_MS / 1000 + 1);
    // The app re-binds at start-up, with the session it has then.
    const { sessionId } = await createSession({ db: t.db, clock: t.clock }, { user: a.user, platform: Platform.web });
    const renewed = { ...device, keys: subscription().keys };
    expect((await bind({ ...a, session: sessionId }, renewed)).body.codeFlag).toBe(CodeFlag.ok);
    const [row] = await devices();
    expect(row).toMatchObject({ token: device.endpoint, subscription: renewed, userId: a.user.id });
    expect(row!.boundAt).toEqual(t.clock.now());
  });

  it("moves the browser to the user now logged in on it, and the old user's queued pushes do not follow", async () => {
    const { sender, receiver, device } = await pairWithDevice();
    t.clock.set(shanghai('12:45:00'));
    await chat(sender, receiver, 'held for Bob');
    expect(await outbox()).toHaveLength(1);
    const carol = await t.buildUser();
    expect((await bind(carol, device)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await devices())[0]!.userId).toBe(carol.user.id);
    expect(await outbox()).toEqual([]);
  });

  it("never pushes the earlier user's chat or notice to the browser once it changed hands, even queued after", async () => {
    const { sender, receiver, device } = await pairWithDevice();
    t.clock.set(shanghai('12:45:00'));
    const dave = await t.buildUser({ nickName: 'Dave' });
    const message = await chat(sender, receiver, 'for Bob only');
    const fromDave = await chat(dave, receiver, 'also for Bob only');
    await t.db.transaction((tx) =>
      sendNotice(tx, t.clock, { userId: receiver.user.id, messageKey: 'notice.shopApproved' }),
    );
    const [notice] = await t.db.select().from(notices).where(eq(notices.userId, receiver.user.id));
    const carol = await t.buildUser({ nickName: 'Carol' });
    expect((await bind(carol, device)).body.codeFlag).toBe(CodeFlag.ok);
    // Bob's pushes queued by a sender that read the device's owner just before Carol's bind committed:
    // they land in the queue after the bind cleared it.
    await t.db.insert(pushOutbox).values([
      {
        token: device.endpoint,
        kind: 'chat',
        collapseKey: `chat:${sender.user.id}`,
        refId: message.id,
        dueAt: t.clock.now(),
        createdAt: t.clock.now(),
      },
      {
        token: device.endpoint,
        kind: 'chat',
        collapseKey: `chat:${dave.user.id}`,
        refId: fromDave.id,
        dueAt: t.clock.now(),
        createdAt: t.clock.now(),
      },
      {
        token: device.endpoint,
        kind: 'notice',
        collapseKey: `notice:${notice!.id}`,
        refId: notice!.id,
        dueAt: t.clock.now(),
        createdAt: t.clock.now(),
      },
    ]);
    // Alice's message to Carol takes the place of Alice's to Bob in the queue, counting only itself.
    await chat(sender, carol, 'for Carol');
    t.clock.set(shanghai('13:30:00'));
    expect(await dispatch()).toMatchObject({ delivered: 1, dropped: 2 });
    expect(payloads()).toEqual([{ type: 1, id: sender.user.id, title: 'Alice', body: 'for Carol' }]);
    expect(await outbox()).toEqual([]);
  });

  it.each([
    ['not JSON', '{"endpoint":'],
    ['http endpoint', { ...subscription(), endpoint: 'http://push.example/x' }],
    ['short p256dh', { ...subscription(), keys: { p256dh: 'BAAA', auth: randomBytes(16).toString('base64url') } }],
    ['missing auth', { endpoint: 'https://push.example/x', keys: { p256dh: subscription().keys.p256dh } }],
  ])('refuses a subscription with %s in the language asked, writing nothing', async (_what, token) => {
    const a = await t.buildUser();
    expect((await bind(a, token)).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '推送订阅无效，请重新开启消息通知',
    });
    expect((await bind(a, token, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The push subscription is not valid; please turn notifications on again',
      errors: { token: 'The push subscription is not valid; please turn notifications on again' },
    });
    expect(await devices()).toEqual([]);
  });
});

describe('relg/unbind_token', () => {
  it('stops pushes to the own browser', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    expect((await unbind(receiver, device)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    expect(await devices()).toEqual([]);
    await chat(sender, receiver, 'nobody to push to');
    expect(t.push.sent).toEqual([]);
    // Already gone: nothing to do, no error.
    expect((await unbind(receiver, device)).body.codeFlag).toBe(CodeFlag.ok);
  });

  it("refuses another user's browser and changes nothing", async () => {
    const { sender, device } = await pairWithDevice();
    const before = await devices();
    expect((await unbind(sender, device)).body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect((await unbind(sender, device.endpoint, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: 'You are not allowed to do this',
    });
    expect(await devices()).toEqual(before);
  });

  it('requires login', async () => {
    const { device } = await pairWithDevice();
    const visitor = await t.call(Calls.unbindToken, { token: JSON.stringify(device) });
    expect(visitor.body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await devices()).toHaveLength(1);
  });
});

describe('relg/push_key', () => {
  it("gives the server's VAPID public key and the 90-day re-bind age, to visitors too", async () => {
    const { body } = await t.call(Calls.pushKey);
    expect(body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { publicKey: t.app.deps.vapid.publicKey, rebindMs: 7_776_000_000 },
    });
    expect(Buffer.from(t.app.deps.vapid.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('chat message pushes', () => {
  /** A chat connection identified with the session, keeping the frames it hears. */
  const connect = async (session: string) => {
    const ws = new WebSocket(socketUrl);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    ws.send(JSON.stringify({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: 5 }) }));
    const heard = (match: (frame: Record<string, unknown>) => boolean) => frames.filter(match).length;
    /** Until `times` frames matching were heard (or two seconds passed). */
    const until = async (match: (frame: Record<string, unknown>) => boolean, times = 1) => {
      for (let i = 0; i < 100 && heard(match) < times; i++) await new Promise((r) => setTimeout(r, 20));
    };
    const ackOf = (uuid: string) => (f: Record<string, unknown>) => f.type === ChatFrameType.ack && f.info === uuid;
    const acked = (uuid: string, times = 1) => until(ackOf(uuid), times);
    return { ws, frames, heard, until, ackOf, acked };
  };
  const textFrame = (from: User, to: User, uuid: string, mesg: string) => ({
    type: ChatContentType.text,
    chatId: chatIdOf(from.user.id, to.user.id),
    info: JSON.stringify({ mesg }),
    receiveUserId: to.user.id,
    uuid,
    sendDate: 0,
  });

  it('a receiver without an open chat connection gets a type-1 push naming the sender; one with one does not', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    const text = (uuid: string, mesg: string) => textFrame(sender, receiver, uuid, mesg);
    const alice = await connect(sender.session);
    alice.ws.send(JSON.stringify(text('ws-1', '铝锭还有货吗？')));
    await alice.acked('ws-1');
    // Queued with the message, before the ack: the dispatch finds it.
    await t.app.deps.pushDispatcher.nudge();
    expect(t.push.sent.map((s) => s.endpoint)).toEqual([device.endpoint]);
    expect(payloads()).toEqual([{ type: 1, id: sender.user.id, title: 'Alice', body: '铝锭还有货吗？' }]);
    expect(t.push.sent[0]!.message).toMatchObject({ topic: `chat-${sender.user.id}`, urgency: 'high' });

    const bob = await connect(receiver.session);
    // Bob's identify is handled once he can hear a heartbeat answer.
    bob.ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
    for (let i = 0; i < 100 && !bob.frames.some((f) => f.type === ChatFrameType.heartbeat); i++)
      await new Promise((r) => setTimeout(r, 20));
    alice.ws.send(JSON.stringify(text('ws-2', 'online now')));
    await alice.acked('ws-2');
    await t.app.deps.pushDispatcher.nudge();
    expect(t.push.sent).toHaveLength(1);
    expect(await outbox()).toEqual([]);
    alice.ws.close();
    bob.ws.close();
  });

  it('queues the push with the message: one committed has it even if the instance stops right after, and once', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    const alice = await connect(sender.session);
    // The instance stops the moment the message is committed and acknowledged: handing it to the
    // connections is the next thing it does, and fails.
    const stopAfterCommit = t.app.deps.bus.subscribe('chat.deliver', (delivery) => {
      if (delivery.userIds.includes(receiver.user.id)) throw new Error('the instance stopped');
    });
    try {
      alice.ws.send(JSON.stringify(textFrame(sender, receiver, 'crash-1', '还在吗？')));
      await alice.acked('crash-1');
      await alice.until((f) => f.type === ChatFrameType.error && f.uuid === 'crash-1');
    } finally {
      stopAfterCommit();
    }
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, 'crash-1'));
    expect(stored).toBeDefined();
    const queued = async () =>
      (await outbox()).map((row) => ({ token: row.token, refId: row.refId, count: row.count }));
    expect(await queued()).toEqual([{ token: device.endpoint, refId: stored!.id, count: 1 }]);

    // The app, not sure it got through, sends it again: acknowledged as the one stored, queued no second time.
    alice.ws.send(JSON.stringify(textFrame(sender, receiver, 'crash-1', '还在吗？')));
    await alice.acked('crash-1', 2);
    expect(alice.heard(alice.ackOf('crash-1'))).toBe(2);
    expect(await queued()).toEqual([{ token: device.endpoint, refId: stored!.id, count: 1 }]);
    await t.app.deps.pushDispatcher.nudge();
    expect(payloads()).toEqual([{ type: 1, id: sender.user.id, title: 'Alice', body: '还在吗？' }]);
    expect(await outbox()).toEqual([]);
    alice.ws.close();
  });

  it('being blocked is not pushed', async () => {
    const { sender, receiver } = await pairWithDevice();
    for (const actionType of [ChatActionType.addToBlacklist]) {
      await storeMessage({
        db: t.db,
        clock: t.clock,
        links: t.app.deps.fileLinks,
        productLinks: productLinkCheckers(t.app.deps.modules),
        lang: 'zh-CN',
        queuePush,
        senderId: sender.user.id,
        frame: {
          type: ChatContentType.action,
          chatId: chatIdOf(sender.user.id, receiver.user.id),
          info: JSON.stringify({ actionType, actionInfo: '' }),
          receiveUserId: receiver.user.id,
          uuid: `action-${actionType}`,
          sendDate: 0,
        },
      });
    }
    await t.app.deps.pushDispatcher.nudge();
    expect(t.push.sent).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it.each([
    ['12:29:59', 'sent'],
    ['12:30:00', 'held'],
    ['13:29:59', 'held'],
    ['13:30:00', 'sent'],
    ['21:59:00', 'sent'],
    ['22:00:00', 'held'],
    ['06:59:00', 'held'],
    ['07:00:00', 'sent'],
  ])('a message at %s Shanghai time is %s', async (time, expected) => {
    const { sender, receiver } = await pairWithDevice();
    t.clock.set(shanghai(time));
    await chat(sender, receiver, `at ${time}`);
    expect(t.push.sent).toHaveLength(expected === 'sent' ? 1 : 0);
    expect(await outbox()).toHaveLength(expected === 'sent' ? 0 : 1);
  });

  it('held in the quiet time, collapsed per sender, sent by the job once when it ends, and only once', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    const other = await t.buildUser({ nickName: 'Carol' });
    t.clock.set(shanghai('22:10:00'));
    await chat(sender, receiver, 'first');
    t.clock.set(shanghai('23:00:00'));
    await chat(sender, receiver, 'second');
    await chat(other, receiver, 'from Carol');
    t.clock.set(shanghai('05:30:00', '2026-11-21'));
    await chat(sender, receiver, 'third');
    expect(t.push.sent).toEqual([]);
    const held = await outbox();
    expect(held.map((r) => [r.collapseKey, r.count, r.dueAt])).toEqual([
      [`chat:${sender.user.id}`, 3, shanghai('07:00:00', '2026-11-21')],
      [`chat:${other.user.id}`, 1, shanghai('07:00:00', '2026-11-21')],
    ]);

    const job = pushDispatchJob(t.push);
    const scheduler = new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: t.app.log }, [job]);
    t.clock.set(shanghai('06:59:00', '2026-11-21'));
    expect(await scheduler.runSlot(job, t.clock.now())).toBe('ran');
    expect(t.push.sent).toEqual([]);

    t.clock.set(shanghai('07:00:00', '2026-11-21'));
    const slot = t.clock.now();
    expect(await scheduler.runSlot(job, slot)).toBe('ran');
    expect(await scheduler.runSlot(job, slot)).toBe('taken');
    t.clock.set(shanghai('07:01:00', '2026-11-21'));
    expect(await scheduler.runSlot(job, t.clock.now())).toBe('ran');
    expect(t.push.sent.map((s) => s.endpoint)).toEqual([device.endpoint, device.endpoint]);
    expect(payloads()).toEqual([
      { type: 1, id: sender.user.id, title: 'Alice', body: '[3条] third' },
      { type: 1, id: other.user.id, title: 'Carol', body: 'from Carol' },
    ]);
    expect(await outbox()).toEqual([]);
  });

  it('a held push is dropped when the receiver read the conversation meanwhile', async () => {
    const { sender, receiver } = await pairWithDevice();
    t.clock.set(shanghai('12:40:00'));
    await chat(sender, receiver, 'read before 13:30');
    const read = await t.call(Calls.chatRead, { userId: sender.user.id }, { session: receiver.session });
    expect(read.body.codeFlag).toBe(CodeFlag.ok);
    t.clock.set(shanghai('13:30:00'));
    expect(await dispatch()).toMatchObject({ delivered: 0, dropped: 1 });
    expect(t.push.sent).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('a browser whose subscription is gone (410) is removed with its queue', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    const second = subscription();
    await bind(receiver, second);
    t.push.answer(device.endpoint, 'gone');
    await chat(sender, receiver, 'hello');
    expect(t.push.sent.map((s) => [s.endpoint, s.result]).sort()).toEqual(
      [
        [device.endpoint, 'gone'],
        [second.endpoint, 'delivered'],
      ].sort(),
    );
    expect((await devices()).map((d) => d.token)).toEqual([second.endpoint]);
    expect(await outbox()).toEqual([]);
  });

  it('a failed push is retried with growing waits, then given up', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    // Early enough that the waits (about 2.5 hours in all) end before the 12:30 quiet time.
    t.clock.set(shanghai('08:00:00'));
    t.push.answer(device.endpoint, 'failed');
    await chat(sender, receiver, 'retry me');
    expect(t.push.sent).toHaveLength(1);
    for (const [attempt, delay] of PUSH_RETRY_DELAYS_MS.entries()) {
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: attempt + 1, claimedUntil: null });
      expect(row!.dueAt).toEqual(new Date(t.clock.now().getTime() + delay));
      // Not before its time.
      t.clock.set(new Date(row!.dueAt.getTime() - 1000));
      expect((await dispatch()).failed).toBe(0);
      t.clock.set(row!.dueAt);
      expect((await dispatch()).failed).toBe(1);
    }
    expect(t.push.sent).toHaveLength(PUSH_RETRY_DELAYS_MS.length + 1);
    expect(await outbox()).toEqual([]);
    expect(await devices()).toHaveLength(1);
  });

  it('a push that fails once goes out on the retry', async () => {
    const { sender, receiver, device } = await pairWithDevice();
    t.push.answer(device.endpoint, 'failed');
    await chat(sender, receiver, 'second time lucky');
    t.push.answer(device.endpoint, undefined);
    t.clock.advance(PUSH_RETRY_DELAYS_MS[0]! / 1000);
    expect(await dispatch()).toMatchObject({ delivered: 1 });
    expect(t.push.sent.map((s) => s.result)).toEqual(['failed', 'delivered']);
    expect(await outbox()).toEqual([]);
  });
});

describe('notice pushes', () => {
  it('a notice is queued with its record and pushed in the language the device was bound in', async () => {
    const { receiver } = await pairWithDevice('en-US');
    await t.db.transaction((tx) =>
      sendNotice(tx, t.clock, {
        userId: receiver.user.id,
        messageKey: 'notice.shopRejected',
        params: { reason: 'blurry' },
      }),
    );
    expect(await dispatch()).toMatchObject({ delivered: 1 });
    expect(payloads()).toEqual([
      { type: 2, id: expect.any(Number), title: 'Notice', body: 'Your shop application was not approved: blurry' },
    ]);
  });

  it('a notice rolled back with its transaction is never pushed', async () => {
    const { receiver } = await pairWithDevice();
    await expect(
      t.db.transaction(async (tx) => {
        await sendNotice(tx, t.clock, { userId: receiver.user.id, messageKey: 'notice.shopApproved' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
    await dispatch();
    expect(t.push.sent).toEqual([]);
  });

  it('a notice in the quiet time waits for its end', async () => {
    const { receiver } = await pairWithDevice();
    t.clock.set(shanghai('12:31:00'));
    await t.db.transaction((tx) =>
      sendNotice(tx, t.clock, { userId: receiver.user.id, messageKey: 'notice.shopApproved' }),
    );
    expect(await dispatch()).toMatchObject({ delivered: 0 });
    t.clock.set(shanghai('13:30:00'));
    expect(await dispatch()).toMatchObject({ delivered: 1 });
    expect(payloads()[0]).toMatchObject({ type: 2, title: '通知', body: '开店申请已通过，您的店铺已开通' });
  });
});

it('device rows of a user deleted with the user go with their queue (no orphan pushes)', async () => {
  const { sender, receiver } = await pairWithDevice();
  t.clock.set(shanghai('12:40:00'));
  await chat(sender, receiver, 'held');
  await t.db.delete(pushDevices).where(eq(pushDevices.userId, receiver.user.id));
  expect(await outbox()).toEqual([]);
});
