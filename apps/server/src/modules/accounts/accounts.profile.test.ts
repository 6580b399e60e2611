import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from './accounts.table';

const MAX_AGE_SECONDS = 600;
const DAY_SECONDS = 24 * 3600;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ profileCacheSeconds: MAX_AGE_SECONDS });
});
afterAll(() => t.close());

const info = async (session: string) => {
  const answer = await t.call(Calls.info, {}, { session });
  expect(answer.body.codeFlag).toBe(CodeFlag.ok);
  return answer.body.data!;
};

describe('profile summaries held in memory', () => {
  it('answers from the held facts, reading them again after the configured time', async () => {
    const { user, session } = await t.buildUser({ nickName: '老王' });
    expect((await info(session)).nickName).toBe('老王');
    // Behind the server's back: the held facts answer until they are read again.
    await t.db.update(users).set({ nickName: '老李' }).where(eq(users.id, user.id));
    expect((await info(session)).nickName).toBe('老王');
    t.clock.advance(MAX_AGE_SECONDS);
    expect((await info(session)).nickName).toBe('老李');
  });

  it('shows a follow and an unfollow at once', async () => {
    const follower = await t.buildUser();
    const seller = await t.buildUser();
    await t.buildCompany(seller.user.id);
    expect((await info(follower.session)).attentionNum).toBe(0);
    const rootId = seller.user.id;
    const followed = await t.call(Calls.follow, { rootId }, { session: follower.session });
    expect(followed.body.codeFlag).toBe(CodeFlag.ok);
    expect((await info(follower.session)).attentionNum).toBe(1);
    const unfollowed = await t.call(Calls.unfollow, { rootId }, { session: follower.session });
    expect(unfollowed.body.codeFlag).toBe(CodeFlag.ok);
    expect((await info(follower.session)).attentionNum).toBe(0);
  });

  it("shows a visit to a company's listing on every member's summary at once", async () => {
    const seller = await t.buildUser();
    const employee = await t.buildEmployee(seller);
    await t.buildCompany(seller.user.id);
    const stock = await t.buildStock(seller.user.id);
    const visitor = await t.buildUser();
    expect((await info(seller.session)).visitNum).toBe(0);
    expect((await info(employee.session)).visitNum).toBe(0);
    const opened = await t.call(Calls.stockDetail, { id: stock.id }, { session: visitor.session });
    expect(opened.body.codeFlag).toBe(CodeFlag.ok);
    expect((await info(seller.session)).visitNum).toBe(1);
    expect((await info(employee.session)).visitNum).toBe(1);
  });

  it("shows the company's info as its owner saves it, on its staff's summaries too", async () => {
    const owner = await t.buildUser();
    const employee = await t.buildEmployee(owner);
    expect(await info(employee.session)).toMatchObject({ companyName: '', businessModel: '' });
    const named = await t.call(Calls.setCompanyName, { name: '佛山缓存铝业有限公司' }, { session: owner.session });
    expect(named.body.codeFlag).toBe(CodeFlag.ok);
    const saved = await t.call(Calls.saveCompanyInfo, { businessModel: 'producer' }, { session: owner.session });
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect(await info(employee.session)).toMatchObject({
      companyName: '佛山缓存铝业有限公司',
      businessModel: 'producer',
      complete_info: false,
    });
    const linked = await t.call(
      Calls.saveLinkInfo,
      { linkName: '张三', linkPhone: '13800138000' },
      { session: owner.session },
    );
    expect(linked.body.codeFlag).toBe(CodeFlag.ok);
    const located = await t.call(
      Calls.saveAddress,
      { province: '广东省', city: '佛山市', district: '南海区', detail: '大沥镇1号' },
      { session: owner.session },
    );
    expect(located.body.codeFlag).toBe(CodeFlag.ok);
    expect((await info(owner.session)).complete_info).toBe(true);
    expect((await info(employee.session)).complete_info).toBe(true);
  });

  it('shows a grant at once, and stops showing an entitlement when it ends while held', async () => {
    const { user, session } = await t.buildUser();
    const operator = await t.buildOperator();
    expect((await info(session)).isForecastVip).toBe(false);
    const granted = await t.call(
      Calls.grantEntitlement,
      { reason: 'test grant', userId: user.id, kind: 'forecast_vip', days: 1 },
      { session: operator.session },
    );
    expect(granted.body.codeFlag).toBe(CodeFlag.ok);
    expect((await info(session)).isForecastVip).toBe(true);
    // Still within the time the facts are held, but past the entitlement's end.
    t.clock.advance(DAY_SECONDS - 1);
    expect((await info(session)).isForecastVip).toBe(true);
    t.clock.advance(2);
    expect(await info(session)).toMatchObject({ isForecastVip: false, forecastVipEnd: null });
  });

  it('does not keep a read that a change overtook', async () => {
    const { user, session } = await t.buildUser({ nickName: '老张' });
    // Heard while the read is under way (its statement sent): it may have seen the facts before they changed.
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query;
    client.query = async (...args) => {
      const answer = query.apply(client, args);
      // PGlite is given the statement's text, node-postgres an object holding it.
      const statement = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (statement?.includes('"entitlements"')) {
        client.query = query;
        t.app.deps.bus.publish('profiles.changed', { userId: user.id });
      }
      return answer;
    };
    expect((await info(session)).nickName).toBe('老张');
    await t.db.update(users).set({ nickName: '老赵' }).where(eq(users.id, user.id));
    expect((await info(session)).nickName).toBe('老赵');
  });
});
