import { type CallContract, Calls, CodeFlag, type Feature, PERMISSIONS, translate } from '@metal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/*
 * The permission matrix over every call: a call that names a permission refuses an employee without
 * it before anything runs, and every user call of a feature that writes company data either names a
 * permission or is listed below as deliberately open to every member. A new call cannot forget.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Features whose user calls write what belongs to the company (listings, inquiries, its info, its money). */
const COMPANY_WRITING_FEATURES: readonly Feature[] = [
  'companies',
  'stocks',
  'stock-manager',
  'capacities',
  'shops',
  'albums',
  'inquiries',
  'agent-buys',
  'check-prices',
  'quick-buys',
  'visitors',
  'memberships',
  'payments',
  'staff',
];

/**
 * User calls of those features open to every member, and why: reading what the company already shows
 * its people, and what is each person's own (their follows, their match notices).
 */
const OPEN_TO_EVERY_MEMBER: Record<string, string> = {
  hasCompanyInfo: 'reads whether the company info is complete (gates other pages)',
  companyInfo: "reads the company's info",
  licenceDetail: "reads the company's licence state",
  shopOpenState: "reads the shop's opening state",
  albumList: "reads the company's albums",
  albumPictures: "reads an album's pictures",
  tradeSettings: "reads the company's trade terms (colleagues quote and sell by them)",
  linkWayDetail: "reads who the company's contact ways name",
  follow: "the person's own follows",
  unfollow: "the person's own follows",
  followedCompanies: "the person's own follows",
  stockMine: "reads the company's listings",
  stockMineSorts: "reads the company's listing categories",
  capacityMine: "reads the company's capacity",
  inquiryMine: "reads the company's inquiries",
  inquiryTaking: "reads the person's order-taking list",
  quoteList: "reads the quotes on the company's inquiry",
  checkPriceMine: "reads the person's price-checker quotes",
  quickBuyList: "reads the company's quick buys",
  quickBuyMatches: "the person's match notices",
  quickBuyRead: "marks the person's match notices seen",
  agentBuyMine: "reads the person's agent requests",
  agentQuoteList: 'reads the quotes on a request',
  vipStatus: "reads the company's and the person's memberships",
  dynamicViewStatus: "the person's own dynamic-view uses",
  dynamicViewUse: "the person's own dynamic-view uses (forecasts)",
  vipOpen:
    "forecast VIP and dynamic view are the person's own; the certified-supplier purchase checks 'membership' in its service",
  payCreate: 'pays an order already made (making it is what a permission guards); paying gives, it takes nothing',
  payStatus: 'asks after the payment of an order already made',
  payOfflineSlip: 'hands in the transfer slip of an order already made',
};

/** The rows of a raw query (the embedded and the pooled driver answer alike, typed loosely). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const userCalls = Object.entries(Calls).filter(([, c]) => (c as CallContract).auth === 'user') as [
  string,
  CallContract,
][];

describe('the permission matrix', () => {
  it('every user call of a company-writing feature names a permission or is deliberately open', () => {
    const undecided = userCalls
      .filter(
        ([name, c]) => COMPANY_WRITING_FEATURES.includes(c.feature) && !c.permission && !(name in OPEN_TO_EVERY_MEMBER),
      )
      .map(([name]) => name);
    expect(undecided).toEqual([]);
    // And nothing listed open has quietly gained a permission (or gone).
    for (const name of Object.keys(OPEN_TO_EVERY_MEMBER)) {
      expect((Calls as Record<string, CallContract>)[name]?.permission, name).toBeUndefined();
    }
  }, 180_000);

  it('only user calls name a permission', () => {
    const misplaced = Object.entries(Calls)
      .filter(([, c]) => (c as CallContract).permission && (c as CallContract).auth !== 'user')
      .map(([name]) => name);
    expect(misplaced).toEqual([]);
  }, 180_000);

  it('an employee without the permission is refused on every call that needs it, and nothing is written', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const guarded = userCalls.filter(([, c]) => c.permission);
    expect(guarded.length).toBeGreaterThan(40);
    const tableRows = rowsOf<{ name: string }>(
      await t.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    const tables = tableRows.map((r) => r.name);
    /** Rows per table: a refused call adds or removes none anywhere. */
    const rowCount = async () => {
      const counts: Record<string, number> = {};
      for (const name of tables) {
        const [row] = rowsOf<{ n: number }>(
          await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`),
        );
        counts[name] = row?.n ?? 0;
      }
      return counts;
    };
    for (const permission of PERMISSIONS) {
      // Holding every permission but this one: what it alone guards is refused.
      const employee = await t.buildEmployee(owner, { permissions: PERMISSIONS.filter((p) => p !== permission) });
      const before = await rowCount();
      for (const [name, contract] of guarded.filter(([, c]) => c.permission === permission)) {
        for (const lang of ['zh-CN', 'en-US'] as const) {
          const refused = await t.callRaw(contract, {}, { session: employee.session, lang });
          expect(refused.body, `${name} without ${permission}`).toMatchObject({
            codeFlag: CodeFlag.forbidden,
            mesg: translate(`noPermission.${permission}`, lang),
            data: { permission },
          });
        }
      }
      expect(await rowCount(), permission).toEqual(before);
    }
  }, 180_000);

  it('an employee holding the permission gets past the check (to the call itself)', async () => {
    const owner = await t.buildUser();
    for (const permission of PERMISSIONS) {
      const employee = await t.buildEmployee(owner, { permissions: [permission] });
      for (const [name, contract] of userCalls.filter(([, c]) => c.permission === permission)) {
        const answered = await t.callRaw(contract, {}, { session: employee.session });
        expect(answered.body.mesg, name).not.toBe(translate(`noPermission.${permission}`, 'zh-CN'));
      }
    }
  }, 180_000);
});
