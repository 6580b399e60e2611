import { createECDH, randomBytes } from 'node:crypto';
import {
  Calls,
  ChatContentType,
  CodeFlag,
  chatIdOf,
  type TPushPayload,
  type TWebPushSubscription,
} from '@metal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { productLinkCheckers } from '../chat/chat.product-links';
import { storeMessage } from '../chat/chat.service';
import { dispatchDuePushes, queueChatPush } from './push.outbox';
import { pushOutbox } from './push.table';

// Dispatchers and senders at the same time. On PostgreSQL (TEST_DATABASE_URL) they run on separate
// connections of the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shanghai = (time: string) => new Date(`2026-11-20T${time}+08:00`);

function subscription(): TWebPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

let uuid = 0;
async function message(from: number, to: number) {
  const { message } = await storeMessage({
    db: t.db,
    clock: t.clock,
    links: t.app.deps.fileLinks,
    productLinks: productLinkCheckers(t.app.deps.modules),
    lang: 'zh-CN',
    senderId: from,
    frame: {
      type: ChatContentType.text,
      chatId: chatIdOf(from, to),
      info: JSON.stringify({ mesg: `m${++uuid}` }),
      receiveUserId: to,
      uuid: `c-${uuid}`,
      sendDate: 0,
    },
  });
  return message;
}

it('four dispatchers at once send each held push exactly once', async () => {
  const receiver = await t.buildUser();
  const bound = await t.call(Calls.bindToken, { token: JSON.stringify(subscription()) }, { session: receiver.session });
  expect(bound.body.codeFlag).toBe(CodeFlag.ok);
  t.clock.set(shanghai('12:40:00'));
  const senders = await Promise.all(Array.from({ length: 30 }, () => t.buildUser()));
  for (const sender of senders) await queueChatPush(t.db, t.clock, await message(sender.user.id, receiver.user.id));
  expect(await t.db.select().from(pushOutbox)).toHaveLength(30);

  t.clock.set(shanghai('13:30:00'));
  t.push.sent.length = 0;
  const dispatch = () => dispatchDuePushes({ db: t.db, clock: t.clock, provider: t.push, log: t.app.log });
  const reports = await Promise.all([dispatch(), dispatch(), dispatch(), dispatch()]);
  const ids = t.push.sent.map((s) => (JSON.parse(s.message.payload) as TPushPayload).id).sort((a, b) => a - b);
  console.log(`dispatchers sent ${reports.map((r) => r.delivered).join('+')} = ${ids.length} pushes`);
  expect(ids).toEqual(senders.map((s) => s.user.id).sort((a, b) => a - b));
  expect(await t.db.select().from(pushOutbox)).toEqual([]);
});

it('messages from one sender queued at once collapse into one push that counts them all', async () => {
  const receiver = await t.buildUser();
  const sender = await t.buildUser();
  await t.call(Calls.bindToken, { token: JSON.stringify(subscription()) }, { session: receiver.session });
  t.clock.set(shanghai('22:30:00'));
  const messages = [];
  for (let i = 0; i < 20; i++) messages.push(await message(sender.user.id, receiver.user.id));
  await Promise.all(messages.map((m) => queueChatPush(t.db, t.clock, m)));
  const rows = await t.db.select().from(pushOutbox);
  expect(rows.map((r) => r.count)).toEqual([20]);
  await t.db.delete(pushOutbox);
});
