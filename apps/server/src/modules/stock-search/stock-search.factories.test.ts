import { Calls, CodeFlag, type TFactoryListPage } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../accounts/accounts.table';
import type { companies } from '../companies/companies.table';
import { entitlements } from '../memberships/memberships.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const factories = (fields: Record<string, unknown> = {}, lang?: string) =>
  t.call(Calls.factoryList, fields, lang ? { lang } : {});
const names = (page: TFactoryListPage | undefined) => page?.list.map((row) => row.name);

describe('factory/list', () => {
  let owners: Record<string, number>;

  beforeAll(async () => {
    const company = async (name: string, fields: Partial<typeof companies.$inferInsert> = {}) => {
      const owner = await t.buildUser();
      await t.buildCompany(owner.user.id, { name, ...fields });
      return owner.user.id;
    };
    const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);
    owners = {
      foshan: await company('佛山南海铝型材厂', { sellProducts: [13, 21], updatedAt: at(30) }),
      wuxi: await company('无锡铜杆贸易', {
        sellProducts: [25],
        province: '江苏省',
        city: '无锡市',
        district: '锡山区',
        updatedAt: at(10),
      }),
      shop: await company('广州铝业旗舰店', {
        sellProducts: [13],
        city: '广州市',
        district: '白云区',
        shopOpenedAt: at(60 * 24),
        updatedAt: at(90),
      }),
      incomplete: await company('资料不全铝厂', { sellProducts: [13], linkPhone: ' ' }),
      disabled: await company('已停用铝厂', { sellProducts: [13] }),
    };
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, owners.disabled!));
    const foshan = owners.foshan!;
    await t.buildStock(foshan);
    await t.buildStock(foshan, { sortId: 21 });
    await t.buildStock(foshan, { status: 'review' });
    await t.buildStock(foshan, { status: 'soldOut' });
    await t.db.insert(entitlements).values({
      userId: owners.shop!,
      kind: 'certified_supplier',
      startsAt: at(60),
      endsAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
  });

  it('lists companies with complete info of active owners, open shops first, then the latest updated', async () => {
    const all = await factories();
    expect(all.body.codeFlag).toBe(CodeFlag.ok);
    expect(names(all.body.data)).toEqual(['广州铝业旗舰店', '无锡铜杆贸易', '佛山南海铝型材厂']);
    expect(all.body.data).toMatchObject({ page: 1, hasMore: false, total: 3 });
    const [shop, , foshan] = all.body.data?.list ?? [];
    expect(shop).toMatchObject({ shopOpen: true, certified: true, stockCount: 0, city: '广州市' });
    expect(foshan).toMatchObject({
      rootId: owners.foshan,
      businessModel: 'trader',
      province: '广东省',
      city: '佛山市',
      shopOpen: false,
      certified: false,
      // For sale only: the listings in review and sold out are not counted.
      stockCount: 2,
      sellProducts: [
        { id: 13, sortName: 'A00铝' },
        { id: 21, sortName: '6063铝棒加工费' },
      ],
      isDemo: false,
    });
  });

  it('filters by a product sold, province, city and a keyword in the name, in the reader language', async () => {
    expect(names((await factories({ sortId: 13 })).body.data)).toEqual(['广州铝业旗舰店', '佛山南海铝型材厂']);
    expect(names((await factories({ sortId: 25 })).body.data)).toEqual(['无锡铜杆贸易']);
    expect(names((await factories({ province: '江苏省' })).body.data)).toEqual(['无锡铜杆贸易']);
    expect(names((await factories({ province: '广东省', city: '佛山市' })).body.data)).toEqual(['佛山南海铝型材厂']);
    expect(names((await factories({ keyword: '铝' })).body.data)).toEqual(['广州铝业旗舰店', '佛山南海铝型材厂']);
    expect(names((await factories({ keyword: '铜杆', sortId: 13 })).body.data)).toEqual([]);
    const english = await factories({ sortId: 21 }, 'en-US');
    expect(english.body.data?.list[0]?.sellProducts[1]).toEqual({
      id: 21,
      sortName: '6063 aluminium rod processing fee',
    });
  });

  it('pages', async () => {
    const first = await factories({ pageSize: 2 });
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 3 });
    const second = await factories({ page: 2, pageSize: 2 });
    expect(names(second.body.data)).toEqual(['佛山南海铝型材厂']);
    expect(second.body.data?.hasMore).toBe(false);
  });

  it('refuses malformed filters with a localized message', async () => {
    const bad = await factories({ sortId: 'copper' });
    expect(bad.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '输入有误，请检查后重试' });
    const long = await factories({ keyword: '铝'.repeat(31) }, 'en-US');
    expect(long.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Too long',
      errors: { keyword: 'Too long' },
    });
    const page = await factories({ page: '0' });
    expect(page.body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});
