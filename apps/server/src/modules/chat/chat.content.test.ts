import {
  Calls,
  ChatContentType,
  ChatFrameType,
  ChatProductType,
  CodeFlag,
  chatIdOf,
  EMPTY_PRODUCT_CARD,
  productCardOf,
  productCardText,
  type TUploadedFile,
} from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { capacities } from '../capacities/capacities.table';
import { companies } from '../companies/companies.table';
import { MODULES } from '../index';
import { stocks } from '../stocks/stocks.table';
import { productLinkCheckers } from './chat.product-links';
import { chatMessages } from './chat.table';

let t: TestApp;
let socketUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/chat/ws`;
});
afterAll(() => t.close());

type Frame = Record<string, unknown>;

/** A socket identified as `session`; `send` answers the ack or error frame naming the message's uuid. */
async function identified(session: string, lang = 'zh-CN') {
  const ws = new WebSocket(socketUrl);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(
    JSON.stringify({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: 5, lang }) }),
  );
  const answerTo = (uuid: string) =>
    frames.find(
      (f) => (f.type === ChatFrameType.ack && f.info === uuid) || (f.type === ChatFrameType.error && f.uuid === uuid),
    );
  return {
    close: () => ws.close(),
    async send(frame: { uuid: string }): Promise<Frame> {
      ws.send(JSON.stringify(frame));
      const deadline = Date.now() + 3000;
      for (;;) {
        const found = answerTo(frame.uuid);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no answer to ${frame.uuid}: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
  };
}

let uuidCounter = 0;
const frameOf = (from: number, to: number, type: number, content: object) => ({
  type,
  chatId: chatIdOf(from, to),
  info: JSON.stringify(content),
  receiveUserId: to,
  uuid: `content-${++uuidCounter}`,
});

const storedInfo = async (senderId: number, uuid: string) => {
  const [row] = await t.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sendUserId, senderId), eq(chatMessages.uuid, uuid)));
  return row ? (JSON.parse(row.info) as Record<string, unknown>) : undefined;
};

type Client = Awaited<ReturnType<typeof identified>>;
type Person = Awaited<ReturnType<TestApp['buildUser']>>;

let alice: Person;
let bob: Person;
let aliceSocket: Client;
let aliceEnglish: Client;

beforeAll(async () => {
  alice = await t.buildUser({ nickName: 'Alice' });
  bob = await t.buildUser({ nickName: 'Bob' });
  await t.buildCompany(alice.user.id);
  await t.buildCompany(bob.user.id);
  aliceSocket = await identified(alice.session);
  aliceEnglish = await identified(alice.session, 'en-US');
});
afterAll(() => {
  aliceSocket.close();
  aliceEnglish.close();
});

/** Sends as Alice to Bob; expects it stored and answers what was stored. */
async function accepted(type: number, content: object, client = aliceSocket) {
  const frame = frameOf(alice.user.id, bob.user.id, type, content);
  expect(await client.send(frame)).toMatchObject({ type: ChatFrameType.ack, info: frame.uuid });
  const info = await storedInfo(alice.user.id, frame.uuid);
  expect(info).toBeDefined();
  return info!;
}

/** Sends as Alice to Bob; expects a localized error frame and nothing stored. */
async function refusedWith(type: number, content: object, mesg: string, client = aliceSocket) {
  const frame = frameOf(alice.user.id, bob.user.id, type, content);
  const answer = await client.send(frame);
  expect(answer).toMatchObject({ type: ChatFrameType.error, uuid: frame.uuid, codeFlag: CodeFlag.invalidInput, mesg });
  expect(await storedInfo(alice.user.id, frame.uuid)).toBeUndefined();
}

async function uploadAs(person: Person, kind: string, name: string, data: Buffer) {
  const { body } = await t.upload<TUploadedFile[]>([{ name, data }], { session: person.session, kind });
  expect(body.codeFlag, body.mesg).toBe(CodeFlag.ok);
  return body.data![0]!;
}

/** The first bytes of a WebM recording as Chrome's MediaRecorder starts one (an EBML header). */
const webmRecording = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);

async function lastSummary(person: Person, lang: string) {
  const page = await t.call(Calls.chatConversations, {}, { session: person.session, lang });
  return page.body.data!.list.find((c) => c.userId === (person === alice ? bob : alice).user.id)!.message;
}

describe('chat content type 2: images and emoticons', () => {
  it('stores an uploaded image with its thumbnail and size, and lists it as [图片] / [image]', async () => {
    const image = await uploadAs(alice, 'image', 'coil.png', await plainImage('png'));
    const info = await accepted(ChatContentType.image, { imgUrl: image.url });
    expect(info).toMatchObject({ imgUrl: image.url, thumbUrl: image.thumbUrl, width: 32, height: 24, emoticon: false });
    expect(await lastSummary(alice, 'zh-CN')).toBe('[图片]');
    expect(await lastSummary(bob, 'en-US')).toBe('[image]');
  });

  it('stores a shipped emoticon and lists it as [表情] / [emoji]', async () => {
    const info = await accepted(ChatContentType.image, { imgUrl: '/emoticons/thumbs-up.svg', emoticon: true });
    expect(info).toMatchObject({ imgUrl: '/emoticons/thumbs-up.svg', emoticon: true });
    expect(await lastSummary(bob, 'zh-CN')).toBe('[表情]');
    expect(await lastSummary(alice, 'en-US')).toBe('[emoji]');
  });

  it('refuses an unknown emoticon, in the sender’s language', async () => {
    await refusedWith(ChatContentType.image, { imgUrl: '/emoticons/nope.svg', emoticon: true }, '不支持的表情');
    await refusedWith(
      ChatContentType.image,
      { imgUrl: '/emoticons/../secret.svg', emoticon: true },
      'This emoticon is not available',
      aliceEnglish,
    );
  });

  it('refuses an image this server did not store, a non-image as an image, and a private licence', async () => {
    await refusedWith(ChatContentType.image, { imgUrl: 'https://elsewhere.example/x.jpg' }, '图片不存在，请重新上传');
    await refusedWith(
      ChatContentType.image,
      { imgUrl: '/files/images/1/2026-11/unknown.jpg' },
      '图片不存在，请重新上传',
    );
    const file = await uploadAs(alice, 'chatFile', 'notes.txt', Buffer.from('hello'));
    await refusedWith(ChatContentType.image, { imgUrl: file.url }, '图片不存在，请重新上传');
    const licence = await uploadAs(alice, 'licence', 'licence.png', await plainImage('png'));
    await refusedWith(ChatContentType.image, { imgUrl: licence.url.split('?')[0]! }, '图片不存在，请重新上传');
  });
});

describe('chat content type 3: files', () => {
  it('stores the sender’s uploaded file with the name and size the server kept, and serves it as a download', async () => {
    const file = await uploadAs(alice, 'chatFile', '报价单.pdf', Buffer.from('%PDF-1.4 price list'));
    expect(file).toMatchObject({ name: '报价单.pdf', type: 'application/octet-stream', size: 19 });
    const info = await accepted(ChatContentType.file, { urlPath: file.url, name: 'forged.exe', size: 1 });
    expect(info).toMatchObject({ urlPath: file.url, name: '报价单.pdf', size: 19 });
    expect(await lastSummary(bob, 'zh-CN')).toBe('[文件] 报价单.pdf');
    expect(await lastSummary(bob, 'en-US')).toBe('[file] 报价单.pdf');
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('报价单.pdf')}`,
    );
  });

  it('refuses another user’s file, an unknown file and an image as a file', async () => {
    const bobsFile = await uploadAs(bob, 'chatFile', 'bob.txt', Buffer.from('bob'));
    await refusedWith(ChatContentType.file, { urlPath: bobsFile.url }, '文件不存在，请重新上传');
    await refusedWith(ChatContentType.file, { urlPath: '/files/chat-files/1/x.bin' }, '文件不存在，请重新上传');
    const image = await uploadAs(alice, 'image', 'a.png', await plainImage('png'));
    await refusedWith(
      ChatContentType.file,
      { urlPath: image.url },
      'The file was not found; please upload it again',
      aliceEnglish,
    );
  });
});

describe('chat content type 4: voice', () => {
  it('stores the sender’s recording with its duration in whole seconds', async () => {
    const recording = await uploadAs(alice, 'voice', 'voice.webm', webmRecording());
    expect(recording.type).toBe('audio/webm');
    const info = await accepted(ChatContentType.voice, { filePath: recording.url, duration: 7.4 });
    expect(info).toMatchObject({ filePath: recording.url, duration: 7 });
    expect(await lastSummary(bob, 'zh-CN')).toBe('[语音]');
    expect(await lastSummary(bob, 'en-US')).toBe('[voice]');
  });

  it('refuses durations outside 1..60 s, another user’s recording and a file that is not a recording', async () => {
    const recording = await uploadAs(alice, 'voice', 'voice.webm', webmRecording());
    await refusedWith(ChatContentType.voice, { filePath: recording.url, duration: 0 }, '语音时长须在1到60秒之间');
    await refusedWith(
      ChatContentType.voice,
      { filePath: recording.url, duration: 61 },
      'A voice message must be 1 to 60 seconds long',
      aliceEnglish,
    );
    const bobs = await uploadAs(bob, 'voice', 'voice.ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(50)]));
    await refusedWith(ChatContentType.voice, { filePath: bobs.url, duration: 3 }, '语音不存在，请重新录制');
    const file = await uploadAs(alice, 'chatFile', 'x.webm', webmRecording());
    await refusedWith(ChatContentType.voice, { filePath: file.url, duration: 3 }, '语音不存在，请重新录制');
  });

  it('upload refuses a voice file that is not a recording, or too long a one, storing nothing', async () => {
    const notAudio = await t.upload([{ name: 'x.webm', data: Buffer.from('not a recording at all') }], {
      session: alice.session,
      kind: 'voice',
      lang: 'en-US',
    });
    expect(notAudio.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Only WebM, Ogg, MP4 and AAC recordings are accepted',
    });
    const tooLong = await t.upload(
      [
        {
          name: 'long.m4a',
          data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), Buffer.alloc(3 * 1024 * 1024)]),
        },
      ],
      { session: alice.session, kind: 'voice' },
    );
    expect(tooLong.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '录音不能超过2MB' });
  });
});

describe('chat content type 5: location', () => {
  it('stores a location and lists it with its address', async () => {
    await accepted(ChatContentType.location, { address: '佛山市南海区大沥镇', lat: 23.05, lgt: 113.14 });
    expect(await lastSummary(bob, 'zh-CN')).toBe('[位置] 佛山市南海区大沥镇');
    expect(await lastSummary(bob, 'en-US')).toBe('[location] 佛山市南海区大沥镇');
  });

  it('refuses coordinates out of range and a location without an address', async () => {
    await refusedWith(ChatContentType.location, { address: 'x', lat: 91, lgt: 113 }, '位置坐标不正确');
    await refusedWith(ChatContentType.location, { address: 'x', lat: 23, lgt: -181 }, '位置坐标不正确');
    await refusedWith(
      ChatContentType.location,
      { address: '  ', lat: 23, lgt: 113 },
      'The location is not valid',
      aliceEnglish,
    );
  });
});

describe('chat content type 7: product links', () => {
  it('stores a for-sale stock with the server’s snapshot, which outlives the listing', async () => {
    const stock = await t.buildStock(bob.user.id, {
      productName: 'A00铝锭',
      specifications: '99.70%',
      priceFen: 2_050_000,
    });
    const info = await accepted(ChatContentType.productLink, {
      proType: ChatProductType.stock,
      proId: String(stock.id),
      proInfo: { title: 'forged', priceFen: 1 },
      sendOrShare: 1,
    });
    expect(info).toMatchObject({
      proType: 1,
      proId: stock.id,
      sendOrShare: 1,
      proInfo: { title: 'A00铝锭', priceFen: 2_050_000, companyName: `测试铝业${bob.user.id}有限公司`, picture: '' },
    });
    expect((info.proInfo as { summary: string }).summary).toContain('99.70%');
    expect(info.proCard).toMatchObject({
      sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' },
      productName: 'A00铝锭',
      priceFen: 2_050_000,
    });
    expect(await lastSummary(bob, 'zh-CN')).toBe('[商品链接] A00铝锭');
    expect(await lastSummary(bob, 'en-US')).toBe('[product link] A00铝锭');

    await t.db.update(stocks).set({ status: 'deleted' }).where(eq(stocks.id, stock.id));
    const history = await t.call(Calls.chatHistory, { userId: bob.user.id }, { session: alice.session });
    const last = history.body.data!.list.at(-1)!;
    expect(JSON.parse(last.info)).toMatchObject({ proInfo: { title: 'A00铝锭' } });
  });

  it('stores the card as facts each reader words in their language, whatever the sender’s language', async () => {
    const stock = await t.buildStock(bob.user.id, { sortId: 13, productName: '', specifications: '99.70%' });
    const forged = { ...EMPTY_PRODUCT_CARD, productName: 'forged' };
    const info = await accepted(
      ChatContentType.productLink,
      { proType: ChatProductType.stock, proId: stock.id, proCard: forged },
      aliceEnglish,
    );
    const card = productCardOf(info);
    expect(card).toMatchObject({ sortId: 13, sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' } });
    expect(card?.productName).toBe('');
    // proInfo stays filled for apps that read only it, in the sender's language.
    expect(info.proInfo).toMatchObject({ title: 'A00 aluminium', summary: '99.70% · 佛山市' });
    expect(productCardText(card!, 'zh-CN').title).toBe('A00铝');
    expect(await lastSummary(bob, 'zh-CN')).toBe('[商品链接] A00铝');
    expect(await lastSummary(bob, 'en-US')).toBe('[product link] A00 aluminium');
  });

  it('shares the sender’s own company’s stock in review, but not another company’s', async () => {
    const own = await t.buildStock(alice.user.id, { status: 'review', productName: '自家铝棒' });
    await accepted(ChatContentType.productLink, { proType: ChatProductType.stock, proId: own.id });
    const others = await t.buildStock(bob.user.id, { status: 'review' });
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.stock, proId: others.id },
      '商品不存在或已下架',
    );
    const deleted = await t.buildStock(alice.user.id, { status: 'deleted' });
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.stock, proId: deleted.id },
      '商品不存在或已下架',
    );
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.stock, proId: 987654321 },
      'The listing does not exist or is no longer available',
      aliceEnglish,
    );
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.stock, proId: 'abc' },
      '商品不存在或已下架',
    );
  });

  it('shares a passed capacity or the sender’s own, not another company’s waiting one', async () => {
    const capacity = (rootId: number, status: 'passed' | 'waiting') =>
      t.db
        .insert(capacities)
        .values({
          rootId,
          postedBy: rootId,
          sortId: 13,
          productName: status === 'passed' ? '铝型材加工' : '待审产能',
          minOrderKg: 1000,
          monthlyOutputKg: 500_000,
          contactName: '李四',
          contactPhone: '13800138001',
          status,
          submittedAt: t.clock.now(),
        })
        .returning()
        .then((rows) => rows[0]!);
    const passed = await capacity(bob.user.id, 'passed');
    const info = await accepted(ChatContentType.productLink, { proType: ChatProductType.capacity, proId: passed.id });
    expect(info.proInfo).toMatchObject({ title: '铝型材加工', priceFen: null });
    const ownWaiting = await capacity(alice.user.id, 'waiting');
    await accepted(ChatContentType.productLink, { proType: ChatProductType.capacity, proId: ownWaiting.id });
    const othersWaiting = await capacity(bob.user.id, 'waiting');
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.capacity, proId: othersWaiting.id },
      '商品不存在或已下架',
    );
  });

  it('shares an opened shop, not a company whose shop is not open', async () => {
    await refusedWith(
      ChatContentType.productLink,
      { proType: ChatProductType.shop, proId: bob.user.id },
      '商品不存在或已下架',
    );
    await t.db.update(companies).set({ shopOpenedAt: t.clock.now() }).where(eq(companies.rootId, bob.user.id));
    const info = await accepted(ChatContentType.productLink, { proType: ChatProductType.shop, proId: bob.user.id });
    expect(info.proInfo).toMatchObject({
      title: `测试铝业${bob.user.id}有限公司`,
      companyName: `测试铝业${bob.user.id}有限公司`,
    });
  });

  it('has a checker for every SPEC product link type, each registered by the module that owns the objects', () => {
    for (const proType of Object.values(ChatProductType))
      expect(productLinkCheckers(MODULES)(proType), `type ${proType}`).toBeDefined();
  });
});
