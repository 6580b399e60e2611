import { Calls, CodeFlag } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { serviceContext } from '../../platform/context';
import { saveAgentBuy, saveAgentQuote } from './agent-buys.service';
import { agentBuyQuotes, agentBuys } from './agent-buys.table';

// An agent quote against the hand-over of a leaving employee (staff/delete), which takes the people's
// user rows, then the agent requests it moves quotes on (in id order): every agent-quote path holds the
// acting person's row before the request's lock, so none deadlock and none leave a quote with someone
// who is gone. On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections
// of the pool, so the races are real; on PGlite they serialise (those run on PostgreSQL only).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

const quoteFields = (agentBuyId: number, info = '可代采，含税含运到厂20,950元/吨') => ({
  agentBuyId,
  info,
  companyName: '佛山代采贸易有限公司',
  contactName: '李四',
  phone: '13900001111',
});
const quote = (who: { session: string }, agentBuyId: number, info?: string) =>
  t.call(Calls.agentQuoteSave, quoteFields(agentBuyId, info), { session: who.session });
const removal = (owner: Person, leaver: { user: { id: number } }) =>
  t.call(Calls.staffDelete, { userId: leaver.user.id }, { session: owner.session });
const liveQuotes = (agentBuyId: number) =>
  t.db
    .select()
    .from(agentBuyQuotes)
    .where(and(eq(agentBuyQuotes.agentBuyId, agentBuyId), eq(agentBuyQuotes.status, 'live')));
const quoteCountOf = async (agentBuyId: number) =>
  (await t.db.select({ n: agentBuys.quoteCount }).from(agentBuys).where(eq(agentBuys.id, agentBuyId)))[0]!.n;

/** A buyer's request, opened by an operator. */
async function openRequest(buyer: Person, operator: Person) {
  const saved = await t.call(Calls.agentBuySave, { kind: 'buy', text: '求购A00铝锭50吨' }, { session: buyer.session });
  expect(saved.body.codeFlag).toBe(CodeFlag.ok);
  const { id, createdAt } = saved.body.data!;
  const opened = await t.call(
    Calls.reviewAgentBuy,
    { id, approve: 1, submittedAt: createdAt },
    { session: operator.session },
  );
  expect(opened.body.codeFlag).toBe(CodeFlag.ok);
  return id;
}

/** A supplier company's owner, an employee who quotes, and a buyer's open request. */
async function team(operator: Person) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const employee = await t.buildEmployee(owner, { permissions: ['quote'] });
  const buyer = await t.buildUser();
  return { owner, employee, buyer, requestId: await openRequest(buyer, operator) };
}

it('an agent quote an employee set off before their removal is refused once it holds their row, writing nothing', async () => {
  const operator = await t.buildOperator();
  const { owner, employee, requestId } = await team(operator);
  // Their call resolved its session a moment before the removal committed.
  const actor = await t.app.resolveSession(employee.session);
  expect(actor.userId).toBe(employee.user.id);
  expect((await removal(owner, employee)).body.codeFlag).toBe(CodeFlag.ok);
  const ctx = serviceContext(t.app.deps, { actor, lang: 'zh-CN' });
  await expect(saveAgentQuote(ctx, quoteFields(requestId))).rejects.toMatchObject({
    codeFlag: CodeFlag.forbidden,
    messageKey: 'staff.disabledLogin',
  });
  expect(await liveQuotes(requestId)).toEqual([]);
  expect(await quoteCountOf(requestId)).toBe(0);
});

it('an agent request an employee set off before their removal is refused once it holds their row, writing nothing', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const employee = await t.buildEmployee(owner, { permissions: ['inquiry'] });
  const actor = await t.app.resolveSession(employee.session);
  expect((await removal(owner, employee)).body.codeFlag).toBe(CodeFlag.ok);
  const ctx = serviceContext(t.app.deps, { actor, lang: 'zh-CN' });
  await expect(
    saveAgentBuy(ctx, { kind: 'buy', text: '求购A00铝锭50吨', voiceUrl: '', photos: [] }),
  ).rejects.toMatchObject({ codeFlag: CodeFlag.forbidden, messageKey: 'staff.disabledLogin' });
  expect(await t.db.select().from(agentBuys).where(eq(agentBuys.userId, employee.user.id))).toEqual([]);
});

it('a leaver’s agent quote on a request the receiver posted is replaced, never the receiver’s quote on their own request', async () => {
  const operator = await t.buildOperator();
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const employee = await t.buildEmployee(owner, { permissions: ['quote'] });
  // The owner asked agents for help in person; their employee quoted on it.
  const requestId = await openRequest(owner, operator);
  expect((await quote(employee, requestId)).body.codeFlag).toBe(CodeFlag.ok);
  const removed = await removal(owner, employee);
  expect(removed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { quotes: 0 } });
  expect(await liveQuotes(requestId)).toEqual([]);
  expect(await quoteCountOf(requestId)).toBe(0);
  const forOwner = await t.call(Calls.agentQuoteList, { agentBuyId: requestId }, { session: owner.session });
  expect(forOwner.body.data).toEqual([]);
});

if (process.env.TEST_DATABASE_URL) {
  describe('agent quotes against a leaving employee’s hand-over (PostgreSQL)', () => {
    it('an employee quoting while being removed: refused, or quoted and handed to the company; never a fault', async () => {
      const operator = await t.buildOperator();
      for (let round = 0; round < 8; round++) {
        const { owner, employee, requestId } = await team(operator);
        // They quoted already, so the new quote replaces theirs while the hand-over moves it; every other
        // round the owner quoted too, so the hand-over replaces the employee's and recounts the request.
        expect((await quote(employee, requestId, 'first')).body.codeFlag).toBe(CodeFlag.ok);
        if (round % 2 === 1) expect((await quote(owner, requestId, 'owner')).body.codeFlag).toBe(CodeFlag.ok);
        const [quoted, removed] = await Promise.all([quote(employee, requestId, 'second'), removal(owner, employee)]);
        expect(removed.body.codeFlag).toBe(CodeFlag.ok);
        if (quoted.body.codeFlag !== CodeFlag.ok)
          expect([CodeFlag.forbidden, CodeFlag.notLoggedIn]).toContain(quoted.body.codeFlag);
        // Whichever came first, the company's one live quote is the owner's; none is left with the leaver.
        const live = await liveQuotes(requestId);
        expect(live.map((q) => q.userId)).toEqual([owner.user.id]);
        expect(await quoteCountOf(requestId)).toBe(1);
      }
    }, 600_000);

    it('the owner quoting while their leaving employee’s quote on the same request is handed to them: one live quote, never a fault', async () => {
      const operator = await t.buildOperator();
      for (let round = 0; round < 8; round++) {
        const { owner, employee, requestId } = await team(operator);
        expect((await quote(employee, requestId, 'employee')).body.codeFlag).toBe(CodeFlag.ok);
        const [quoted, removed] = await Promise.all([quote(owner, requestId, 'owner'), removal(owner, employee)]);
        expect(removed.body.codeFlag).toBe(CodeFlag.ok);
        expect(quoted.body.codeFlag).toBe(CodeFlag.ok);
        const live = await liveQuotes(requestId);
        // The owner's quote is the one live, whether it replaced the one handed over or the leaver's was replaced.
        expect(live.map((q) => [q.userId, q.info])).toEqual([[owner.user.id, 'owner']]);
        expect(await quoteCountOf(requestId)).toBe(1);
      }
    }, 600_000);

    it('the buyer closing the request while the employee who quoted on it is removed: both go through', async () => {
      const operator = await t.buildOperator();
      for (let round = 0; round < 6; round++) {
        const { owner, employee, buyer, requestId } = await team(operator);
        expect((await quote(employee, requestId)).body.codeFlag).toBe(CodeFlag.ok);
        const [closed, removed] = await Promise.all([
          t.call(Calls.agentBuyClose, { id: requestId }, { session: buyer.session }),
          removal(owner, employee),
        ]);
        expect(removed.body.codeFlag).toBe(CodeFlag.ok);
        expect(closed.body.codeFlag).toBe(CodeFlag.ok);
        expect((await liveQuotes(requestId)).map((q) => q.userId)).toEqual([owner.user.id]);
        expect(await quoteCountOf(requestId)).toBe(1);
      }
    }, 600_000);
  });
}
