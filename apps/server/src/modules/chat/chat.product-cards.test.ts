import {
  Calls,
  ChatContentType,
  ChatMessageStatus,
  ChatProductType,
  chatIdOf,
  EMPTY_PRODUCT_CARD,
  productCardOf,
  productCardText,
} from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { stocks } from '../stocks/stocks.table';
import { fillProductCards, productCardsJob } from './chat.product-cards';
import { productLinkCheckers } from './chat.product-links';
import { chatMessages, withoutProductCard } from './chat.table';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['buildUser']>>;
let seller: Person;
let buyer: Person;
let company: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.buildUser({ nickName: 'Seller' });
  buyer = await t.buildUser({ nickName: 'Buyer' });
  await t.buildCompany(seller.user.id);
  await t.buildCompany(buyer.user.id);
  company = `测试铝业${seller.user.id}有限公司`;
});
afterAll(() => t.close());

const parts = () => ({ links: t.app.deps.fileLinks, productLinks: productLinkCheckers(t.app.deps.modules) });
const fill = (options?: { batchSize?: number; maxBatches?: number }) =>
  fillProductCards({ ...parts(), db: t.db, clock: t.clock }, options);

let serial = 0;
/** A product link as the server stored it before issue 16: proInfo alone, worded in the sender's language. */
async function storedBeforeCards(content: Record<string, unknown>, from = seller, to = buyer) {
  const [row] = await t.db
    .insert(chatMessages)
    .values({
      chatId: chatIdOf(from.user.id, to.user.id),
      uuid: `before-cards-${++serial}`,
      sendUserId: from.user.id,
      receiveUserId: to.user.id,
      type: ChatContentType.productLink,
      info: JSON.stringify(content),
      sendDate: Math.floor(t.clock.now().getTime() / 1000),
      status: ChatMessageStatus.stored,
    })
    .returning();
  return row!;
}

const infoOf = async (id: number) => {
  const [row] = await t.db.select({ info: chatMessages.info }).from(chatMessages).where(eq(chatMessages.id, id));
  return row!.info;
};

/** The message as the buyer's app reads it through relation/history. */
async function historyInfo(id: number) {
  const page = await t.call(Calls.chatHistory, { userId: seller.user.id }, { session: buyer.session });
  const message = page.body.data!.list.find((m) => m.id === id);
  return JSON.parse(message!.info) as Record<string, unknown>;
}

async function conversationLine(lang: string) {
  const page = await t.call(Calls.chatConversations, {}, { session: buyer.session, lang });
  return page.body.data!.list.find((c) => c.userId === seller.user.id)!.message;
}

/** A stock shared in English before cards existed: its proInfo names the sort in English only. */
async function englishStockLink() {
  const stock = await t.buildStock(seller.user.id, {
    sortId: 13,
    productName: '',
    specifications: '99.70%',
    priceFen: 2_050_000,
  });
  const sent = {
    proType: ChatProductType.stock,
    proId: stock.id,
    sendOrShare: 1,
    proInfo: {
      title: 'A00 aluminium',
      summary: '99.70% · 佛山市',
      priceFen: 2_050_000,
      picture: '',
      companyName: company,
    },
  };
  return { stock, sent, row: await storedBeforeCards(sent) };
}

describe('product links stored before proCard', () => {
  it('get a card each reader words in their own language, keeping proInfo and the price as sent', async () => {
    const { stock, sent, row } = await englishStockLink();
    // The listing's price moved after it was shared: the chat keeps showing what was offered.
    await t.db.update(stocks).set({ priceFen: 2_100_000 }).where(eq(stocks.id, stock.id));
    expect(await conversationLine('zh-CN')).toBe('[商品链接] A00 aluminium');

    expect(await fill()).toEqual({ examined: 1, filled: 1, unfillable: 0, skipped: 0, more: false });

    const info = await historyInfo(row.id);
    const card = productCardOf(info);
    expect(card).toMatchObject({
      sortId: 13,
      sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' },
      productName: '',
      details: ['99.70%', ''],
      priceFen: 2_050_000,
      companyName: company,
    });
    expect(productCardText(card!, 'zh-CN')).toMatchObject({ title: 'A00铝', summary: '99.70% · 佛山市' });
    expect(productCardText(card!, 'en-US')).toMatchObject({ title: 'A00 aluminium', summary: '99.70% · 佛山市' });
    expect(await conversationLine('zh-CN')).toBe('[商品链接] A00铝');
    expect(await conversationLine('en-US')).toBe('[product link] A00 aluminium');

    // Apps that read only proInfo get exactly what they got before: the same fields, in the same order.
    const { proCard, ...rest } = info;
    expect(proCard).toBeDefined();
    expect(rest).toEqual(sent);
    expect(Object.keys(info)).toEqual([...Object.keys(sent), 'proCard']);
    expect(await fill()).toMatchObject({ examined: 0 });
  });

  it('whose listing is gone keep proInfo, marked so nobody looks again, and still read as before', async () => {
    const stock = await t.buildStock(seller.user.id, { productName: '已删铝锭' });
    const sent = {
      proType: ChatProductType.stock,
      proId: stock.id,
      proInfo: { title: '已删铝锭', summary: 'A00铝 · 佛山市', priceFen: 1_990_000, picture: '', companyName: company },
    };
    const gone = await storedBeforeCards(sent);
    const unknownType = await storedBeforeCards({ proType: 99, proId: 1, proInfo: { title: 'x' } });
    await t.db.update(stocks).set({ status: 'deleted' }).where(eq(stocks.id, stock.id));

    expect(await fill()).toEqual({ examined: 2, filled: 0, unfillable: 2, skipped: 0, more: false });
    const info = await historyInfo(gone.id);
    expect(info).toEqual({ ...sent, proCard: null });
    expect(productCardOf(info)).toBeNull();
    expect(JSON.parse(await infoOf(unknownType.id))).toMatchObject({ proType: 99, proCard: null });
    // The conversation list names it by the proInfo it was sent with.
    await t.db.delete(chatMessages).where(eq(chatMessages.id, unknownType.id));
    expect(await conversationLine('en-US')).toBe('[product link] 已删铝锭');
    expect(await fill()).toMatchObject({ examined: 0 });
  });

  it('leaves messages stored with their card alone', async () => {
    const stock = await t.buildStock(seller.user.id);
    const withCard = {
      proType: ChatProductType.stock,
      proId: stock.id,
      proCard: { ...EMPTY_PRODUCT_CARD, productName: '铝锭' },
      proInfo: { title: '铝锭', summary: '', priceFen: null, picture: '', companyName: company },
    };
    const row = await storedBeforeCards(withCard);
    expect(await fill()).toMatchObject({ examined: 0 });
    expect(await infoOf(row.id)).toBe(JSON.stringify(withCard));
  });

  it('are walked in batches, a run stopping at its limit and the next carrying on', async () => {
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push((await englishStockLink()).row);
    expect(await fill({ batchSize: 2, maxBatches: 1 })).toEqual({
      examined: 2,
      filled: 2,
      unfillable: 0,
      skipped: 0,
      more: true,
    });
    expect(productCardOf(JSON.parse(await infoOf(rows[2]!.id)))).toBeNull();
    expect(await fill({ batchSize: 2, maxBatches: 1 })).toMatchObject({ examined: 1, filled: 1, more: false });
    for (const row of rows) expect(productCardOf(JSON.parse(await infoOf(row.id)))).not.toBeNull();
  });

  it('are filled once when two instances walk at the same time', async () => {
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push((await englishStockLink()).row);
    const [a, b] = await Promise.all([fill({ batchSize: 2 }), fill({ batchSize: 2 })]);
    expect(a.filled + b.filled).toBe(4);
    expect(a.skipped + b.skipped).toBe(a.examined + b.examined - 4);
    for (const row of rows) expect(productCardOf(JSON.parse(await infoOf(row.id)))).not.toBeNull();
  });

  it('are filled by the chat module’s scheduled job, which logs what it did', async () => {
    await englishStockLink();
    const logged: unknown[] = [];
    const log = { info: (fields: unknown) => logged.push(fields), error: () => {} };
    const job = productCardsJob(parts());
    const run = () => job.run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log, slot: t.clock.now() });
    await run();
    expect(logged).toEqual([{ examined: 1, filled: 1, unfillable: 0, skipped: 0, more: false }]);
    await run();
    expect(logged).toHaveLength(1);
    expect(
      t.app.deps.modules
        .find((m) => m.name === 'chat')
        ?.jobs?.(t.app)
        .map((j) => j.id),
    ).toContain(job.id);
  });

  it('are found through their partial index, so a run once none is left costs one empty look-up', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select ${chatMessages.id} from ${chatMessages} where ${withoutProductCard(chatMessages)} and ${chatMessages.id} > 0 order by ${chatMessages.id} limit 200`,
      );
    });
    expect(JSON.stringify(plan)).toContain('chat_messages_without_card_idx');
  });
});
