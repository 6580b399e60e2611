import { Calls, ChatFrameType, CodeFlag, MESSAGES, NOTICE_CATEGORIES } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { NOTICE_CATALOG, type NoticeMessageKey, subjectId } from './notices.catalog';
import { sendNotice } from './notices.service';
import { notices } from './notices.table';

let t: TestApp;
let socketUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/chat/ws`;
});
afterAll(() => t.close());

async function notify(
  userId: number,
  messageKey: NoticeMessageKey,
  params: Record<string, string | number> = {},
  subject = '',
) {
  await t.db.transaction((tx) => sendNotice(tx, t.clock, { userId, messageKey, params, subject }));
  // Newest-first order is by time: each notice a second later than the one before.
  t.clock.advance(1);
}

const rowsOf = (userId: number) => t.db.select().from(notices).where(eq(notices.userId, userId));

describe('notice categories', () => {
  it('every notice.* message has a category, a title in each language and a link rule', () => {
    const noticeKeys = Object.keys(MESSAGES).filter((key) => key.startsWith('notice.'));
    expect(noticeKeys.length).toBeGreaterThan(0);
    for (const key of noticeKeys) {
      const kind = NOTICE_CATALOG[key as NoticeMessageKey];
      expect(kind, `${key} needs an entry in NOTICE_CATALOG`).toBeDefined();
      expect(NOTICE_CATEGORIES).toContain(kind.category);
      expect(kind.title['zh-CN'], `${key}'s Chinese title`).not.toBe('');
      expect(kind.title['en-US'], `${key}'s English title`).not.toBe('');
      expect(typeof kind.link).toBe('function');
    }
  });

  it('inquiry and quote notices open the inquiry they are about', () => {
    const inquiryKeys = (Object.keys(NOTICE_CATALOG) as NoticeMessageKey[]).filter((key) =>
      /^notice\.(inquiry|quote)/.test(key),
    );
    expect(inquiryKeys.length).toBe(10);
    for (const key of inquiryKeys) {
      expect(NOTICE_CATALOG[key].link(subjectId('inquiry:31')), key).toBe('/pages/procurement/inquiry_detail?id=31');
      expect(NOTICE_CATALOG[key].link(undefined), key).toBeNull();
    }
  });
});

describe('notice/list', () => {
  it('lists one category of my notices newest first, page by page, in my language, with links', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    await notify(me.user.id, 'notice.stockApproved', { name: 'Cu 8mm' }, 'stock:41');
    await notify(me.user.id, 'notice.licenceApproved', {}, 'company_licence:3');
    await notify(me.user.id, 'notice.stockExpired', { count: 2, days: 30 }, 'stock_expiry:2026-11-20');
    await notify(me.user.id, 'notice.capacityRejected', { name: 'Al', reason: 'blurry' }, 'capacity:7');
    await notify(other.user.id, 'notice.stockApproved', { name: 'Zn' }, 'stock:42');

    const first = await t.call(
      Calls.noticeList,
      { category: 'trade', pageSize: 2 },
      { session: me.session, lang: 'en-US' },
    );
    expect(first.body.codeFlag).toBe(CodeFlag.ok);
    expect(first.body.data?.hasMore).toBe(true);
    expect(first.body.data?.list.map((n) => n.content)).toEqual([
      'Your capacity listing "Al" did not pass review: blurry',
      '2 of your stock listings were not refreshed for 30 days and have expired; refresh them to put them on sale again',
    ]);
    expect(first.body.data?.list[0]).toMatchObject({
      category: 'trade',
      title: 'Capacity review result',
      read: false,
      link: '/pagesA/capacity_manage/capacity_manage',
    });

    const second = await t.call(
      Calls.noticeList,
      { category: 'trade', page: 2, pageSize: 2 },
      { session: me.session, lang: 'zh-CN' },
    );
    expect(second.body.data?.hasMore).toBe(false);
    expect(second.body.data?.list).toHaveLength(1);
    expect(second.body.data?.list[0]).toMatchObject({
      title: '现货审核结果',
      content: '现货「Cu 8mm」审核已通过，已上架',
      link: '/pages/stock_detail/stock_detail?id=41',
    });

    const functions = await t.call(Calls.noticeList, { category: 'function' }, { session: me.session });
    expect(functions.body.data?.list.map((n) => n.category)).toEqual(['function']);
    const activities = await t.call(Calls.noticeList, { category: 'activity' }, { session: me.session });
    expect(activities.body.data).toEqual({ list: [], page: 1, hasMore: false });
  });

  it('refuses a category it does not know, in the caller language', async () => {
    const me = await t.buildUser();
    const { body } = await t.callRaw(
      Calls.noticeList,
      { category: 'promotions' },
      { session: me.session, lang: 'en-US' },
    );
    expect(body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(body.mesg).toBe(MESSAGES['common.invalidInput']['en-US']);
    const zero = await t.call(Calls.noticeList, { category: 'trade', page: 0 }, { session: me.session });
    expect(zero.body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('asks a visitor to log in', async () => {
    const { body } = await t.call(Calls.noticeList, { category: 'trade' });
    expect(body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('notice/detail', () => {
  it('shows my notice and marks it read', async () => {
    const me = await t.buildUser();
    await notify(me.user.id, 'notice.shopRejected', { reason: 'no photos' }, 'shop_application:5');
    const [row] = await rowsOf(me.user.id);
    const { body } = await t.call(Calls.noticeDetail, { id: row!.id }, { session: me.session, lang: 'en-US' });
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({
      id: row?.id,
      category: 'function',
      title: 'Shop application result',
      content: 'Your shop application was not approved: no photos',
      read: true,
      link: '/pagesA/open_shop/open_shop',
    });
    const [after] = await rowsOf(me.user.id);
    expect(after?.readAt?.getTime()).toBe(t.clock.now().getTime());
    // Reading again keeps the first reading time.
    t.clock.advance(60);
    await t.call(Calls.noticeDetail, { id: row!.id }, { session: me.session });
    const [again] = await rowsOf(me.user.id);
    expect(again?.readAt?.getTime()).toBe(after?.readAt?.getTime());
  });

  it("refuses someone else's notice and leaves it unread", async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    await notify(owner.user.id, 'notice.nameApproved', { name: 'Acme' }, 'company_name_change:1');
    const [row] = await rowsOf(owner.user.id);
    const { body } = await t.call(Calls.noticeDetail, { id: row!.id }, { session: stranger.session, lang: 'en-US' });
    expect(body.codeFlag).toBe(CodeFlag.forbidden);
    expect(body.mesg).toBe(MESSAGES['common.forbidden']['en-US']);
    expect(body.data ?? null).toBeNull();
    const [after] = await rowsOf(owner.user.id);
    expect(after?.readAt).toBeNull();
  });

  it('answers not found for a notice that does not exist, and refuses a bad id', async () => {
    const me = await t.buildUser();
    const missing = await t.call(Calls.noticeDetail, { id: 987654 }, { session: me.session });
    expect(missing.body.codeFlag).toBe(CodeFlag.notFound);
    const bad = await t.call(Calls.noticeDetail, { id: 'abc' }, { session: me.session, lang: 'zh-CN' });
    expect(bad.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(bad.body.mesg).toBe(MESSAGES['common.invalidInput']['zh-CN']);
  });
});

describe('notice/unread_counts and notice/read_all', () => {
  it('counts unread per category with the newest notice, and read_all clears one category of mine only', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    await notify(me.user.id, 'notice.stockRejected', { name: 'Ni', reason: 'price' }, 'stock:9');
    await notify(me.user.id, 'notice.stockApproved', { name: 'Sn' }, 'stock:10');
    await notify(me.user.id, 'notice.verificationApproved');
    await notify(other.user.id, 'notice.stockApproved', { name: 'Pb' }, 'stock:11');

    const counts = await t.call(Calls.noticeUnreadCounts, {}, { session: me.session, lang: 'en-US' });
    expect(counts.body.data?.total).toBe(3);
    const byCategory = Object.fromEntries((counts.body.data?.categories ?? []).map((c) => [c.category, c]));
    expect(byCategory.trade).toMatchObject({
      unread: 2,
      latest: { title: 'Stock review result', content: 'Your stock "Sn" was approved and is now for sale' },
    });
    expect(byCategory.function?.unread).toBe(1);
    expect(byCategory.activity).toEqual({ category: 'activity', unread: 0, latest: null });

    const read = await t.call(Calls.noticeReadAll, { category: 'trade' }, { session: me.session });
    expect(read.body.data).toEqual({ marked: 2 });
    const after = await t.call(Calls.noticeUnreadCounts, {}, { session: me.session });
    expect(after.body.data?.total).toBe(1);
    const othersRows = await rowsOf(other.user.id);
    expect(othersRows.every((row) => row.readAt === null)).toBe(true);
  });

  it('read_all refuses a bad category and changes nothing', async () => {
    const me = await t.buildUser();
    await notify(me.user.id, 'notice.stockApproved', { name: 'Cu' }, 'stock:1');
    const { body } = await t.callRaw(Calls.noticeReadAll, { category: '' }, { session: me.session, lang: 'en-US' });
    expect(body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(body.mesg).toBe(MESSAGES['common.invalidInput']['en-US']);
    const rows = await rowsOf(me.user.id);
    expect(rows.every((row) => row.readAt === null)).toBe(true);
  });
});

type Frame = Record<string, unknown>;

/** A chat connection identified as `session`, collecting the frames it receives. */
async function listen(session: string) {
  const frames: Frame[] = [];
  const ws = new WebSocket(socketUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  ws.send(JSON.stringify({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: 5 }) }));
  ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
  await waitFor(() => frames.some((f) => f.type === ChatFrameType.heartbeat), 'heartbeat');
  return { ws, frames };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('live notice frames', () => {
  it("tells the user's open connections of a committed notice, and nobody of a rolled-back one", async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const mine = await listen(me.session);
    const theirs = await listen(other.session);
    const noticeFrames = (frames: Frame[]) => frames.filter((f) => f.type === ChatFrameType.notice);

    await expect(
      t.db.transaction(async (tx) => {
        await sendNotice(tx, t.clock, { userId: me.user.id, messageKey: 'notice.licenceApproved' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await notify(me.user.id, 'notice.stockApproved', { name: 'Cu' }, 'stock:3');

    await waitFor(() => noticeFrames(mine.frames).length > 0, 'a notice frame');
    // A round trip after it: a frame for the rolled-back notice would have come by now.
    const beats = mine.frames.filter((f) => f.type === ChatFrameType.heartbeat).length;
    mine.ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
    await waitFor(() => mine.frames.filter((f) => f.type === ChatFrameType.heartbeat).length > beats, 'heartbeat');
    expect(noticeFrames(mine.frames)).toEqual([{ type: ChatFrameType.notice, category: 'trade' }]);
    expect(noticeFrames(theirs.frames)).toEqual([]);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
    mine.ws.close();
    theirs.ws.close();
  });
});
