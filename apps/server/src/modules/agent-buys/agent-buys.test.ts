import { type CallRequest, Calls, ChatProductType, CodeFlag, type TUploadedFile } from '@metal/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { expectRefusedAsChanged, olderVersion } from '../../../test/review-fixtures';
import { productLinkCheckers } from '../chat/chat.product-links';
import { MODULES } from '../index';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { agentBuyExpiryJob } from './agent-buys.jobs';
import { agentBuyPhotos, agentBuyQuotes, agentBuys } from './agent-buys.table';

// On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections of the pool,
// so the races below are real; on PGlite they serialise.

let t: TestApp;
let operator: Person;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await t.buildOperator();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
type Fields = Record<string, unknown>;
const shanghai = (local: string) => new Date(`${local}+08:00`);
const as = (who: Person | undefined, lang?: string) => ({
  ...(who ? { session: who.session } : {}),
  ...(lang ? { lang } : {}),
});

const save = (who: Person, fields: CallRequest<typeof Calls.agentBuySave>, lang?: string) =>
  t.call(Calls.agentBuySave, fields, as(who, lang));
const saveRaw = (who: Person, fields: Fields, lang?: string) => t.callRaw(Calls.agentBuySave, fields, as(who, lang));
const detail = (id: number, who?: Person, lang?: string) => t.call(Calls.agentBuyDetail, { id }, as(who, lang));
const hall = (fields: Fields = {}, who?: Person) => t.call(Calls.agentBuyHall, fields, as(who));
const mine = (who: Person, fields: Fields = {}) => t.call(Calls.agentBuyMine, fields, as(who));
const close = (who: Person, id: number, lang?: string) => t.call(Calls.agentBuyClose, { id }, as(who, lang));
const remove = (who: Person, id: number, lang?: string) => t.call(Calls.agentBuyDelete, { id }, as(who, lang));
const quote = (who: Person, fields: CallRequest<typeof Calls.agentQuoteSave>, lang?: string) =>
  t.call(Calls.agentQuoteSave, fields, as(who, lang));
const quotes = (who: Person, agentBuyId: number) => t.call(Calls.agentQuoteList, { agentBuyId }, as(who));
const rowOf = async (id: number) => (await t.db.select().from(agentBuys).where(eq(agentBuys.id, id)))[0]!;
/** A decision as the console sends it, naming the version the queue lists (when the request was posted). */
const review = async (id: number, approve: 0 | 1, reason?: string, lang?: string) =>
  t.call(
    Calls.reviewAgentBuy,
    { id, approve, ...(reason ? { reason } : {}), submittedAt: (await rowOf(id)).createdAt.toISOString() },
    { session: operator.session, ...(lang ? { lang } : {}) },
  );
const requestCount = async () => (await t.db.select({ n: count() }).from(agentBuys))[0]!.n;
const quoteRows = (agentBuyId: number) =>
  t.db.select().from(agentBuyQuotes).where(eq(agentBuyQuotes.agentBuyId, agentBuyId));
const noticesOf = (userId: number, key: string) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.messageKey, key)));

async function uploadAs(who: Person, kind: 'image' | 'voice', data: Buffer, name: string) {
  const uploaded = await t.upload<TUploadedFile[]>([{ name, data }], { session: who.session, kind });
  if (uploaded.body.codeFlag !== CodeFlag.ok) throw new Error(`upload failed: ${uploaded.body.mesg}`);
  return uploaded.body.data![0]!.url;
}
const recording = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);

async function post(who: Person, fields: Fields = {}) {
  const saved = await save(who, { kind: 'buy', text: '求购A00铝锭50吨，佛山交货', ...fields });
  if (saved.body.codeFlag !== CodeFlag.ok) throw new Error(`not saved: ${saved.body.mesg}`);
  return saved.body.data!;
}
async function postOpen(who: Person, fields: Fields = {}) {
  const posted = await post(who, fields);
  const opened = await review(posted.id, 1);
  if (opened.body.codeFlag !== CodeFlag.ok) throw new Error(`not opened: ${opened.body.mesg}`);
  return opened.body.data!;
}
const quoteFields = (agentBuyId: number, over: Fields = {}) => ({
  agentBuyId,
  info: '可代采，含税含运到厂20,950元/吨',
  companyName: '佛山代采贸易有限公司',
  contactName: '李四',
  phone: '13900001111',
  ...over,
});

describe('agent_buy/save', () => {
  it('posts words, a voice recording and photos of the caller, waiting for review, with the account phone', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser({ nickName: 'Buyer A' });
    const voiceUrl = await uploadAs(buyer, 'voice', recording(), 'voice.webm');
    const photo1 = await uploadAs(buyer, 'image', await plainImage('png'), 'a.png');
    const photo2 = await uploadAs(buyer, 'image', await plainImage('jpeg'), 'b.jpg');
    const { body } = await save(buyer, {
      kind: 'sell',
      text: '  有一批6063铝棒废料要出  ',
      voiceUrl,
      voiceSeconds: '12',
      photos: [photo2, photo1],
      sortId: '13',
    });
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({
      kind: 'sell',
      status: 'review',
      text: '有一批6063铝棒废料要出',
      voice: { url: voiceUrl, seconds: 12 },
      sortId: 13,
      nickName: 'Buyer A',
      companyName: '',
      phone: buyer.user.phone,
      mine: true,
      quoteCount: 0,
      expiresAt: null,
      myQuote: null,
    });
    expect(body.data!.sortName).not.toBe('');
    expect(body.data!.photos.map((p) => p.url)).toEqual([photo2, photo1]);
    const photos = await t.db.select().from(agentBuyPhotos).where(eq(agentBuyPhotos.agentBuyId, body.data!.id));
    expect(photos).toHaveLength(2);
  });

  it('takes a voice recording alone, or photos alone, and a given contact phone', async () => {
    const buyer = await t.buildUser();
    const voiceUrl = await uploadAs(buyer, 'voice', recording(), 'v.webm');
    const voiceOnly = await save(buyer, { kind: 'buy', voiceUrl, voiceSeconds: 60, phone: '13700001234' });
    expect(voiceOnly.body.data).toMatchObject({ text: '', phone: '13700001234', photos: [] });
    const photo = await uploadAs(buyer, 'image', await plainImage('webp'), 'p.webp');
    const photoOnly = await save(buyer, { kind: 'buy', photos: [photo] }, 'en-US');
    expect(photoOnly.body.data).toMatchObject({ text: '', voice: null, photos: [{ url: photo }] });
  });

  it.each([
    [
      { kind: 'buy' },
      '请用文字、语音或图片说明您的需求',
      'Please describe what you need in words, a voice message or photos',
    ],
    [
      { kind: 'buy', text: '   ' },
      '请用文字、语音或图片说明您的需求',
      'Please describe what you need in words, a voice message or photos',
    ],
    [{ kind: 'rent', text: 'x' }, '请选择帮我买或帮我卖', 'Please choose help me buy or help me sell'],
    [{ kind: 'buy', text: '铝'.repeat(501) }, '文字最多500字', 'At most 500 characters of text'],
    [{ kind: 'buy', text: 'x', phone: '123' }, '请输入正确的手机号码', 'Please enter the correct phone number'],
    [{ kind: 'buy', text: 'x', sortId: 'abc' }, '请选择有效的品类', 'Please choose a valid category'],
    [{ kind: 'buy', text: 'x', sortId: 999999 }, '请选择有效的品类', 'Please choose a valid category'],
    [
      { kind: 'buy', text: 'SHFE aluminium futures as the category', sortId: 78 },
      '期货品种只看行情，请选择现货品类',
      'Futures are quotes only: please choose a physical product category',
    ],
    [
      { kind: 'sell', text: 'LME copper futures as the category', sortId: 41 },
      '期货品种只看行情，请选择现货品类',
      'Futures are quotes only: please choose a physical product category',
    ],
    [
      { kind: 'buy', voiceUrl: '/files/voices/x.webm' },
      '语音无效，请重新录制',
      'The voice message is invalid, please record it again',
    ],
    [
      { kind: 'buy', voiceUrl: '/files/voices/x.webm', voiceSeconds: 61 },
      '语音最长60秒',
      'A voice message is at most 60 seconds',
    ],
    [
      { kind: 'buy', photos: JSON.stringify(Array.from({ length: 10 }, (_, i) => `/files/images/${i}.png`)) },
      '最多上传9张图片',
      'At most 9 photos',
    ],
    [{ kind: 'buy', photos: '[1' }, '数据格式不正确', 'The data is not in the expected format'],
    [{ kind: 'buy', photos: '[1]' }, '图片无效，请重新上传', 'A photo is invalid, please upload it again'],
    [{ kind: 'buy', photos: '[""]' }, '图片无效，请重新上传', 'A photo is invalid, please upload it again'],
  ])('refuses %j with a localized message and writes nothing', async (fields, zh, en) => {
    const buyer = await t.buildUser();
    const before = await requestCount();
    expect((await saveRaw(buyer, fields)).body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
    expect((await saveRaw(buyer, fields, 'en-US')).body.mesg).toBe(en);
    expect(await requestCount()).toBe(before);
  });

  it('refuses another user’s uploads, an image as the recording and an unknown photo, writing nothing', async () => {
    const buyer = await t.buildUser();
    const stranger = await t.buildUser();
    const theirVoice = await uploadAs(stranger, 'voice', recording(), 'v.webm');
    const theirPhoto = await uploadAs(stranger, 'image', await plainImage('png'), 'p.png');
    const ownPhoto = await uploadAs(buyer, 'image', await plainImage('png'), 'p.png');
    const before = await requestCount();
    expect((await save(buyer, { kind: 'buy', voiceUrl: theirVoice, voiceSeconds: 5 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '语音无效，请重新录制',
    });
    expect((await save(buyer, { kind: 'buy', voiceUrl: ownPhoto, voiceSeconds: 5 })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    const photos = await save(buyer, { kind: 'buy', photos: [ownPhoto, theirPhoto] }, 'en-US');
    expect(photos.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'A photo is invalid, please upload it again',
    });
    expect(await requestCount()).toBe(before);
  });

  it('needs a logged-in user', async () => {
    const visitor = await t.call(Calls.agentBuySave, { kind: 'buy', text: 'x' });
    expect(visitor.body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('review (console/agent_buy/list, console/agent_buy/review)', () => {
  it('lists waiting requests oldest first in full, opens one for 7 days and tells the owner', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const posted = await post(buyer, { phone: '13700005555' });
    const queue = await t.call(Calls.pendingAgentBuys, {}, { session: operator.session });
    expect(queue.body.data!.find((r) => r.id === posted.id)).toMatchObject({ status: 'review', phone: '13700005555' });
    const opened = await review(posted.id, 1);
    expect(opened.body.data).toMatchObject({ status: 'open', expiresAt: '2026-12-01T02:00:00.000Z' });
    expect(await noticesOf(buyer.user.id, 'notice.agentBuyApproved')).toHaveLength(1);
    const [action] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `agentBuy:${posted.id}`));
    expect(action?.action).toBe('agentBuy.approve');
    const again = await review(posted.id, 0, 'dup');
    expect(again.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '该申请已处理' });
    const queueAfter = await t.call(Calls.pendingAgentBuys, {}, { session: operator.session });
    expect(queueAfter.body.data!.some((r) => r.id === posted.id)).toBe(false);
  });

  it('refuses a decision naming another version than the one listed, in the operator’s language, deciding nothing', async () => {
    const buyer = await t.buildUser();
    const posted = await post(buyer);
    const listed = (await t.call(Calls.pendingAgentBuys, {}, { session: operator.session })).body.data!.find(
      (r) => r.id === posted.id,
    )!;
    expect(listed.submittedAt).toBe(posted.createdAt);
    await expectRefusedAsChanged(t, {
      review: Calls.reviewAgentBuy,
      id: posted.id,
      submittedAt: olderVersion(listed.submittedAt),
      session: operator.session,
      subject: `agentBuy:${posted.id}`,
    });
    expect(await rowOf(posted.id)).toMatchObject({ status: 'review', reviewerId: null, publishedAt: null });
    const opened = await t.call(
      Calls.reviewAgentBuy,
      { id: posted.id, approve: 1, submittedAt: listed.submittedAt },
      { session: operator.session },
    );
    expect(opened.body.data).toMatchObject({ id: posted.id, status: 'open' });
  });

  it('rejects with a reason the owner alone sees, and needs the reason', async () => {
    const buyer = await t.buildUser();
    const other = await t.buildUser();
    const posted = await post(buyer);
    const noReason = await review(posted.id, 0, undefined, 'en-US');
    expect(noReason.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Please give a reason for the rejection',
    });
    expect((await rowOf(posted.id)).status).toBe('review');
    expect((await review(posted.id, 0, '联系方式无效')).body.data).toMatchObject({ status: 'rejected' });
    expect((await detail(posted.id, buyer)).body.data).toMatchObject({ status: 'rejected', reason: '联系方式无效' });
    expect((await detail(posted.id, other)).body.codeFlag).toBe(CodeFlag.forbidden);
    const [notice] = await noticesOf(buyer.user.id, 'notice.agentBuyRejected');
    expect(notice?.params).toMatchObject({ reason: '联系方式无效' });
  });

  it('is for operators only', async () => {
    const buyer = await t.buildUser();
    const posted = await post(buyer);
    const refused = await t.call(
      Calls.reviewAgentBuy,
      { id: posted.id, approve: 1, submittedAt: posted.createdAt },
      { session: buyer.session },
    );
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.pendingAgentBuys, {}, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await rowOf(posted.id)).status).toBe('review');
  });
});

describe('agent_buy/detail, hall and mine', () => {
  it('keeps a request in review to its owner, and counts others’ views once per person per day', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const reader = await t.buildUser();
    const posted = await post(buyer);
    expect((await detail(posted.id, reader)).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: '无权进行此操作',
    });
    expect((await detail(posted.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    await review(posted.id, 1);
    const seen = (await detail(posted.id, reader)).body.data!;
    expect(seen).toMatchObject({ status: 'open', views: 1, mine: false, phone: '', reason: '' });
    expect((await detail(posted.id, reader)).body.data!.views).toBe(1);
    expect((await detail(posted.id, buyer)).body.data!.views).toBe(1);
    expect((await detail(posted.id)).body.data!.views).toBe(1);
    t.clock.set(shanghai('2026-11-25T09:00:00'));
    expect((await detail(posted.id, reader)).body.data!.views).toBe(2);
    expect((await detail(987654321)).body).toMatchObject({ codeFlag: CodeFlag.notFound, mesg: '内容不存在或已删除' });
    expect((await t.call(Calls.agentBuyDetail, { id: 'x' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('lists open requests newest first, page by page, by kind and category', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const first = await postOpen(buyer, { kind: 'buy', sortId: 12 });
    await t.clock.advance(1000);
    const second = await postOpen(buyer, { kind: 'sell', sortId: 12 });
    await t.clock.advance(1000);
    const waiting = await post(buyer, { kind: 'buy', sortId: 12 });
    const all = (await hall({ sortId: 12, pageSize: 1 })).body.data!;
    expect(all).toMatchObject({ page: 1, hasMore: true });
    expect(all.list.map((r) => r.id)).toEqual([second.id]);
    const next = (await hall({ sortId: 12, pageSize: 1, page: 2 })).body.data!;
    expect(next).toMatchObject({ hasMore: false });
    expect(next.list.map((r) => r.id)).toEqual([first.id]);
    const buys = (await hall({ sortId: 12, kind: 'buy' })).body.data!;
    expect(buys.list.map((r) => r.id)).toEqual([first.id]);
    expect(buys.list.some((r) => r.id === waiting.id)).toBe(false);
    expect((await hall({ kind: 'lend' }, undefined)).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('shows the owner every own request but deleted ones, and nobody else’s', async () => {
    const buyer = await t.buildUser();
    const other = await t.buildUser();
    const a = await post(buyer);
    const b = await postOpen(buyer);
    const c = await post(buyer);
    await post(other);
    await remove(buyer, c.id);
    const own = (await mine(buyer)).body.data!;
    expect(own.list.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await t.call(Calls.agentBuyMine)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('agent_buy/close and delete', () => {
  it('lets the owner close an open request, which leaves the hall and takes no quotes', async () => {
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer, { sortId: 22 });
    expect((await close(buyer, open.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await rowOf(open.id)).status).toBe('closed');
    expect((await hall({ sortId: 22 })).body.data!.list.some((r) => r.id === open.id)).toBe(false);
    expect((await detail(open.id, agent)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await close(buyer, open.id, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'This request has ended',
    });
    expect((await quote(agent, quoteFields(open.id))).body.codeFlag).toBe(CodeFlag.forbidden);
  });

  it('refuses closing a request in review, and another user’s close or delete, changing nothing', async () => {
    const buyer = await t.buildUser();
    const stranger = await t.buildUser();
    const waiting = await post(buyer);
    expect((await close(buyer, waiting.id)).body.codeFlag).toBe(CodeFlag.conflict);
    const open = await postOpen(buyer);
    expect((await close(stranger, open.id)).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: '无权进行此操作',
    });
    expect((await remove(stranger, open.id, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: 'You are not allowed to do this',
    });
    expect((await rowOf(open.id)).status).toBe('open');
    expect((await close(buyer, 0)).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('lets the owner delete a request in any state; it is then gone for everyone', async () => {
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer);
    await quote(agent, quoteFields(open.id));
    expect((await remove(buyer, open.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await rowOf(open.id)).status).toBe('deleted');
    expect((await detail(open.id, buyer)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await quotes(agent, open.id)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await remove(buyer, open.id)).body.codeFlag).toBe(CodeFlag.notFound);
    const rejected = await post(buyer);
    await review(rejected.id, 0, 'no');
    expect((await remove(buyer, rejected.id)).body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('agent quotes (agent_buy/quote, agent_buy/quotes)', () => {
  it('takes an agent’s quote, replaces the agent’s earlier one keeping the history, and tells the owner each time', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const other = await t.buildUser();
    const open = await postOpen(buyer, { text: '求购电解铜10吨' });
    const first = await quote(agent, quoteFields(open.id));
    expect(first.body.data).toEqual([
      expect.objectContaining({
        status: 'live',
        companyName: '佛山代采贸易有限公司',
        phone: '13900001111',
        mine: true,
      }),
    ]);
    await t.clock.advance(1000);
    const second = await quote(agent, quoteFields(open.id, { info: '改价：20,900元/吨' }));
    expect(second.body.data![0]).toMatchObject({ info: '改价：20,900元/吨' });
    await quote(other, quoteFields(open.id, { companyName: '另一家' }));
    const rows = await quoteRows(open.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['live', 'live', 'replaced']);
    expect((await rowOf(open.id)).quoteCount).toBe(2);
    const quoted = await noticesOf(buyer.user.id, 'notice.agentBuyQuoted');
    expect(quoted).toHaveLength(3);
    expect(quoted[0]!.params).toMatchObject({ name: '求购电解铜10吨' });

    const forOwner = (await quotes(buyer, open.id)).body.data!;
    expect(forOwner.map((q) => q.companyName)).toEqual(['另一家', '佛山代采贸易有限公司']);
    expect(forOwner.every((q) => q.phone !== '' && !q.mine)).toBe(true);
    const forAgent = (await quotes(agent, open.id)).body.data!;
    expect(forAgent.map((q) => q.info)).toEqual(['改价：20,900元/吨']);
    const bystander = await t.buildUser();
    expect((await quotes(bystander, open.id)).body.codeFlag).toBe(CodeFlag.forbidden);

    const agentView = (await detail(open.id, agent)).body.data!;
    expect(agentView).toMatchObject({ quoteCount: 2, phone: buyer.user.phone, myQuote: { info: '改价：20,900元/吨' } });
    expect((await detail(open.id, bystander)).body.data).toMatchObject({ quoteCount: 2, phone: '', myQuote: null });
  });

  it.each([
    [{ info: '' }, '请填写报价信息', 'Please enter your quote'],
    [{ info: 'x'.repeat(501) }, '内容过长', 'Too long'],
    [{ companyName: ' ' }, '请填写公司名称', 'Please enter the company name'],
    [{ contactName: '' }, '请填写联系人', 'Please enter the contact name'],
    [{ phone: '1390000' }, '请输入正确的手机号码', 'Please enter the correct phone number'],
  ])('refuses a quote with %j in the caller’s language, writing nothing', async (over, zh, en) => {
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer);
    expect((await quote(agent, quoteFields(open.id, over))).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: zh,
    });
    expect((await quote(agent, quoteFields(open.id, over), 'en-US')).body.mesg).toBe(en);
    expect(await quoteRows(open.id)).toHaveLength(0);
  });

  it('refuses the owner’s own quote, a request in review, an expired one and an unknown one', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer);
    expect((await quote(buyer, quoteFields(open.id))).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: '不能为自己的需求报价',
    });
    const waiting = await post(buyer);
    expect((await quote(agent, quoteFields(waiting.id))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await quote(agent, quoteFields(987654321))).body.codeFlag).toBe(CodeFlag.notFound);
    t.clock.set(shanghai('2026-12-01T10:00:01'));
    expect((await quote(agent, quoteFields(open.id), 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'This request no longer takes quotes',
    });
    expect(await quoteRows(open.id)).toHaveLength(0);
    expect((await t.call(Calls.agentQuoteSave, quoteFields(open.id))).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('leaves one live quote when one agent quotes twice at once, and the right count when many quote at once', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        quote(agent, quoteFields(open.id, { info: `a${round}` })),
        quote(agent, quoteFields(open.id, { info: `b${round}` })),
      ]);
      expect(answers.map((a) => a.body.codeFlag)).toEqual([0, 0]);
      const live = (await quoteRows(open.id)).filter((r) => r.status === 'live' && r.userId === agent.user.id);
      expect(live).toHaveLength(1);
    }
    const agents = await Promise.all(Array.from({ length: 8 }, () => t.buildUser()));
    const many = await Promise.all(agents.map((a) => quote(a, quoteFields(open.id))));
    expect(many.every((a) => a.body.codeFlag === CodeFlag.ok)).toBe(true);
    const live = (await quoteRows(open.id)).filter((r) => r.status === 'live');
    expect(live).toHaveLength(9);
    expect((await rowOf(open.id)).quoteCount).toBe(9);
  });
});

describe('expiry (agent-buys.expire job)', () => {
  it('shows a request past its 7 days as expired at once; the job ends it and tells the owner once', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const reader = await t.buildUser();
    const open = await postOpen(buyer, { sortId: 24 });
    t.clock.set(shanghai('2026-12-01T10:00:30'));
    expect((await detail(open.id, reader)).body.data!.status).toBe('expired');
    expect((await hall({ sortId: 24 })).body.data!.list.some((r) => r.id === open.id)).toBe(false);
    expect((await close(buyer, open.id)).body.codeFlag).toBe(CodeFlag.conflict);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const run = () =>
      agentBuyExpiryJob.run({ db: t.db, clock: t.clock, log, slot: shanghai('2026-12-01T10:01:00') } as never);
    await run();
    await run();
    expect((await rowOf(open.id)).status).toBe('expired');
    expect(await noticesOf(buyer.user.id, 'notice.agentBuyExpired')).toHaveLength(1);
    expect((await detail(open.id, reader)).body.data!.status).toBe('expired');
  });
});

describe('chat product link (type 3)', () => {
  it('lets a reader share an open request, and refuses one in review', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await t.buildUser();
    const agent = await t.buildUser();
    const open = await postOpen(buyer, { text: '帮我买一批ADC12' });
    const waiting = await post(buyer);
    const check = productLinkCheckers(MODULES)(ChatProductType.agentBuy)!;
    const context = {
      db: t.db,
      clock: t.clock,
      links: { publicUrl: (key: string) => `/files/${key}` },
      sender: { userId: agent.user.id, rootId: agent.user.rootId },
    };
    expect(await check(context, open.id)).toMatchObject({ productName: '帮我买一批ADC12', agentKind: 'buy' });
    expect(await check(context, waiting.id)).toBeNull();
    expect(
      await check({ ...context, sender: { userId: buyer.user.id, rootId: buyer.user.rootId } }, waiting.id),
    ).not.toBeNull();
  });
});
