import { Calls, CodeFlag, confirmProxyOrderPath, type TOrderProxy } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { notices } from '../notices/notices.table';
import { stocks } from '../stocks/stocks.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(() => t.clock.set(new Date('2026-11-20T02:00:00Z')));

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const as = (person: Person, lang?: string) => ({ session: person.session, ...(lang ? { lang } : {}) });

async function company() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

function ok<T>(answer: { body: { codeFlag: number; mesg: string; data?: T } }): T {
  if (answer.body.codeFlag !== CodeFlag.ok) throw new Error(`codeFlag ${answer.body.codeFlag}: ${answer.body.mesg}`);
  return answer.body.data as T;
}

/** A seller with two splittable 30-ton lots at 20,500 yuan per ton (buildStock's), a buyer, and a pick of both for the buyer. */
async function picked(mode: 'spot' | 'purchase_order') {
  const seller = await company();
  const buyer = await company();
  const first = await t.buildStock(seller.user.id, { splittable: true });
  const second = await t.buildStock(seller.user.id, { splittable: true });
  const { proxyId } = ok(
    await t.call(
      Calls.orderProxyPick,
      {
        buyerUserId: buyer.user.id,
        mode,
        items: [
          { stockId: first.id, quantity: '3', ...(mode === 'purchase_order' ? { unitPrice: '20000' } : {}) },
          { stockId: second.id, quantity: '1.5', ...(mode === 'purchase_order' ? { unitPrice: '20100' } : {}) },
        ],
        ...(mode === 'purchase_order' ? { freight: '300' } : {}),
        note: '周五前可发',
      },
      as(seller),
    ),
  );
  return { seller, buyer, first, second, proxyId };
}

const detail = (person: Person, proxyId: number | string, lang?: string) =>
  t.call(Calls.orderProxyDetail, { proxyId } as { proxyId: number }, as(person, lang));

describe('order/proxy_detail', () => {
  it('shows the buyer a spot pick at the lots’ list prices, then the order it became', async () => {
    const { seller, buyer, first, second, proxyId } = await picked('spot');
    const shown = ok<TOrderProxy>(await detail(buyer, proxyId));
    expect(shown).toMatchObject({
      proxyId,
      mode: 'spot',
      side: 'buyer',
      sellerRootId: seller.user.id,
      sellerUserId: seller.user.id,
      buyerUserId: buyer.user.id,
      freightFen: 0,
      note: '周五前可发',
      orderId: null,
      // 3 t and 1.5 t at 20,500 yuan.
      totalFen: 6_150_000 + 3_075_000,
    });
    expect(shown.sellerName).not.toBe('');
    expect(shown.lines).toEqual([
      expect.objectContaining({
        stockId: first.id,
        quantityKg: 3000,
        listPriceFen: 2_050_000,
        unitPriceFen: null,
        amountFen: 6_150_000,
        problem: '',
      }),
      expect.objectContaining({ stockId: second.id, quantityKg: 1500, amountFen: 3_075_000, problem: '' }),
    ]);
    expect(shown.lines[0]!.product).toMatchObject({ productName: first.productName, splittable: true });

    const { orders } = ok(await t.call(Calls.orderProxyConfirm, { proxyId }, as(buyer)));
    expect(ok<TOrderProxy>(await detail(buyer, proxyId)).orderId).toBe(orders[0]!.orderId);
  });

  it('shows a purchase order at the seller’s prices with its freight, to anyone in the seller’s company', async () => {
    const { seller, proxyId } = await picked('purchase_order');
    const colleague = await t.buildEmployee(seller, { permissions: ['orders'] });
    const shown = ok<TOrderProxy>(await detail(colleague, proxyId));
    expect(shown.side).toBe('seller');
    expect(shown.lines.map((line) => [line.unitPriceFen, line.amountFen])).toEqual([
      [2_000_000, 6_000_000],
      [2_010_000, 3_015_000],
    ]);
    expect(shown.totalFen).toBe(6_000_000 + 3_015_000 + 30_000);
  });

  it('says, in the reader’s language, which lines could no longer be ordered', async () => {
    const { buyer, first, second, proxyId } = await picked('spot');
    await t.db.update(stocks).set({ status: 'soldOut', quantityKg: 0 }).where(eq(stocks.id, first.id));
    await t.db.update(stocks).set({ quantityKg: 1000 }).where(eq(stocks.id, second.id));
    const zh = ok<TOrderProxy>(await detail(buyer, proxyId, 'zh-CN'));
    expect(zh.lines[0]!.problem).toContain('售罄');
    expect(zh.lines[1]!.problem).not.toBe('');
    const en = ok<TOrderProxy>(await detail(buyer, proxyId, 'en-US'));
    expect(en.lines[0]!.problem).toMatch(/sold out/i);
    // What the detail says is what confirming answers: nothing is ordered.
    const refused = await t.call(Calls.orderProxyConfirm, { proxyId }, as(buyer, 'en-US'));
    expect(refused.body.codeFlag).toBe(CodeFlag.conflict);
    expect(refused.body.mesg).toBe(en.lines[0]!.problem);
  });

  it('refuses another company, the buyer’s colleagues, an unknown selection and a malformed id', async () => {
    const { buyer, proxyId } = await picked('spot');
    const stranger = await company();
    expect((await detail(stranger, proxyId)).body.codeFlag).toBe(CodeFlag.forbidden);
    const buyersColleague = await t.buildEmployee(buyer, { permissions: ['orders'] });
    expect((await detail(buyersColleague, proxyId)).body.codeFlag).toBe(CodeFlag.forbidden);
    const sellerWithoutOrders = await picked('spot');
    const clerk = await t.buildEmployee(sellerWithoutOrders.seller, { permissions: ['stock'] });
    expect((await detail(clerk, sellerWithoutOrders.proxyId)).body.codeFlag).toBe(CodeFlag.forbidden);
    const unknown = await detail(buyer, proxyId + 1000);
    expect(unknown.body.codeFlag).toBe(CodeFlag.notFound);
    expect(unknown.body.mesg).not.toBe('');
    for (const malformed of ['abc', '-1', '2147483648.5']) {
      const answer = await t.callRaw(Calls.orderProxyDetail, { proxyId: malformed }, as(buyer, 'en-US'));
      expect(answer.body.codeFlag).toBe(CodeFlag.invalidInput);
      expect(answer.body.mesg).toMatch(/[a-z]/i);
    }
  });

  it('links the buyer’s notice to the page where the selection is confirmed', async () => {
    const { buyer, proxyId } = await picked('purchase_order');
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, buyer.user.id), eq(notices.messageKey, 'notice.orderProxyPicked')));
    expect(notice).toBeDefined();
    const listed = ok<{ list: { link: string | null }[] }>(
      await t.call(Calls.noticeList, { category: 'trade' }, as(buyer)),
    );
    expect(listed.list.map((n) => n.link)).toContain(confirmProxyOrderPath(proxyId));
  });
});
