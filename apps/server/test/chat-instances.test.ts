import { randomBytes } from 'node:crypto';
import { ChatContentType, ChatFrameType, CodeFlag, chatIdOf, Platform, type TChatMessage } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { LocalBus } from '../src/platform/bus';
import { RedisBus } from '../src/platform/bus-redis';
import { buildTestApp, type TestApp } from './helpers';

// Two server instances on one database (PostgreSQL with TEST_DATABASE_URL), each holding its own chat
// connections. With TEST_REDIS_URL (CI sets it in the PostgreSQL pass) each builds its bus from
// REDIS_URL, as production does; without it they share one in-process bus, standing for it.
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
const instances: Array<{ app: FastifyInstance; socketUrl: string }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
    rateLimitPerMinute: 10_000,
    // Test files run in parallel against the same Redis: this run's events stay on its own channels.
    redisChannelPrefix: `test-chat-${process.pid}-${randomBytes(4).toString('hex')}:`,
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
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ app, socketUrl: `${address.replace('http', 'ws')}/chat/ws` });
  }
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await t.close();
});

type Frame = Record<string, unknown>;

async function until<T>(check: () => T | undefined, what: string, frames: Frame[]): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A client identified by `session` on the chat socket of instance `index`, recording the frames it gets. */
async function identifiedOn(index: number, session: string) {
  const instance = instances[index];
  if (!instance) throw new Error(`no instance ${index}`);
  const ws = new WebSocket(instance.socketUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  const ofType = (type: number) => frames.filter((frame) => frame.type === type);
  const client = {
    frames,
    ofType,
    send: (frame: object) => ws.send(JSON.stringify(frame)),
    /** The `count`th frame of this type (1 = the first). */
    frameOf: (type: number, count = 1) => until(() => ofType(type)[count - 1], `frame type ${type} #${count}`, frames),
    /** A round trip through the server: every frame sent before it has been handled. */
    async settle() {
      const seen = ofType(ChatFrameType.heartbeat).length;
      client.send({ type: ChatFrameType.heartbeat });
      await client.frameOf(ChatFrameType.heartbeat, seen + 1);
    },
    close: () => ws.close(),
  };
  client.send({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: Platform.web }) });
  await client.settle();
  return client;
}

function textFrame(from: number, to: number, mesg: string) {
  return {
    type: ChatContentType.text,
    chatId: chatIdOf(from, to),
    info: JSON.stringify({ mesg }),
    receiveUserId: to,
    uuid: `multi-${randomBytes(6).toString('hex')}`,
    sendDate: 1_700_000_000,
  };
}

it(
  redisUrl
    ? 'delivers messages and read receipts between users on different instances through Redis'
    : 'delivers messages and read receipts between two instances sharing a bus',
  async () => {
    // With Redis, each instance chose the Redis bus itself (app.ts), as production does.
    if (redisUrl) for (const { app } of instances) expect(app.deps.bus).toBeInstanceOf(RedisBus);
    const a = await t.buildUser({ nickName: 'Alice' });
    const b = await t.buildUser({ nickName: 'Bob' });
    const alice = await identifiedOn(0, a.session);
    const bob = await identifiedOn(1, b.session);
    // Each has another device on the other instance: it hears what they send and get elsewhere.
    const aliceElsewhere = await identifiedOn(1, a.session);
    const bobElsewhere = await identifiedOn(0, b.session);
    try {
      const first = textFrame(a.user.id, b.user.id, '你好，有货吗？');
      alice.send(first);
      expect(await alice.frameOf(ChatFrameType.ack)).toMatchObject({ type: ChatFrameType.ack, info: first.uuid });
      const delivered = JSON.parse((await bob.frameOf(ChatFrameType.message)).info as string) as TChatMessage;
      expect(delivered).toMatchObject({ uuid: first.uuid, sendUserId: a.user.id, receiveUserId: b.user.id });
      const copy = JSON.parse((await aliceElsewhere.frameOf(ChatFrameType.message)).info as string) as TChatMessage;
      expect(copy.uuid).toBe(first.uuid);

      // A later message from the same sender comes after any copy of the first: each arrives once.
      const second = textFrame(a.user.id, b.user.id, '要20吨');
      alice.send(second);
      await bob.frameOf(ChatFrameType.message, 2);
      await alice.frameOf(ChatFrameType.ack, 2);
      await alice.settle();
      const uuids = (client: { ofType: (type: number) => Frame[] }) =>
        client.ofType(ChatFrameType.message).map((frame) => (JSON.parse(frame.info as string) as TChatMessage).uuid);
      expect(uuids(bob)).toEqual([first.uuid, second.uuid]);
      await bobElsewhere.frameOf(ChatFrameType.message, 2);
      await bobElsewhere.settle();
      expect(uuids(bobElsewhere)).toEqual([first.uuid, second.uuid]);
      expect(uuids(alice)).toEqual([]);

      // Bob reads the first one through a call on his instance; Alice's connection on the other hears it.
      const read = await instances[1]?.app.inject({
        method: 'POST',
        url: '/relation/read.htmls',
        payload: new URLSearchParams({
          session_id: b.session,
          platform: String(Platform.web),
          userId: String(a.user.id),
          uuid: first.uuid,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(read?.json()).toMatchObject({ codeFlag: CodeFlag.ok, data: { marked: 1 } });
      expect(await alice.frameOf(ChatFrameType.read)).toEqual({
        type: ChatFrameType.read,
        uuid: first.uuid,
        sendUserId: b.user.id,
      });
      await aliceElsewhere.frameOf(ChatFrameType.read);
      await alice.settle();
      await aliceElsewhere.settle();
      expect(alice.ofType(ChatFrameType.read)).toHaveLength(1);
      expect(aliceElsewhere.ofType(ChatFrameType.read)).toHaveLength(1);
      expect(bob.ofType(ChatFrameType.read)).toEqual([]);
    } finally {
      for (const client of [alice, bob, aliceElsewhere, bobElsewhere]) client.close();
    }
  },
);
