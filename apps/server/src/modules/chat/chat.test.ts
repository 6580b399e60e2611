import {
  Calls,
  CHAT_CLOSE_UNIDENTIFIED,
  CHAT_FRAMES_PER_WINDOW,
  ChatActionType,
  ChatContentType,
  ChatFrameType,
  ChatMessageStatus,
  CodeFlag,
  chatIdOf,
  type TChatHistory,
  type TChatMessage,
  type TUploadedFile,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { summaryOf } from './chat.service';
import { chatConversationStates, chatMessages } from './chat.table';

let t: TestApp;
let socketUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  // A real socket: the app's hooks (rate limit, client address) need the request's network socket,
  // which @fastify/websocket's injectWS does not provide.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/chat/ws`;
});
afterAll(() => t.close());

type Frame = Record<string, unknown>;

/** A test client on the chat socket: frames in arrival order, and the close code once closed. */
async function connect() {
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | undefined;
  // Browsers offer compression on the handshake too; the upgrade must not be answered compressed.
  const ws = new WebSocket(socketUrl, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    wake();
  });
  ws.on('close', (code) => {
    closeCode = code;
    wake();
  });
  async function until<T>(check: () => T | undefined, what: string, timeoutMs = 3000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  return {
    ws,
    frames,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** The next frame of this type after the first `skip` of them. */
    frameOf: (type: number, skip = 0) =>
      until(() => frames.filter((f) => f.type === type)[skip], `frame type ${type} #${skip + 1}`),
    /** The first frame that passes `check`, once it arrives. */
    frameWhere: (check: (frame: Frame) => boolean) => until(() => frames.find(check), 'a matching frame'),
    closed: () => until(() => closeCode, 'close'),
    /** A round trip through the server: every frame sent before it has been handled. */
    async settle() {
      const seen = frames.filter((f) => f.type === ChatFrameType.heartbeat).length;
      ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
      await until(() => frames.filter((f) => f.type === ChatFrameType.heartbeat)[seen], 'heartbeat');
    },
  };
}
type Client = Awaited<ReturnType<typeof connect>>;

async function identified(session: string, lang?: string) {
  const client = await connect();
  client.send({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: 5, lang }) });
  await client.settle();
  return client;
}

let uuidCounter = 0;
function textFrame(from: number, to: number, mesg: string, uuid = `m-${++uuidCounter}`) {
  return {
    type: ChatContentType.text,
    chatId: chatIdOf(from, to),
    info: JSON.stringify({ mesg }),
    receiveUserId: to,
    uuid,
    sendDate: 1_700_000_000,
  };
}

const storedFrom = async (userId: number) =>
  t.db.select().from(chatMessages).where(eq(chatMessages.sendUserId, userId));
const messageIn = (frame: Frame) => JSON.parse(frame.info as string) as TChatMessage;

async function pair() {
  const a = await t.buildUser({ nickName: 'Alice' });
  const b = await t.buildUser({ nickName: 'Bob' });
  return { a, b };
}

async function sendAndAck(client: Client, frame: { uuid: string }, skip = 0) {
  client.send(frame);
  const ack = await client.frameOf(ChatFrameType.ack, skip);
  expect(ack).toEqual({
    type: ChatFrameType.ack,
    info: frame.uuid,
    id: expect.any(Number),
    sendDate: expect.any(Number),
  });
  // The server's clock, not the phone's: the sender orders its own message as the peer sees it.
  expect(ack.sendDate).toBe(Math.floor(t.clock.now().getTime() / 1000));
}

describe('GET /chat/ws: identify', () => {
  it('closes a connection that does not identify in time with 4001', async () => {
    t.app.deps.config.chatIdentifyTimeoutMs = 200;
    try {
      const client = await connect();
      expect(await client.closed()).toBe(CHAT_CLOSE_UNIDENTIFIED);
    } finally {
      t.app.deps.config.chatIdentifyTimeoutMs = undefined;
    }
  });

  it('closes a connection naming an unknown session with 4001', async () => {
    const client = await connect();
    client.send({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: 'no-such-session', clientType: 5 }) });
    expect(await client.closed()).toBe(CHAT_CLOSE_UNIDENTIFIED);
  });

  it('closes a connection whose first frame is not an identify frame with 4001', async () => {
    const { a, b } = await pair();
    const client = await connect();
    client.send(textFrame(a.user.id, b.user.id, 'hello'));
    expect(await client.closed()).toBe(CHAT_CLOSE_UNIDENTIFIED);
    expect(await storedFrom(a.user.id)).toEqual([]);
  });

  it('closes with 4001 instead of storing when the session was logged out after identifying', async () => {
    const { a, b } = await pair();
    const client = await identified(a.session);
    const logout = await t.call(Calls.logout, {}, { session: a.session });
    expect(logout.body).toMatchObject({ codeFlag: CodeFlag.ok });
    client.send(textFrame(a.user.id, b.user.id, 'after logout'));
    expect(await client.closed()).toBe(CHAT_CLOSE_UNIDENTIFIED);
    expect(client.frames.filter((f) => f.type === ChatFrameType.ack)).toEqual([]);
    expect(await storedFrom(a.user.id)).toEqual([]);
  });

  it('answers a heartbeat once identified', async () => {
    const { a } = await pair();
    const client = await identified(a.session);
    client.send({ type: ChatFrameType.heartbeat });
    expect(await client.frameOf(ChatFrameType.heartbeat, 1)).toEqual({ type: ChatFrameType.heartbeat });
    client.ws.close();
  });
});

describe('GET /chat/ws: messages', () => {
  it('stores a message, then acknowledges it, and delivers it to the receiver and the sender’s other connections', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    const senderPhone = await identified(a.session);
    const receiver = await identified(b.session);
    const receiverTablet = await identified(b.session);
    const frame = textFrame(a.user.id, b.user.id, '你好');

    await sendAndAck(sender, frame);
    const [row] = await storedFrom(a.user.id);
    expect(row).toMatchObject({
      chatId: chatIdOf(a.user.id, b.user.id),
      uuid: frame.uuid,
      receiveUserId: b.user.id,
      type: ChatContentType.text,
      status: ChatMessageStatus.stored,
    });

    for (const client of [receiver, receiverTablet, senderPhone]) {
      const delivered = messageIn(await client.frameOf(ChatFrameType.message));
      expect(delivered).toMatchObject({
        id: row?.id,
        chatId: frame.chatId,
        info: frame.info,
        notice: '',
        sendUserId: a.user.id,
        receiveUserId: b.user.id,
        type: ChatContentType.text,
        uuid: frame.uuid,
        status: ChatMessageStatus.stored,
      });
    }
    await sender.settle();
    expect(sender.frames.filter((f) => f.type === ChatFrameType.message)).toEqual([]);
    for (const client of [sender, senderPhone, receiver, receiverTablet]) client.ws.close();
  });

  it('stores a resent uuid once and acknowledges it again without delivering it twice', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    const receiver = await identified(b.session);
    const frame = textFrame(a.user.id, b.user.id, 'once');
    await sendAndAck(sender, frame);
    await sendAndAck(sender, frame, 1);
    // After reconnecting, the client resends unacknowledged messages with the same uuid.
    const reconnected = await identified(a.session);
    await sendAndAck(reconnected, frame);

    expect(await storedFrom(a.user.id)).toHaveLength(1);
    await receiver.settle();
    expect(receiver.frames.filter((f) => f.type === ChatFrameType.message)).toHaveLength(1);
    for (const client of [sender, receiver, reconnected]) client.ws.close();
  });

  it('accepts every content type with its SPEC fields', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    // Uploads and listings the content refers to must exist (chat.content.test.ts checks the refusals).
    const uploaded = async (kind: string, name: string, data: Buffer) =>
      (await t.upload<TUploadedFile[]>([{ name, data }], { session: a.session, kind })).body.data![0]!.url;
    const recording = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64)]);
    await t.buildCompany(b.user.id);
    const stock = await t.buildStock(b.user.id);
    const contents: Array<[number, object]> = [
      [ChatContentType.image, { imgUrl: await uploaded('image', 'a.png', await plainImage('png')) }],
      [ChatContentType.file, { urlPath: await uploaded('chatFile', 'a.pdf', Buffer.from('%PDF')) }],
      [ChatContentType.voice, { filePath: await uploaded('voice', 'a.ogg', recording), duration: 12 }],
      [ChatContentType.location, { address: '上海', lat: 31.2, lgt: 121.5 }],
      [ChatContentType.redPacket, {}],
      [ChatContentType.productLink, { proType: 1, proId: stock.id, proInfo: '{}', sendOrShare: 1 }],
      [ChatContentType.news, { id: 3, newsType: 1, title: '铜价', intro: '', image_path: '' }],
      [ChatContentType.action, { actionType: ChatActionType.requestPhoneExchange }],
      [ChatContentType.stockOrderQuote, { orderId: 5 }],
      [ChatContentType.inquiryQuote, { inquiryId: 6 }],
    ];
    for (const [index, [type, content]] of contents.entries()) {
      const frame = { ...textFrame(a.user.id, b.user.id, ''), type, info: JSON.stringify(content) };
      sender.send(frame);
      expect(await sender.frameOf(ChatFrameType.ack, index)).toMatchObject({
        type: ChatFrameType.ack,
        info: frame.uuid,
      });
    }
    expect(await storedFrom(a.user.id)).toHaveLength(contents.length);
    sender.ws.close();
  });

  it('refuses invalid frames with a localized error frame and stores nothing', async () => {
    const { a, b } = await pair();
    const stranger = await t.buildUser();
    const sender = await identified(a.session, 'en-US');
    const base = textFrame(a.user.id, b.user.id, 'x');
    const cases: Array<[unknown, string]> = [
      ['not json', 'The message is not in the expected format'],
      [{ ...base, type: 12 }, 'This kind of message is not supported'],
      [{ ...base, receiveUserId: a.user.id, chatId: chatIdOf(a.user.id, a.user.id) }, 'The receiver does not exist'],
      [{ ...base, receiveUserId: 99_999_999, chatId: chatIdOf(a.user.id, 99_999_999) }, 'The receiver does not exist'],
      // Beyond the user id column's range: refused like any unknown receiver, not a server fault.
      [
        { ...base, receiveUserId: 2_147_483_648, chatId: chatIdOf(a.user.id, 2_147_483_648) },
        'The receiver does not exist',
      ],
      [{ ...base, chatId: chatIdOf(a.user.id, stranger.user.id) }, 'The conversation does not match the receiver'],
      [{ ...base, info: JSON.stringify({ mesg: 'x'.repeat(2001) }) }, 'A message can be at most 2000 characters'],
      [{ ...base, info: JSON.stringify({ mesg: '' }) }, 'An empty message cannot be sent'],
      [{ ...base, info: 'not json' }, 'The message content is not valid'],
      [
        { ...base, type: ChatContentType.location, info: JSON.stringify({ address: '', lat: 91, lgt: 0 }) },
        'The location is not valid',
      ],
      [
        { ...base, type: ChatContentType.location, info: JSON.stringify({ address: '', lat: 0, lgt: -181 }) },
        'The location is not valid',
      ],
      [
        { ...base, type: ChatContentType.image, info: JSON.stringify({ url: 'x' }) },
        'The message content is not valid',
      ],
      [
        { ...base, type: ChatContentType.action, info: JSON.stringify({ actionType: 18 }) },
        'The message content is not valid',
      ],
      [{ ...base, uuid: '' }, 'The message id is not valid'],
    ];
    for (const [index, [frame, mesg]] of cases.entries()) {
      sender.send(frame);
      const error = await sender.frameOf(ChatFrameType.error, index);
      expect(error).toMatchObject({ type: ChatFrameType.error, codeFlag: CodeFlag.invalidInput, mesg });
    }
    expect(sender.frames.filter((f) => f.type === ChatFrameType.ack)).toEqual([]);
    expect(await storedFrom(a.user.id)).toEqual([]);
    sender.ws.close();
  });

  it('refuses a uuid with surrounding spaces with an error frame naming it exactly as sent, storing nothing', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session, 'en-US');
    const chinese = await identified(a.session);
    // Trimmed, the ack would name a uuid the client has no pending message for.
    for (const uuid of [' m-spaced', 'm-spaced ', '\tm-spaced\n', ' ']) {
      const frame = textFrame(a.user.id, b.user.id, 'x', uuid);
      sender.send(frame);
      expect(await sender.frameWhere((f) => f.type === ChatFrameType.error && f.uuid === uuid)).toEqual({
        type: ChatFrameType.error,
        uuid,
        codeFlag: CodeFlag.invalidInput,
        mesg: 'The message id must not begin or end with a space',
      });
    }
    chinese.send(textFrame(a.user.id, b.user.id, 'x', ' m-spaced '));
    expect(await chinese.frameOf(ChatFrameType.error)).toEqual({
      type: ChatFrameType.error,
      uuid: ' m-spaced ',
      codeFlag: CodeFlag.invalidInput,
      mesg: '消息编号首尾不能有空格',
    });
    await sender.settle();
    expect(sender.frames.filter((f) => f.type === ChatFrameType.ack)).toEqual([]);
    expect(await storedFrom(a.user.id)).toEqual([]);
    // The same id without the spaces is an ordinary one, acknowledged as sent.
    await sendAndAck(sender, textFrame(a.user.id, b.user.id, 'x', 'm-spaced'));
    expect((await storedFrom(a.user.id)).map((row) => row.uuid)).toEqual(['m-spaced']);
    sender.ws.close();
    chinese.ws.close();
  });

  it('stores a uuid sent on two connections at the same moment once and acknowledges both', async () => {
    const { a, b } = await pair();
    const first = await identified(a.session);
    const second = await identified(a.session);
    const frame = textFrame(a.user.id, b.user.id, 'raced');
    first.send(frame);
    second.send(frame);
    expect(await first.frameOf(ChatFrameType.ack)).toMatchObject({ type: ChatFrameType.ack, info: frame.uuid });
    expect(await second.frameOf(ChatFrameType.ack)).toMatchObject({ type: ChatFrameType.ack, info: frame.uuid });
    expect(await storedFrom(a.user.id)).toHaveLength(1);
    first.ws.close();
    second.ws.close();
  });

  it('slows down a connection sending more message frames than the window allows', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session, 'en-US');
    const refusedType = { ...textFrame(a.user.id, b.user.id, 'x'), type: 12 };
    for (let i = 0; i < CHAT_FRAMES_PER_WINDOW; i++) sender.send(refusedType);
    await sender.settle();
    sender.send(textFrame(a.user.id, b.user.id, 'one too many'));
    expect(await sender.frameOf(ChatFrameType.error, CHAT_FRAMES_PER_WINDOW)).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: 'Too many requests, please try again later',
    });
    expect(await storedFrom(a.user.id)).toEqual([]);
    sender.ws.close();
  });

  it('localizes error frames in Chinese by default', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    sender.send({ ...textFrame(a.user.id, b.user.id, 'x'), info: JSON.stringify({ mesg: 'x'.repeat(2001) }) });
    expect(await sender.frameOf(ChatFrameType.error)).toMatchObject({
      uuid: expect.any(String),
      mesg: '消息不能超过2000字',
    });
    sender.ws.close();
  });
});

describe('blacklist (action 4) and relation/unblock', () => {
  const blacklist = (from: number, to: number) => ({
    ...textFrame(from, to, ''),
    type: ChatContentType.action,
    info: JSON.stringify({ actionType: ChatActionType.addToBlacklist }),
  });

  it('refuses messages from a user the receiver blacklisted, until the receiver unblocks them', async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session);
    const bob = await identified(b.session, 'en-US');
    await sendAndAck(alice, blacklist(a.user.id, b.user.id));

    const refusedFrame = textFrame(b.user.id, a.user.id, 'let me explain');
    bob.send(refusedFrame);
    expect(await bob.frameOf(ChatFrameType.error)).toEqual({
      type: ChatFrameType.error,
      uuid: refusedFrame.uuid,
      codeFlag: CodeFlag.forbidden,
      mesg: 'You have been blacklisted; the message was not sent',
    });
    expect(await storedFrom(b.user.id)).toEqual([]);
    // The one who blacklisted can still write.
    await sendAndAck(alice, textFrame(a.user.id, b.user.id, 'final word'), 1);

    // Only the one who blacklisted can lift it.
    const byBob = await t.call(Calls.chatUnblock, { userId: a.user.id }, { session: b.session });
    expect(byBob.body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    bob.send(refusedFrame);
    expect(await bob.frameOf(ChatFrameType.error, 1)).toMatchObject({ codeFlag: CodeFlag.forbidden });

    const { body } = await t.call(Calls.chatUnblock, { userId: b.user.id }, { session: a.session });
    expect(body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    await sendAndAck(bob, refusedFrame);
    expect(await storedFrom(b.user.id)).toHaveLength(1);
    alice.ws.close();
    bob.ws.close();
  });

  it('refuses unblocking oneself with a localized mesg', async () => {
    const { a } = await pair();
    const { body } = await t.call(Calls.chatUnblock, { userId: a.user.id }, { session: a.session, lang: 'en-US' });
    expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The chat partner is not valid' });
  });
});

describe('recall (action 7)', () => {
  const recall = (from: number, to: number, uuid: string) => ({
    ...textFrame(from, to, ''),
    type: ChatContentType.action,
    info: JSON.stringify({ actionType: ChatActionType.recallMessage, actionInfo: uuid }),
  });

  it("recalls the sender's own message within 2 minutes: both see it as recalled, its content gone", async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session);
    const bob = await identified(b.session);
    const oops = textFrame(a.user.id, b.user.id, 'wrong price');
    await sendAndAck(alice, oops);
    t.clock.advance(100);
    await sendAndAck(alice, recall(a.user.id, b.user.id, oops.uuid), 1);
    const delivered = messageIn(await bob.frameOf(ChatFrameType.message, 1));
    expect(JSON.parse(delivered.info)).toEqual({ actionType: ChatActionType.recallMessage, actionInfo: oops.uuid });

    for (const [session, peer] of [
      [b.session, a.user.id],
      [a.session, b.user.id],
    ] as const) {
      const history = (await t.call(Calls.chatHistory, { userId: peer }, { session })).body.data;
      expect(history?.list[0]).toMatchObject({ uuid: oops.uuid, recalled: true, info: '{}' });
    }
    const list = await t.call(Calls.chatConversations, {}, { session: b.session, lang: 'en-US' });
    expect(list.body.data?.list[0]).toMatchObject({ message: 'A message was recalled' });
    alice.ws.close();
    bob.ws.close();
  });

  it('refuses recalling after 2 minutes, or a message one did not send, storing nothing', async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session, 'en-US');
    const bob = await identified(b.session, 'en-US');
    const said = textFrame(a.user.id, b.user.id, 'said');
    await sendAndAck(alice, said);

    bob.send(recall(b.user.id, a.user.id, said.uuid));
    expect(await bob.frameOf(ChatFrameType.error)).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Only your own messages can be recalled',
    });
    t.clock.advance(121);
    alice.send(recall(a.user.id, b.user.id, said.uuid));
    expect(await alice.frameOf(ChatFrameType.error)).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'A message can be recalled only within 2 minutes',
    });
    expect(await storedFrom(b.user.id)).toEqual([]);
    expect(await storedFrom(a.user.id)).toMatchObject([{ uuid: said.uuid, recalledAt: null }]);
    alice.ws.close();
    bob.ws.close();
  });
});

describe('quote messages (types 10 and 11)', () => {
  it('replace the earlier quote of the same order or inquiry in the same conversation only', async () => {
    const { a, b } = await pair();
    const other = await t.buildUser();
    const alice = await identified(a.session);
    const quote = (to: number, type: number, content: object) => ({
      ...textFrame(a.user.id, to, ''),
      type,
      info: JSON.stringify(content),
    });
    const first = quote(b.user.id, ChatContentType.stockOrderQuote, { orderId: 5 });
    const otherOrder = quote(b.user.id, ChatContentType.stockOrderQuote, { orderId: 6 });
    const inquiry = quote(b.user.id, ChatContentType.inquiryQuote, { inquiryId: 5 });
    const elsewhere = quote(other.user.id, ChatContentType.stockOrderQuote, { orderId: 5 });
    const newer = quote(b.user.id, ChatContentType.stockOrderQuote, { orderId: '5' });
    for (const [index, frame] of [first, otherOrder, inquiry, elsewhere, newer].entries()) {
      await sendAndAck(alice, frame, index);
    }
    const rows = await storedFrom(a.user.id);
    const replaced = Object.fromEntries(rows.map((r) => [r.uuid, r.replacedAt !== null]));
    expect(replaced).toEqual({
      [first.uuid]: true,
      [otherOrder.uuid]: false,
      [inquiry.uuid]: false,
      [elsewhere.uuid]: false,
      [newer.uuid]: false,
    });
    const history = (await t.call(Calls.chatHistory, { userId: a.user.id }, { session: b.session })).body.data;
    expect(history?.list.map((m) => [m.uuid, m.replaced])).toEqual([
      [first.uuid, true],
      [otherOrder.uuid, false],
      [inquiry.uuid, false],
      [newer.uuid, false],
    ]);
    alice.ws.close();
  });
});

describe('phone exchange (actions 1-3) and relation/peer_phone', () => {
  const act = (from: number, to: number, actionType: number) => ({
    ...textFrame(from, to, ''),
    type: ChatContentType.action,
    info: JSON.stringify({ actionType }),
  });
  const phoneOf = (session: string, peer: number) =>
    t.call(Calls.chatPeerPhone, { userId: peer }, { session, lang: 'en-US' });

  it('reveals both phones only once the other side accepts a request', async () => {
    const { a, b } = await pair();
    const intruder = await t.buildUser();
    const alice = await identified(a.session);
    const bob = await identified(b.session);
    await sendAndAck(alice, act(a.user.id, b.user.id, ChatActionType.requestPhoneExchange));
    expect((await phoneOf(a.session, b.user.id)).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: 'Exchange phones first to see this number',
    });
    await sendAndAck(bob, act(b.user.id, a.user.id, ChatActionType.acceptPhoneExchange));
    expect((await phoneOf(a.session, b.user.id)).body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { phone: b.phone },
    });
    expect((await phoneOf(b.session, a.user.id)).body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { phone: a.phone },
    });
    expect((await phoneOf(intruder.session, a.user.id)).body).toMatchObject({ codeFlag: CodeFlag.forbidden });

    const again = act(a.user.id, b.user.id, ChatActionType.requestPhoneExchange);
    alice.send(again);
    expect(await alice.frameOf(ChatFrameType.error)).toMatchObject({ codeFlag: CodeFlag.conflict, uuid: again.uuid });
    alice.ws.close();
    bob.ws.close();
  });

  it("refuses answering one's own request or no request, storing nothing; a refusal keeps phones hidden", async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session, 'en-US');
    const bob = await identified(b.session, 'en-US');
    bob.send(act(b.user.id, a.user.id, ChatActionType.acceptPhoneExchange));
    expect(await bob.frameOf(ChatFrameType.error)).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'There is no phone exchange request to answer',
    });
    await sendAndAck(alice, act(a.user.id, b.user.id, ChatActionType.requestPhoneExchange));
    alice.send(act(a.user.id, b.user.id, ChatActionType.acceptPhoneExchange));
    expect(await alice.frameOf(ChatFrameType.error)).toMatchObject({ codeFlag: CodeFlag.conflict });
    expect(await storedFrom(b.user.id)).toEqual([]);
    expect(await storedFrom(a.user.id)).toHaveLength(1);

    await sendAndAck(bob, act(b.user.id, a.user.id, ChatActionType.refusePhoneExchange));
    expect((await phoneOf(a.session, b.user.id)).body).toMatchObject({ codeFlag: CodeFlag.forbidden });
    expect((await phoneOf(b.session, a.user.id)).body).toMatchObject({ codeFlag: CodeFlag.forbidden });
    alice.ws.close();
    bob.ws.close();
  });
});

describe('relation/read and relation/unread_size', () => {
  it('counts messages to me not yet read, marks one read and tells the sender', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    const first = textFrame(a.user.id, b.user.id, 'one');
    const second = textFrame(a.user.id, b.user.id, 'two');
    await sendAndAck(sender, first);
    await sendAndAck(sender, second, 1);
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 2 });
    expect((await t.call(Calls.unreadSize, {}, { session: a.session })).body).toMatchObject({ data: 0 });

    const { body } = await t.call(Calls.chatRead, { userId: a.user.id, uuid: first.uuid }, { session: b.session });
    expect(body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: { marked: 1 } });
    expect(await sender.frameOf(ChatFrameType.read)).toEqual({
      type: ChatFrameType.read,
      uuid: first.uuid,
      sendUserId: b.user.id,
    });
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 1 });
    const rows = await storedFrom(a.user.id);
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.status]))).toEqual({
      [first.uuid]: ChatMessageStatus.read,
      [second.uuid]: ChatMessageStatus.stored,
    });
    sender.ws.close();
  });

  it('refuses a uuid with surrounding spaces in the caller’s language, marking nothing', async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    await sendAndAck(sender, textFrame(a.user.id, b.user.id, 'one', 'r-spaced'));
    for (const [lang, mesg] of [
      ['zh-CN', '消息编号首尾不能有空格'],
      ['en-US', 'The message id must not begin or end with a space'],
    ] as const) {
      // Trimmed, it would mark a message the client named otherwise, and the read frame would name neither.
      for (const uuid of [' r-spaced', 'r-spaced ', '\tr-spaced\n', ' ']) {
        const { body } = await t.call(Calls.chatRead, { userId: a.user.id, uuid }, { session: b.session, lang });
        expect(body, JSON.stringify(uuid)).toMatchObject({
          codeFlag: CodeFlag.invalidInput,
          mesg,
          errors: { uuid: mesg },
        });
      }
    }
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 1 });
    expect((await storedFrom(a.user.id)).map((row) => row.status)).toEqual([ChatMessageStatus.stored]);
    await sender.settle();
    expect(sender.frames.filter((f) => f.type === ChatFrameType.read)).toEqual([]);
    // Named exactly as sent, it is marked.
    const { body } = await t.call(Calls.chatRead, { userId: a.user.id, uuid: 'r-spaced' }, { session: b.session });
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { marked: 1 } });
    sender.ws.close();
  });

  it('marks every message from the peer read without a uuid, and says so without one', async () => {
    const { a, b } = await pair();
    const other = await t.buildUser();
    const sender = await identified(a.session);
    const otherSender = await identified(other.session);
    await sendAndAck(sender, textFrame(a.user.id, b.user.id, 'one'));
    await sendAndAck(sender, textFrame(a.user.id, b.user.id, 'two'), 1);
    await sendAndAck(otherSender, textFrame(other.user.id, b.user.id, 'not this one'));

    const { body } = await t.call(Calls.chatRead, { userId: a.user.id }, { session: b.session });
    expect(body).toMatchObject({ data: { marked: 2 } });
    expect(await sender.frameOf(ChatFrameType.read)).toEqual({ type: ChatFrameType.read, sendUserId: b.user.id });
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 1 });
    await otherSender.settle();
    expect(otherSender.frames.filter((f) => f.type === ChatFrameType.read)).toEqual([]);
    sender.ws.close();
    otherSender.ws.close();
  });

  it("cannot mark the receiver's messages read on their behalf", async () => {
    const { a, b } = await pair();
    const sender = await identified(a.session);
    await sendAndAck(sender, textFrame(a.user.id, b.user.id, 'one'));
    // The sender (or anyone else) naming the receiver marks only messages sent to themselves: none.
    const { body } = await t.call(Calls.chatRead, { userId: b.user.id }, { session: a.session });
    expect(body).toMatchObject({ data: { marked: 0 } });
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 1 });
    sender.ws.close();
  });

  it('refuses a bad peer with a localized mesg', async () => {
    const { a } = await pair();
    const { body } = await t.call(Calls.chatRead, { userId: 'x' }, { session: a.session, lang: 'en-US' });
    expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The chat partner is not valid' });
    const self = await t.call(Calls.chatRead, { userId: a.user.id }, { session: a.session, lang: 'en-US' });
    expect(self.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The chat partner is not valid' });
  });

  it('refuses bad common parameters with a localized mesg', async () => {
    const user = await t.buildUser();
    const { body } = await t.callRaw(Calls.unreadSize, { platform: 3 }, { session: user.session, lang: 'en-US' });
    expect(body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
  });

  it('sends a visitor to login with codeFlag 1', async () => {
    expect((await t.call(Calls.unreadSize)).body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    expect((await t.call(Calls.chatHistory, { userId: 1 })).body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn });
  });
});

describe('relation/history', () => {
  it('pages the conversation before and after a message id, oldest first within a page', async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session);
    const bob = await identified(b.session);
    for (let i = 0; i < 5; i++) {
      const [client, from, to] = i % 2 === 0 ? [alice, a, b] : [bob, b, a];
      await sendAndAck(client, textFrame(from.user.id, to.user.id, `m${i}`), Math.floor(i / 2));
    }
    const texts = (h: TChatHistory) => h.list.map((m) => (JSON.parse(m.info) as { mesg: string }).mesg);

    const newest = (await t.call(Calls.chatHistory, { userId: b.user.id, pageSize: 2 }, { session: a.session })).body
      .data;
    expect(newest && texts(newest)).toEqual(['m3', 'm4']);
    expect(newest?.hasMore).toBe(true);

    const before = (
      await t.call(
        Calls.chatHistory,
        { userId: b.user.id, pageSize: 2, beforeId: newest?.list[0]?.id },
        { session: a.session },
      )
    ).body.data;
    expect(before && texts(before)).toEqual(['m1', 'm2']);

    const after = (
      await t.call(
        Calls.chatHistory,
        { userId: a.user.id, pageSize: 10, afterId: before?.list[0]?.id },
        { session: b.session },
      )
    ).body.data;
    expect(after && texts(after)).toEqual(['m2', 'm3', 'm4']);
    expect(after?.hasMore).toBe(false);
    alice.ws.close();
    bob.ws.close();
  });

  it('gives another user nothing of a conversation they are not part of', async () => {
    const { a, b } = await pair();
    const intruder = await t.buildUser();
    const alice = await identified(a.session);
    await sendAndAck(alice, textFrame(a.user.id, b.user.id, 'private'));
    for (const peer of [a.user.id, b.user.id]) {
      const { body } = await t.call(Calls.chatHistory, { userId: peer }, { session: intruder.session });
      expect(body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: { list: [], hasMore: false } });
    }
    const list = await t.call(Calls.chatConversations, {}, { session: intruder.session });
    expect(list.body.data?.list).toEqual([]);
    alice.ws.close();
  });

  it('refuses asking before and after at once with a localized mesg', async () => {
    const { a, b } = await pair();
    const { body } = await t.call(
      Calls.chatHistory,
      { userId: b.user.id, beforeId: 5, afterId: 1 },
      { session: a.session, lang: 'en-US' },
    );
    expect(body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Ask for messages before or after one message, not both',
    });
  });
});

describe('relation/conversations and relation/delete_conversation', () => {
  it('lists conversations newest first with peer, localized summary and unread count', async () => {
    const me = await t.buildUser({ nickName: 'Me' });
    const carol = await t.buildUser({ nickName: 'Carol' });
    const dave = await t.buildUser({ nickName: 'Dave' });
    const carolClient = await identified(carol.session);
    const daveClient = await identified(dave.session);
    await sendAndAck(carolClient, textFrame(carol.user.id, me.user.id, 'hi from carol'));
    await sendAndAck(carolClient, textFrame(carol.user.id, me.user.id, 'again'), 1);
    const uploaded = await t.upload<TUploadedFile[]>([{ name: 'x.png', data: await plainImage('png') }], {
      session: dave.session,
      kind: 'image',
    });
    const image = {
      ...textFrame(dave.user.id, me.user.id, ''),
      type: ChatContentType.image,
      info: JSON.stringify({ imgUrl: uploaded.body.data![0]!.url }),
    };
    await sendAndAck(daveClient, image);

    const zh = await t.call(Calls.chatConversations, {}, { session: me.session });
    expect(zh.body.data).toMatchObject({ page: 1, hasMore: false });
    expect(zh.body.data?.list).toMatchObject([
      { userId: dave.user.id, nickName: 'Dave', message: '[图片]', unreadSize: 1, lastType: ChatContentType.image },
      {
        userId: carol.user.id,
        nickName: 'Carol',
        message: 'again',
        unreadSize: 2,
        chatId: chatIdOf(carol.user.id, me.user.id),
      },
    ]);
    const en = await t.call(Calls.chatConversations, { pageSize: 1 }, { session: me.session, lang: 'en-US' });
    expect(en.body.data).toMatchObject({ hasMore: true, list: [{ message: '[image]' }] });
    const second = await t.call(Calls.chatConversations, { page: 2, pageSize: 1 }, { session: me.session });
    expect(second.body.data?.list.map((c) => c.userId)).toEqual([carol.user.id]);

    // The sender sees the same conversation, with nothing unread.
    const carolList = await t.call(Calls.chatConversations, {}, { session: carol.session });
    expect(carolList.body.data?.list).toMatchObject([{ userId: me.user.id, nickName: 'Me', unreadSize: 0 }]);
    carolClient.ws.close();
    daveClient.ws.close();
  });

  it('hides a deleted conversation for the caller only, until a new message arrives', async () => {
    const { a, b } = await pair();
    const alice = await identified(a.session);
    await sendAndAck(alice, textFrame(a.user.id, b.user.id, 'old'));

    const deleted = await t.call(Calls.chatDeleteConversation, { userId: a.user.id }, { session: b.session });
    expect(deleted.body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
    expect((await t.call(Calls.chatConversations, {}, { session: b.session })).body.data?.list).toEqual([]);
    expect((await t.call(Calls.chatHistory, { userId: a.user.id }, { session: b.session })).body.data?.list).toEqual(
      [],
    );
    expect((await t.call(Calls.unreadSize, {}, { session: b.session })).body).toMatchObject({ data: 0 });
    // The peer keeps it.
    expect(
      (await t.call(Calls.chatHistory, { userId: b.user.id }, { session: a.session })).body.data?.list,
    ).toHaveLength(1);

    await sendAndAck(alice, textFrame(a.user.id, b.user.id, 'new'), 1);
    const list = (await t.call(Calls.chatConversations, {}, { session: b.session })).body.data?.list;
    expect(list).toMatchObject([{ userId: a.user.id, message: 'new', unreadSize: 1 }]);
    const history = (await t.call(Calls.chatHistory, { userId: a.user.id }, { session: b.session })).body.data;
    expect(history?.list.map((m) => m.uuid)).toHaveLength(1);
    alice.ws.close();
  });

  it('refuses deleting a conversation with oneself, changing nothing', async () => {
    const { a } = await pair();
    const { body } = await t.call(
      Calls.chatDeleteConversation,
      { userId: a.user.id },
      { session: a.session, lang: 'en-US' },
    );
    expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The chat partner is not valid' });
    const states = await t.db.select().from(chatConversationStates).where(eq(chatConversationStates.userId, a.user.id));
    expect(states).toEqual([]);
  });
});

describe('conversation summaries of actions', () => {
  it('names each action in both languages, and falls back to the generic notice', () => {
    const action = (actionType: number) => JSON.stringify({ actionType });
    expect(summaryOf(ChatContentType.action, action(ChatActionType.requestPhoneExchange), 'zh-CN')).toBe(
      '[请求交换电话]',
    );
    expect(summaryOf(ChatContentType.action, action(ChatActionType.buyerAgreedInquiryQuote), 'en-US')).toBe(
      '[quote agreed]',
    );
    expect(summaryOf(ChatContentType.action, action(ChatActionType.switchChatContact), 'zh-CN')).toBe('[联系人已更换]');
    expect(summaryOf(ChatContentType.action, action(ChatActionType.addToBlacklist), 'en-US')).toBe('[notice]');
  });
});
