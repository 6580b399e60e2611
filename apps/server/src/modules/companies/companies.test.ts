import { Calls, CodeFlag } from '@metal/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../accounts/accounts.table';
import { companies } from './companies.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PATH = Calls.hasCompanyInfo;
const INCOMPLETE_ZH = '您的公司信息不完善，是否立即去完善？';
const INCOMPLETE_EN = 'Your company info is incomplete, go complete it now?';

const allCompanies = () => t.db.select().from(companies).orderBy(asc(companies.rootId));
const check = (session: string, lang?: string) => t.call(PATH, {}, { session, ...(lang ? { lang } : {}) });

describe('user_center/compay_info/hav_com_info', () => {
  it('succeeds when the company info is complete', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    expect((await check(owner.session)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
  });

  it("answers codeFlag 7 with SPEC's prompt, in both languages, when the user has no company", async () => {
    const owner = await t.buildUser();
    expect((await check(owner.session)).body).toEqual({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: INCOMPLETE_ZH,
    });
    expect((await check(owner.session, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: INCOMPLETE_EN,
    });
  });

  const missingParts: [string, Partial<typeof companies.$inferInsert>][] = [
    ['name', { name: '' }],
    ['businessModel', { businessModel: null }],
    ['linkName', { linkName: '' }],
    ['linkPhone', { linkPhone: '' }],
    ['province', { province: '' }],
    ['city', { city: '' }],
    ['district', { district: '' }],
    ['addressDetail', { addressDetail: '' }],
    ['name (blank)', { name: '   ' }],
    ['linkName (blank)', { linkName: ' ' }],
    ['linkPhone (blank)', { linkPhone: ' ' }],
    ['province (blank)', { province: ' ' }],
    ['city (blank)', { city: ' ' }],
    ['district (blank)', { district: ' ' }],
    ['addressDetail (blank)', { addressDetail: '  ' }],
  ];

  it.each(missingParts)('answers codeFlag 7 when the %s is missing, and writes nothing', async (_part, fields) => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, fields);
    const before = await allCompanies();
    expect((await check(owner.session, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: INCOMPLETE_EN,
    });
    expect((await check(owner.session)).body.mesg).toBe(INCOMPLETE_ZH);
    expect(await allCompanies()).toEqual(before);
  });

  it('judges an employee by the company of the owner named in their rootId', async () => {
    const owner = await t.buildUser();
    const employee = await t.buildUser();
    await t.db.update(users).set({ rootId: owner.user.id }).where(eq(users.id, employee.user.id));
    // The employee's own (complete) row does not count: they act for their owner's company.
    await t.buildCompany(employee.user.id);
    await t.buildCompany(owner.user.id, { addressDetail: '' });
    expect((await check(employee.session)).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);

    await t.db.update(companies).set({ addressDetail: '大沥镇2号' }).where(eq(companies.rootId, owner.user.id));
    expect((await check(employee.session)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
  });

  it("does not let another company's complete info make yours complete", async () => {
    const mine = await t.buildUser();
    const other = await t.buildUser();
    await t.buildCompany(other.user.id);
    expect((await check(mine.session)).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    await t.buildCompany(mine.user.id, { linkPhone: '' });
    expect((await check(mine.session)).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    expect((await check(other.session)).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses bad common parameters with a localized mesg and writes nothing', async () => {
    const owner = await t.buildUser();
    const before = await allCompanies();
    const { body } = await t.callRaw(PATH, { platform: 'x' }, { session: owner.session, lang: 'en-US' });
    expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'Please enter numbers' });
    expect(await allCompanies()).toEqual(before);
  });

  it('requires login', async () => {
    expect((await t.call(PATH)).body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    expect((await t.call(PATH, {}, { session: 'nope', lang: 'en-US' })).body).toEqual({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: 'Please log in first',
    });
  });
});
