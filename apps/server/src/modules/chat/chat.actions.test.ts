import {
  Calls,
  ChatActionType,
  ChatContentType,
  ChatFrameType,
  CodeFlag,
  chatIdOf,
  type TChatMessage,
} from '@metal/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatClient, type Frame, identifiedChat } from '../../../test/chat-client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSession } from '../accounts/accounts.service';
import { users } from '../accounts/accounts.table';
import { staffMembers } from '../staff/staff.table';
import { chatMessages, chatTransfers } from './chat.table';
import { sendTradeAction } from './chat.trade-actions';

let t: TestApp;
let socketUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/chat/ws`;
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

/** A user working for the owner's company (same rootId). */
async function buildColleague(owner: Person, nickName?: string): Promise<Person> {
  const person = await t.buildUser({ nickName });
  const [user] = await t.db
    .update(users)
    .set({ rootId: owner.user.id })
    .where(eq(users.id, person.user.id))
    .returning();
  const session = await createSession({ db: t.db, clock: t.clock }, { user: user!, platform: 5 });
  return { ...person, user: user!, session: session.sessionId };
}

/** A company of owner O with staff A, C and D, an outside user P and another outsider Q. */
async function company() {
  const owner = await t.buildUser({ nickName: 'Owner' });
  const [a, c, d] = [
    await buildColleague(owner, 'Anna'),
    await buildColleague(owner, 'Chen'),
    await buildColleague(owner, 'Dong'),
  ];
  const peer = await t.buildUser({ nickName: 'Peer' });
  const outsider = await t.buildUser({ nickName: 'Quinn' });
  return { owner, a, c, d, peer, outsider };
}

let uuidCounter = 0;
const frameOf = (from: number, to: number, type: number, content: object) => ({
  type,
  chatId: chatIdOf(from, to),
  info: JSON.stringify(content),
  receiveUserId: to,
  uuid: `act-${++uuidCounter}`,
  sendDate: 1_700_000_000,
});
const text = (from: Person, to: Person, mesg: string) =>
  frameOf(from.user.id, to.user.id, ChatContentType.text, { mesg });
const action = (from: Person, to: Person, actionType: number, actionInfo?: unknown) =>
  frameOf(from.user.id, to.user.id, ChatContentType.action, { actionType, actionInfo });

/** Sends a frame and answers the server's acknowledgement or error frame for it. */
async function answer(client: ChatClient, frame: { uuid: string }) {
  client.send(frame);
  return client.frameWhere(
    (f) =>
      (f.type === ChatFrameType.ack && f.info === frame.uuid) ||
      (f.type === ChatFrameType.error && f.uuid === frame.uuid),
    `answer to ${frame.uuid}`,
  );
}
async function accepted(client: ChatClient, frame: { uuid: string }) {
  expect(await answer(client, frame)).toMatchObject({ type: ChatFrameType.ack, info: frame.uuid });
}
async function refused(client: ChatClient, frame: { uuid: string }, codeFlag: number, mesg: string) {
  expect(await answer(client, frame)).toEqual({ type: ChatFrameType.error, uuid: frame.uuid, codeFlag, mesg });
  const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, frame.uuid));
  expect(stored).toEqual([]);
}

const messageIn = (frame: Frame) => JSON.parse(frame.info as string) as TChatMessage;
/** The chat message frame whose content is this action, once it arrives. */
const actionArrives = (client: ChatClient, actionType: number) =>
  client
    .frameWhere(
      (f) => f.type === ChatFrameType.message && JSON.parse(messageIn(f).info).actionType === actionType,
      `action ${actionType}`,
    )
    .then(messageIn);
const textArrives = (client: ChatClient, mesg: string) =>
  client
    .frameWhere((f) => f.type === ChatFrameType.message && JSON.parse(messageIn(f).info).mesg === mesg, mesg)
    .then(messageIn);

async function historyOf(viewer: Person, peer: Person) {
  const { body } = await t.call(Calls.chatHistory, { userId: peer.user.id }, { session: viewer.session });
  return body.data?.list ?? [];
}
const textsOf = (list: TChatMessage[]) =>
  list.flatMap((m) => (m.type === ChatContentType.text ? [JSON.parse(m.info).mesg as string] : []));
async function stateOf(viewer: Person, peer: Person) {
  const { body } = await t.call(Calls.chatPeerState, { userId: peer.user.id }, { session: viewer.session });
  return body.data;
}

describe('actions only the server sends (6, 11-17)', () => {
  it('are refused from a client with a localized error frame, storing nothing', async () => {
    const { a, peer } = await company();
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    const serverOnly = [
      [ChatActionType.transferDone, { fromUserId: a.user.id, toUserId: peer.user.id, reason: 'transfer' }],
      [ChatActionType.proxyPickedSpotGoods, { agentBuyId: 1, stockIds: [1] }],
      [ChatActionType.proxyFilledPurchaseOrder, { agentBuyId: 1, orderId: 1 }],
      [ChatActionType.buyerAgreedStockQuote, { orderId: 1 }],
      [ChatActionType.notifySupplierToQuote, { inquiryId: 1 }],
      [ChatActionType.buyerAgreedInquiryQuote, { inquiryId: 1, quoteId: 1 }],
      [ChatActionType.notifyDesignatedInquirySupplier, { inquiryId: 1 }],
      [ChatActionType.textNotice, 'the order shipped'],
    ] as const;
    for (const [type, info] of serverOnly) {
      await refused(anna, action(a, peer, type, info), CodeFlag.forbidden, 'Only the system can send this notice');
    }
    const zh = await identifiedChat(socketUrl, a.session);
    await refused(zh, action(a, peer, ChatActionType.textNotice, 'x'), CodeFlag.forbidden, '该通知只能由系统发送');
    anna.ws.close();
    zh.ws.close();
  });

  it('refuses client actions whose actionInfo does not fit, storing nothing', async () => {
    const { a, c, peer } = await company();
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    const invalidInfo = 'The action details are not valid';
    await refused(anna, action(a, c, ChatActionType.transferRequested), CodeFlag.invalidInput, invalidInfo);
    await refused(
      anna,
      action(a, c, ChatActionType.transferAccepted, { peerId: 'x' }),
      CodeFlag.invalidInput,
      invalidInfo,
    );
    await refused(anna, action(a, peer, ChatActionType.switchChatContact, {}), CodeFlag.invalidInput, invalidInfo);
    await refused(anna, action(a, peer, ChatActionType.recallMessage, 5), CodeFlag.invalidInput, invalidInfo);
    anna.ws.close();
  });
});

describe('sendTradeAction (11-17 from the procurement and order modules)', () => {
  it('stores the action in the caller’s transaction and delivers it after commit to both sides', async () => {
    const buyer = await t.buildUser();
    const supplier = await t.buildUser();
    const supplierChat = await identifiedChat(socketUrl, supplier.session);
    const buyerChat = await identifiedChat(socketUrl, buyer.session);
    // A transaction that rolls back stores and delivers nothing.
    await expect(
      t.db.transaction(async (tx) => {
        await sendTradeAction(tx, t.clock, {
          fromUserId: buyer.user.id,
          toUserId: supplier.user.id,
          action: { type: ChatActionType.buyerAgreedInquiryQuote, info: { inquiryId: 7, quoteId: 2 } },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction((tx) =>
      sendTradeAction(tx, t.clock, {
        fromUserId: buyer.user.id,
        toUserId: supplier.user.id,
        action: { type: ChatActionType.buyerAgreedInquiryQuote, info: { inquiryId: 7, quoteId: 3 } },
      }),
    );
    for (const client of [supplierChat, buyerChat]) {
      const delivered = await actionArrives(client, ChatActionType.buyerAgreedInquiryQuote);
      expect(delivered).toMatchObject({
        chatId: chatIdOf(buyer.user.id, supplier.user.id),
        sendUserId: buyer.user.id,
        receiveUserId: supplier.user.id,
        type: ChatContentType.action,
      });
      expect(JSON.parse(delivered.info)).toEqual({
        actionType: ChatActionType.buyerAgreedInquiryQuote,
        actionInfo: { inquiryId: 7, quoteId: 3 },
      });
    }
    expect(textsOf(await historyOf(supplier, buyer))).toEqual([]);
    expect(await historyOf(supplier, buyer)).toHaveLength(1);
    supplierChat.ws.close();
    buyerChat.ws.close();
  });

  it('stores nothing when the caller’s transaction rolls back, and refuses info that does not fit', async () => {
    const buyer = await t.buildUser();
    const supplier = await t.buildUser();
    await expect(
      t.db.transaction(async (tx) => {
        await sendTradeAction(tx, t.clock, {
          fromUserId: supplier.user.id,
          toUserId: buyer.user.id,
          action: { type: ChatActionType.textNotice, info: 'the goods left the warehouse' },
        });
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow('the order change failed');
    await expect(
      t.db.transaction((tx) =>
        sendTradeAction(tx, t.clock, {
          fromUserId: supplier.user.id,
          toUserId: buyer.user.id,
          action: { type: ChatActionType.notifySupplierToQuote, info: { inquiryId: '' } },
        }),
      ),
    ).rejects.toThrow();
    const stored = await t.db
      .select()
      .from(chatMessages)
      .where(or(eq(chatMessages.sendUserId, supplier.user.id), eq(chatMessages.sendUserId, buyer.user.id)));
    expect(stored).toEqual([]);
  });
});

describe('transfer to a colleague (actions 5, 9, 6)', () => {
  it('hands the peer to the colleague who accepts: the peer hears action 6, writes reach the colleague, who reads the earlier conversation', async () => {
    const { a, c, d, peer, outsider } = await company();
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    const chen = await identifiedChat(socketUrl, c.session, 'en-US');
    const dong = await identifiedChat(socketUrl, d.session, 'en-US');
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    const quinn = await identifiedChat(socketUrl, outsider.session, 'en-US');
    await accepted(peerChat, text(peer, a, 'price of 6063 rod?'));
    await accepted(quinn, text(outsider, a, 'hello Anna'));

    // Refused: not a colleague, a peer who is a colleague, someone not serving the peer, an answer without a request.
    await refused(
      anna,
      action(a, outsider, ChatActionType.transferRequested, { peerId: peer.user.id }),
      CodeFlag.forbidden,
      'A conversation can only be handed to a colleague of your company',
    );
    await refused(
      anna,
      action(a, c, ChatActionType.transferRequested, { peerId: d.user.id }),
      CodeFlag.invalidInput,
      'A conversation with a colleague cannot be handed over',
    );
    await refused(
      dong,
      action(d, c, ChatActionType.transferRequested, { peerId: peer.user.id }),
      CodeFlag.conflict,
      'There is no conversation between you yet',
    );
    await refused(
      chen,
      action(c, a, ChatActionType.transferAccepted, { peerId: peer.user.id }),
      CodeFlag.conflict,
      'There is no transfer request to accept',
    );

    await accepted(anna, action(a, c, ChatActionType.transferRequested, { peerId: peer.user.id }));
    expect(await stateOf(c, a)).toMatchObject({ colleague: true, transfersToMe: [peer.user.id] });
    expect(await stateOf(d, a)).toMatchObject({ transfersToMe: [] });
    await refused(
      anna,
      action(a, c, ChatActionType.transferRequested, { peerId: peer.user.id }),
      CodeFlag.conflict,
      'This conversation is already waiting for a colleague to accept it',
    );
    // Only the colleague asked answers, and only for the peer named.
    for (const [client, from, peerId] of [
      [dong, d, peer.user.id],
      [chen, c, outsider.user.id],
    ] as const) {
      await refused(
        client,
        action(from, a, ChatActionType.transferAccepted, { peerId }),
        CodeFlag.conflict,
        'There is no transfer request to accept',
      );
    }

    await accepted(chen, action(c, a, ChatActionType.transferAccepted, { peerId: peer.user.id }));
    for (const client of [peerChat, chen]) {
      const done = await actionArrives(client, ChatActionType.transferDone);
      expect(done).toMatchObject({
        sendUserId: c.user.id,
        receiveUserId: peer.user.id,
        chatId: chatIdOf(c.user.id, peer.user.id),
      });
      expect(JSON.parse(done.info).actionInfo).toEqual({
        fromUserId: a.user.id,
        toUserId: c.user.id,
        reason: 'transfer',
      });
    }
    await refused(
      chen,
      action(c, a, ChatActionType.transferAccepted, { peerId: peer.user.id }),
      CodeFlag.conflict,
      'There is no transfer request to accept',
    );
    expect(await stateOf(c, a)).toMatchObject({ transfersToMe: [] });
    expect(await stateOf(peer, a)).toMatchObject({ handedTo: c.user.id });

    // The peer writes to Anna as before; it reaches Chen.
    await accepted(peerChat, text(peer, a, 'still there?'));
    const rerouted = await textArrives(chen, 'still there?');
    expect(rerouted).toMatchObject({ receiveUserId: c.user.id, chatId: chatIdOf(c.user.id, peer.user.id) });
    await chen.settle();
    const toAnna = await t.db.select().from(chatMessages).where(eq(chatMessages.receiveUserId, a.user.id));
    expect(toAnna.filter((r) => r.type === ChatContentType.text).map((r) => JSON.parse(r.info).mesg)).toEqual([
      'price of 6063 rod?',
      'hello Anna',
    ]);
    await anna.settle();
    expect(
      anna.frames.some((f) => f.type === ChatFrameType.message && messageIn(f).info.includes('still there?')),
    ).toBe(false);

    // Chen reads Anna's earlier conversation with the peer; the peer and Anna see only their own.
    expect(textsOf(await historyOf(c, peer))).toEqual(['price of 6063 rod?', 'still there?']);
    expect(textsOf(await historyOf(peer, c))).toEqual(['still there?']);
    expect(textsOf(await historyOf(a, peer))).toEqual(['price of 6063 rod?']);
    expect(textsOf(await historyOf(d, peer))).toEqual([]);

    // Another user's conversation with Anna is untouched.
    await accepted(quinn, text(outsider, a, 'are you there?'));
    expect(await textArrives(anna, 'are you there?')).toMatchObject({ receiveUserId: a.user.id });
    // Anna no longer serves the peer, so she cannot hand them over again.
    await refused(
      anna,
      action(a, d, ChatActionType.transferRequested, { peerId: peer.user.id }),
      CodeFlag.conflict,
      'You no longer serve this user',
    );
    for (const client of [anna, chen, dong, peerChat, quinn]) client.ws.close();
  });
});

describe('switch chat contact (action 10)', () => {
  it('lets the current contact or the owner name another colleague; the peer’s next messages go there', async () => {
    const { owner, a, c, d, peer, outsider } = await company();
    const boss = await identifiedChat(socketUrl, owner.session, 'en-US');
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    const chen = await identifiedChat(socketUrl, c.session, 'en-US');
    const dong = await identifiedChat(socketUrl, d.session, 'en-US');
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    await accepted(peerChat, text(peer, a, 'hi'));
    await accepted(dong, text(d, peer, 'hello from Dong'));

    await refused(
      dong,
      action(d, peer, ChatActionType.switchChatContact, { contactUserId: c.user.id, fromUserId: a.user.id }),
      CodeFlag.forbidden,
      'Only the company owner or the current contact can switch the contact',
    );
    await refused(
      anna,
      action(a, peer, ChatActionType.switchChatContact, { contactUserId: outsider.user.id }),
      CodeFlag.forbidden,
      'A conversation can only be handed to a colleague of your company',
    );
    await refused(
      anna,
      action(a, c, ChatActionType.switchChatContact, { contactUserId: d.user.id }),
      CodeFlag.invalidInput,
      'A conversation with a colleague cannot be handed over',
    );
    await refused(
      boss,
      action(owner, peer, ChatActionType.switchChatContact, { contactUserId: a.user.id, fromUserId: a.user.id }),
      CodeFlag.conflict,
      'This colleague already serves this user',
    );
    await refused(
      chen,
      action(c, peer, ChatActionType.switchChatContact, { contactUserId: d.user.id }),
      CodeFlag.conflict,
      'There is no conversation between you yet',
    );

    // The owner moves the peer from Anna to Chen.
    await accepted(
      boss,
      action(owner, peer, ChatActionType.switchChatContact, { contactUserId: c.user.id, fromUserId: a.user.id }),
    );
    const done = await actionArrives(peerChat, ChatActionType.transferDone);
    expect(JSON.parse(done.info).actionInfo).toEqual({ fromUserId: a.user.id, toUserId: c.user.id, reason: 'switch' });
    expect((await actionArrives(peerChat, ChatActionType.switchChatContact)).sendUserId).toBe(owner.user.id);
    await accepted(peerChat, text(peer, a, 'to Anna'));
    expect(await textArrives(chen, 'to Anna')).toMatchObject({ receiveUserId: c.user.id });
    // Dong still serves the peer in his own conversation.
    await accepted(peerChat, text(peer, d, 'to Dong'));
    expect(await textArrives(dong, 'to Dong')).toMatchObject({ receiveUserId: d.user.id });
    await refused(
      anna,
      action(a, peer, ChatActionType.switchChatContact, { contactUserId: d.user.id }),
      CodeFlag.conflict,
      'You no longer serve this user',
    );

    // Chen, the current contact, hands the peer back to Anna: writes to either reach Anna again.
    await accepted(chen, action(c, peer, ChatActionType.switchChatContact, { contactUserId: a.user.id }));
    await accepted(peerChat, text(peer, a, 'back to Anna'));
    await accepted(peerChat, text(peer, c, 'via Chen'));
    expect(await textArrives(anna, 'back to Anna')).toMatchObject({ receiveUserId: a.user.id });
    expect(await textArrives(anna, 'via Chen')).toMatchObject({ receiveUserId: a.user.id });
    expect(textsOf(await historyOf(a, peer))).toEqual(['hi', 'to Anna', 'back to Anna', 'via Chen']);
    for (const client of [boss, anna, chen, dong, peerChat]) client.ws.close();
  });
});

describe('recall (action 7) after a hand-over', () => {
  it('recalls, within the window, the peer’s message that reached the new colleague: it tells the colleague, who sees it recalled', async () => {
    const { a, c, peer, outsider } = await company();
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    const chen = await identifiedChat(socketUrl, c.session, 'en-US');
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    await accepted(peerChat, text(peer, a, 'hi Anna'));
    await accepted(anna, action(a, peer, ChatActionType.switchChatContact, { contactUserId: c.user.id }));
    await actionArrives(peerChat, ChatActionType.transferDone);

    // The peer still writes in the conversation with Anna; it reaches Chen, and is recalled from there.
    const oops = text(peer, a, 'wrong price');
    await accepted(peerChat, oops);
    expect(await textArrives(chen, 'wrong price')).toMatchObject({ receiveUserId: c.user.id });
    t.clock.advance(100);
    const recall = action(peer, a, ChatActionType.recallMessage, oops.uuid);
    await accepted(peerChat, recall);
    const told = await actionArrives(chen, ChatActionType.recallMessage);
    expect(told).toMatchObject({
      uuid: recall.uuid,
      sendUserId: peer.user.id,
      receiveUserId: c.user.id,
      chatId: chatIdOf(c.user.id, peer.user.id),
    });
    expect(JSON.parse(told.info).actionInfo).toBe(oops.uuid);
    for (const [viewer, other] of [
      [c, peer],
      [peer, c],
    ] as const) {
      expect((await historyOf(viewer, other)).find((m) => m.uuid === oops.uuid)).toMatchObject({
        recalled: true,
        info: '{}',
      });
    }
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, oops.uuid));
    expect(row?.recalledAt).not.toBeNull();
    // Anna, who no longer serves the peer, hears nothing of it.
    await anna.settle();
    expect(anna.frames.some((f) => f.type === ChatFrameType.message && messageIn(f).info.includes(oops.uuid))).toBe(
      false,
    );

    // Recalled from the conversation with Chen just the same.
    const again = text(peer, a, 'also wrong');
    await accepted(peerChat, again);
    await accepted(peerChat, action(peer, c, ChatActionType.recallMessage, again.uuid));
    const [recalledAgain] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, again.uuid));
    expect(recalledAgain?.recalledAt).not.toBeNull();

    // Not after the window, and not twice over the same hand-over.
    const late = text(peer, a, 'too late');
    await accepted(peerChat, late);
    t.clock.advance(121);
    await refused(
      peerChat,
      action(peer, a, ChatActionType.recallMessage, late.uuid),
      CodeFlag.conflict,
      'A message can be recalled only within 2 minutes',
    );
    const [kept] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, late.uuid));
    expect(kept?.recalledAt).toBeNull();

    // Nobody recalls another’s message that was handed over: not the colleague serving the peer, not a stranger.
    const fresh = text(peer, a, 'mine only');
    await accepted(peerChat, fresh);
    await refused(
      chen,
      action(c, peer, ChatActionType.recallMessage, fresh.uuid),
      CodeFlag.invalidInput,
      'Only your own messages can be recalled',
    );
    const quinn = await identifiedChat(socketUrl, outsider.session, 'en-US');
    await refused(
      quinn,
      action(outsider, a, ChatActionType.recallMessage, fresh.uuid),
      CodeFlag.invalidInput,
      'Only your own messages can be recalled',
    );
    const zh = await identifiedChat(socketUrl, peer.session);
    await refused(
      zh,
      action(peer, a, ChatActionType.recallMessage, 'no-such-uuid'),
      CodeFlag.invalidInput,
      '只能撤回自己发送的消息',
    );
    const [untouched] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, fresh.uuid));
    expect(untouched?.recalledAt).toBeNull();
    for (const client of [anna, chen, peerChat, quinn, zh]) client.ws.close();
  });

  it('refuses recalling, through the former contact, the peer’s message to someone outside that company', async () => {
    const { a, c, peer } = await company();
    const elsewhere = await company();
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    const anna = await identifiedChat(socketUrl, a.session, 'en-US');
    await accepted(peerChat, text(peer, a, 'hi Anna'));
    await accepted(anna, action(a, peer, ChatActionType.switchChatContact, { contactUserId: c.user.id }));
    // The peer's own message, but to another company's staff member: not in this conversation.
    const toOther = text(peer, elsewhere.a, 'to another company');
    await accepted(peerChat, toOther);
    await refused(
      peerChat,
      action(peer, a, ChatActionType.recallMessage, toOther.uuid),
      CodeFlag.invalidInput,
      'Only your own messages can be recalled',
    );
    await refused(
      peerChat,
      action(peer, c, ChatActionType.recallMessage, toOther.uuid),
      CodeFlag.invalidInput,
      'Only your own messages can be recalled',
    );
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.uuid, toOther.uuid));
    expect(row?.recalledAt).toBeNull();
    for (const client of [peerChat, anna]) client.ws.close();
  });
});

describe('hand-over to a colleague who left the company', () => {
  it('refuses switching the peer to a disabled or removed employee, storing nothing', async () => {
    const { owner, a, c, d, peer } = await company();
    const boss = await identifiedChat(socketUrl, owner.session, 'en-US');
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    await accepted(peerChat, text(peer, a, 'hi'));
    await t.db.insert(staffMembers).values([
      {
        userId: c.user.id,
        rootId: owner.user.id,
        name: 'Chen',
        phone: '',
        status: 'disabled',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      },
      {
        userId: d.user.id,
        rootId: owner.user.id,
        name: 'Dong',
        phone: '',
        status: 'removed',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      },
    ]);
    for (const gone of [c, d]) {
      await refused(
        boss,
        action(owner, peer, ChatActionType.switchChatContact, { contactUserId: gone.user.id, fromUserId: a.user.id }),
        CodeFlag.forbidden,
        'A conversation can only be handed to a colleague of your company',
      );
    }
    // The peer's messages still reach Anna, who still serves them.
    await accepted(peerChat, text(peer, a, 'still Anna?'));
    expect(await stateOf(peer, a)).toMatchObject({ handedTo: null });
    for (const client of [boss, peerChat]) client.ws.close();
  });
});

describe('not interested (action 8)', () => {
  it('takes the conversation out of the marker’s list until a new message; the peer sees the notice', async () => {
    const marker = await t.buildUser({ nickName: 'Marker' });
    const peer = await t.buildUser({ nickName: 'Seller' });
    const friend = await t.buildUser({ nickName: 'Friend' });
    const markerChat = await identifiedChat(socketUrl, marker.session, 'en-US');
    const peerChat = await identifiedChat(socketUrl, peer.session, 'en-US');
    await refused(
      markerChat,
      action(marker, peer, ChatActionType.markedNotInterested),
      CodeFlag.conflict,
      'There is no conversation between you yet',
    );
    await accepted(peerChat, text(peer, marker, 'cheap copper!'));
    await accepted(markerChat, text(marker, friend, 'lunch?'));
    const listed = async (who: Person) => {
      const { body } = await t.call(Calls.chatConversations, {}, { session: who.session });
      return body.data?.list.map((c) => c.userId);
    };
    expect(await listed(marker)).toEqual([friend.user.id, peer.user.id]);

    await accepted(markerChat, action(marker, peer, ChatActionType.markedNotInterested));
    expect(await listed(marker)).toEqual([friend.user.id]);
    expect(await stateOf(marker, peer)).toMatchObject({ notInterested: true });
    expect(await listed(peer)).toEqual([marker.user.id]);
    const notice = await actionArrives(peerChat, ChatActionType.markedNotInterested);
    expect(notice.sendUserId).toBe(marker.user.id);
    expect((await historyOf(peer, marker)).map((m) => m.type)).toEqual([ChatContentType.text, ChatContentType.action]);
    await refused(
      markerChat,
      action(marker, peer, ChatActionType.markedNotInterested),
      CodeFlag.conflict,
      'Already marked as not interested',
    );

    await accepted(peerChat, text(peer, marker, 'even cheaper!'));
    expect(await listed(marker)).toEqual([peer.user.id, friend.user.id]);
    expect(await stateOf(marker, peer)).toMatchObject({ notInterested: false });
    markerChat.ws.close();
    peerChat.ws.close();
  });
});

describe('relation/colleagues and relation/peer_state', () => {
  it('lists the other users of my company, owner first, and nobody else’s', async () => {
    const { owner, a, c, d } = await company();
    await company();
    const { body } = await t.call(Calls.chatColleagues, {}, { session: c.session });
    expect(body.data?.list).toEqual([
      { userId: owner.user.id, nickName: 'Owner', headImage: '', owner: true },
      { userId: a.user.id, nickName: 'Anna', headImage: '', owner: false },
      { userId: d.user.id, nickName: 'Dong', headImage: '', owner: false },
    ]);
    const alone = await t.buildUser();
    expect((await t.call(Calls.chatColleagues, {}, { session: alone.session })).body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { list: [] },
    });
    expect((await t.call(Calls.chatColleagues)).body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn });
  });

  it('tells the phone exchange, blacklist and ownership, and refuses a bad peer with a localized mesg', async () => {
    const { owner, a, peer } = await company();
    const anna = await identifiedChat(socketUrl, a.session);
    await accepted(anna, action(a, peer, ChatActionType.requestPhoneExchange));
    await accepted(anna, action(a, peer, ChatActionType.addToBlacklist));
    expect(await stateOf(a, peer)).toEqual({
      blocked: true,
      phoneExchange: 'requested',
      phoneRequestedBy: a.user.id,
      colleague: false,
      owner: false,
      transfersToMe: [],
      notInterested: false,
      handedTo: null,
    });
    expect(await stateOf(peer, a)).toMatchObject({ blocked: false, phoneExchange: 'requested' });
    expect(await stateOf(owner, a)).toMatchObject({ colleague: true, owner: true, phoneExchange: 'none' });
    const self = await t.call(Calls.chatPeerState, { userId: a.user.id }, { session: a.session, lang: 'en-US' });
    expect(self.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The chat partner is not valid' });
    const bad = await t.call(Calls.chatPeerState, { userId: 'x' }, { session: a.session, lang: 'en-US' });
    expect(bad.body).toMatchObject({ codeFlag: CodeFlag.invalidInput });
    const ids = [a.user.id, peer.user.id];
    expect(await t.db.select().from(chatMessages).where(inArray(chatMessages.sendUserId, ids))).toHaveLength(2);
    anna.ws.close();
  });
});

// Two connections at the same moment. On PostgreSQL (TEST_DATABASE_URL) the frames are stored on
// separate connections of the pool, so these are real races; on PGlite they serialise.
describe('transfers at the same moment', () => {
  it('keeps one pending request per conversation and hands the peer over once', async () => {
    for (let round = 0; round < 4; round++) {
      const { a, c, d, peer } = await company();
      const peerChat = await identifiedChat(socketUrl, peer.session);
      await accepted(peerChat, text(peer, a, 'hello'));
      const [anna1, anna2, chen1, chen2] = await Promise.all([
        identifiedChat(socketUrl, a.session),
        identifiedChat(socketUrl, a.session),
        identifiedChat(socketUrl, c.session),
        identifiedChat(socketUrl, c.session),
      ]);
      const requests = await Promise.all([
        answer(anna1, action(a, c, ChatActionType.transferRequested, { peerId: peer.user.id })),
        answer(anna2, action(a, d, ChatActionType.transferRequested, { peerId: peer.user.id })),
      ]);
      // Either one after the other (the later replaces the earlier) or one refused: never a fault.
      for (const reply of requests) {
        if (reply.type === ChatFrameType.error) expect(reply.codeFlag).toBe(CodeFlag.conflict);
      }
      const pending = await t.db.select().from(chatTransfers).where(eq(chatTransfers.fromUserId, a.user.id));
      expect(pending.filter((row) => row.status === 'requested')).toHaveLength(1);

      await t.db.update(chatTransfers).set({ status: 'replaced' }).where(eq(chatTransfers.fromUserId, a.user.id));
      await accepted(anna1, action(a, c, ChatActionType.transferRequested, { peerId: peer.user.id }));
      const accepts = await Promise.all([
        answer(chen1, action(c, a, ChatActionType.transferAccepted, { peerId: peer.user.id })),
        answer(chen2, action(c, a, ChatActionType.transferAccepted, { peerId: peer.user.id })),
      ]);
      expect(accepts.map((reply) => reply.type).sort()).toEqual([ChatFrameType.ack, ChatFrameType.error]);
      const done = await t.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sendUserId, c.user.id), eq(chatMessages.receiveUserId, peer.user.id)));
      expect(done).toHaveLength(1);
      for (const client of [peerChat, anna1, anna2, chen1, chen2]) client.ws.close();
    }
  });
});
