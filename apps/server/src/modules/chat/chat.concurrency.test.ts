import { ChatActionType, ChatContentType, type ChatContentTypeValue, chatIdOf } from '@metal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { productLinkCheckers } from './chat.product-links';
import { storeMessage } from './chat.service';

// Senders at the same time. On PostgreSQL (TEST_DATABASE_URL) they run on separate connections of
// the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let uuid = 0;
function send(from: number, to: number, type: ChatContentTypeValue, content: object) {
  return storeMessage({
    db: t.db,
    clock: t.clock,
    links: t.app.deps.fileLinks,
    productLinks: productLinkCheckers(t.app.deps.modules),
    lang: 'zh-CN',
    senderId: from,
    frame: {
      type,
      chatId: chatIdOf(from, to),
      info: JSON.stringify(content),
      receiveUserId: to,
      uuid: `race-${++uuid}`,
      sendDate: 0,
    },
  }).then(
    ({ message }) => message,
    () => undefined,
  );
}

it('stores no message from a user after the receiver blacklisted them, even one sent at that moment', async () => {
  const lateMessages: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const blocker = await t.buildUser();
    const blocked = await t.buildUser();
    const [block, ...sent] = await Promise.all([
      send(blocker.user.id, blocked.user.id, ChatContentType.action, { actionType: ChatActionType.addToBlacklist }),
      ...Array.from({ length: 4 }, () => send(blocked.user.id, blocker.user.id, ChatContentType.text, { mesg: 'hi' })),
    ]);
    expect(block).toBeDefined();
    for (const message of sent) if (message && block && message.id > block.id) lateMessages.push(message.id);
  }
  expect(lateMessages).toEqual([]);
});
