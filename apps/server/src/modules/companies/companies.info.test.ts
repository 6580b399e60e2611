import { type CallRequest, Calls, CodeFlag, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { expectRefusedAsChanged, olderVersion } from '../../../test/review-fixtures';
import { users } from '../accounts/accounts.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { companies, companyLicences, companyNameChanges } from './companies.table';
import { hasApprovedLicence } from './licences.policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const detail = (session: string, lang?: string) =>
  t.call(Calls.companyInfo, {}, { session, ...(lang ? { lang } : {}) });
const save = (session: string, input: Record<string, unknown>, lang?: string) =>
  t.call(Calls.saveCompanyInfo, input, { session, ...(lang ? { lang } : {}) });
const setName = (session: string, name: string) => t.call(Calls.setCompanyName, { name }, { session });
const uploadLicence = (session: string) => t.uploadLicence(session);
const modifyName = async (session: string, name: string, licenceFileId?: number) =>
  t.call(
    Calls.requestNameChange,
    { name, licenceFileId: licenceFileId ?? (await uploadLicence(session)) },
    { session },
  );
const companyOf = async (rootId: number) =>
  (await t.db.select().from(companies).where(eq(companies.rootId, rootId)))[0];

/** An employee of `ownerId`'s company: a user whose rootId is the owner's. */
async function buildEmployee(ownerId: number) {
  const employee = await t.buildUser();
  await t.db.update(users).set({ rootId: ownerId }).where(eq(users.id, employee.user.id));
  return employee;
}

describe('company info', () => {
  it('starts empty for a new user and says what the gate still wants', async () => {
    const owner = await t.buildUser();
    const { body } = await detail(owner.session);
    expect(body.data).toMatchObject({
      rootId: owner.user.id,
      name: '',
      businessModel: '',
      complete: false,
      missing: ['name', 'businessModel', 'linkInfo', 'manageAddress'],
      editable: true,
      companyModifyInfo: null,
    });
  });

  it('saves only the parts sent, with product names in the reader’s language', async () => {
    const owner = await t.buildUser();
    const saved = await save(owner.session, {
      brand: '南海铝',
      businessModel: 'producer',
      sellProducts: '[13,78]',
      buyProducts: '[12]',
      phones: JSON.stringify(['0757-86001234', '13800138000']),
      faxes: JSON.stringify(['0757-86001235']),
      qq: '123456',
      wechat: 'nanhai_al',
      webUrl: 'https://nanhai-al.example.cn',
    });
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect(saved.body.data).toMatchObject({
      brand: '南海铝',
      businessModel: 'producer',
      sellProducts: [{ id: 13 }, { id: 78 }],
      buyProducts: [{ id: 12 }],
      phones: ['0757-86001234', '13800138000'],
      missing: ['name', 'linkInfo', 'manageAddress'],
    });
    expect((await save(owner.session, { qq: '' })).body.data).toMatchObject({ brand: '南海铝', qq: '' });
    const english = await detail(owner.session, 'en-US');
    expect(english.body.data?.buyProducts[0]?.sortName).toMatch(/copper/i);
  });

  it('refuses each bad field with its own message and writes nothing', async () => {
    const owner = await t.buildUser();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ sellProducts: '[13,13]' }, 'Avoid duplicate categories.', 'en-US'],
      [{ sellProducts: '[13,99999]' }, '所选品类不存在'],
      [
        {
          phones: JSON.stringify([
            '13800138000',
            '13800138001',
            '13800138002',
            '13800138003',
            '13800138004',
            '13800138005',
          ]),
        },
        '最多填写5个业务电话',
      ],
      [{ phones: '["12345"]' }, '请输入正确的电话号码'],
      [{ faxes: '["86001234"]' }, '请输入正确的传真号码，如 0757-86001234'],
      [{ qq: '0123' }, '请输入正确的QQ号'],
      [{ wechat: '1abc' }, '请输入正确的微信号'],
      [{ webUrl: 'nanhai.cn' }, '网址应以 http:// 或 https:// 开头'],
      [{ businessModel: 'broker' }, '请选择经营模式'],
    ];
    for (const [input, mesg, lang] of cases) {
      const { body } = await save(owner.session, input, lang);
      expect(body, JSON.stringify(input)).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
    }
    expect(await companyOf(owner.user.id)).toBeUndefined();
  });

  it('requires the contact person and business phone', async () => {
    const owner = await t.buildUser();
    const link = (input: CallRequest<typeof Calls.saveLinkInfo>) =>
      t.call(Calls.saveLinkInfo, input, { session: owner.session });
    expect((await link({ linkName: '', linkPhone: '13800138000' })).body.mesg).toBe('请填写联系人');
    expect((await link({ linkName: '李四', linkPhone: '' })).body.mesg).toBe('请输入正确的电话号码');
    expect(await companyOf(owner.user.id)).toBeUndefined();
    const saved = await link({ linkName: '李四', linkPhone: '0757-86001234' });
    expect(saved.body.data?.linkInfo).toEqual({ linkName: '李四', linkPhone: '0757-86001234' });
  });

  it('saves the business address on a region-table path, at the map point or the district centre', async () => {
    const owner = await t.buildUser();
    const address = (input: CallRequest<typeof Calls.saveAddress>, lang?: string) =>
      t.call(Calls.saveAddress, input, {
        session: owner.session,
        ...(lang ? { lang } : {}),
      });
    const centred = await address({
      province: '广东省',
      city: '佛山市',
      district: '南海区',
      detail: '大沥镇广佛路1号',
    });
    expect(centred.body.codeFlag).toBe(CodeFlag.ok);
    const { lng, lat } = centred.body.data!.manageAddress;
    // 南海区's seat of government, about 113.14°E 23.03°N.
    expect(lng).toBeCloseTo(113.14, 1);
    expect(lat).toBeCloseTo(23.03, 1);
    expect(centred.body.data).toMatchObject({
      haveManageAddress: true,
      missing: ['name', 'businessModel', 'linkInfo'],
    });

    const picked = await address({
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      detail: '建国路1号',
      lng: '116.4801',
      lat: '39.9087',
    });
    expect(picked.body.data?.manageAddress).toEqual({
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      detail: '建国路1号',
      lng: 116.4801,
      lat: 39.9087,
    });
  });

  it('refuses an address off the region table, without detail or with half a map point, and writes nothing', async () => {
    const owner = await t.buildUser();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ province: '广东省', city: '佛山市', district: '朝阳区', detail: '1号' }, '请选择正确的省、市、区'],
      [
        { province: '广东', city: '佛山市', district: '南海区', detail: '1号' },
        'Please choose a valid province, city and district',
        'en-US',
      ],
      [{ province: '广东省', city: '佛山市', district: '', detail: '1号' }, '请选择正确的省、市、区'],
      [{ province: '广东省', city: '佛山市', district: '南海区', detail: '  ' }, '请填写详细地址'],
      [
        { province: '广东省', city: '佛山市', district: '南海区', detail: '1号', lng: '113.1' },
        '地图位置不正确，请重新选择',
      ],
      [
        { province: '广东省', city: '佛山市', district: '南海区', detail: '1号', lng: '13.1', lat: '23' },
        '地图位置不正确，请重新选择',
      ],
    ];
    for (const [input, mesg, lang] of cases) {
      const { body } = await t.callRaw(Calls.saveAddress, input, {
        session: owner.session,
        ...(lang ? { lang } : {}),
      });
      expect(body, JSON.stringify(input)).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
    }
    expect(await companyOf(owner.user.id)).toBeUndefined();
  });

  it('lets only who holds the company permission change it; an employee without it reads the company’s and changes nothing', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { brand: '原品牌' });
    const employee = await buildEmployee(owner.user.id);
    expect((await detail(employee.session)).body.data).toMatchObject({
      rootId: owner.user.id,
      brand: '原品牌',
      editable: false,
    });
    for (const response of [
      await save(employee.session, { brand: '改品牌' }),
      await t.call(Calls.saveLinkInfo, { linkName: '王五', linkPhone: '13800138000' }, { session: employee.session }),
      await modifyName(employee.session, '员工改名有限公司'),
      await t.call(
        Calls.saveAddress,
        { province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路1号' },
        { session: employee.session },
      ),
    ]) {
      expect(response.body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: translate('noPermission.company', 'zh-CN'),
      });
    }
    expect(await companyOf(owner.user.id)).toMatchObject({ brand: '原品牌', linkName: '张三', city: '佛山市' });
    expect(await t.db.select().from(companyNameChanges).where(eq(companyNameChanges.rootId, owner.user.id))).toEqual(
      [],
    );
  });
});

describe('company names', () => {
  it('takes a first name once, unique whatever the letter case, and offers to contact the holder', async () => {
    const holder = await t.buildUser();
    const other = await t.buildUser();
    expect((await setName(holder.session, 'Foshan Nanhai Aluminium 有限公司')).body.data?.name).toBe(
      'Foshan Nanhai Aluminium 有限公司',
    );
    const taken = await setName(other.session, 'FOSHAN NANHAI ALUMINIUM 有限公司');
    expect(taken.body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '该公司名称已被注册，您可以联系持有人或更换名称',
      data: { canContactHolder: true },
    });
    expect((await setName(holder.session, '另一个名字有限公司')).body.codeFlag).toBe(CodeFlag.conflict);
    expect((await companyOf(holder.user.id))?.name).toBe('Foshan Nanhai Aluminium 有限公司');
    expect((await companyOf(other.user.id))?.name ?? '').toBe('');

    for (const bad of ['', 'A', '铝业<script>', 'x'.repeat(51)]) {
      expect((await setName(other.session, bad)).body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '请输入有效的公司名称',
      });
    }

    const contact = (session: string, name: string) => t.call(Calls.contactNameHolder, { name }, { session });
    expect((await contact(other.session, 'foshan nanhai aluminium 有限公司')).body.codeFlag).toBe(CodeFlag.ok);
    expect((await contact(other.session, 'foshan nanhai aluminium 有限公司')).body).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: '今天已通知过该名称的持有人',
    });
    expect((await contact(other.session, '没人用的名字有限公司')).body.codeFlag).toBe(CodeFlag.notFound);
    const told = await t.db.select().from(notices).where(eq(notices.userId, holder.user.id));
    expect(told).toMatchObject([{ messageKey: 'notice.nameContact', senderId: other.user.id }]);
  });

  it('gives a contested name to exactly one of two companies asking at once', async () => {
    const [a, b] = [await t.buildUser(), await t.buildUser()];
    const answers = await Promise.all([
      setName(a.session, '同时注册铝业有限公司'),
      setName(b.session, '同时注册铝业有限公司'),
    ]);
    expect(answers.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    const holders = await t.db.select().from(companies).where(eq(companies.name, '同时注册铝业有限公司'));
    expect(holders).toHaveLength(1);
  });

  it('reviews a change: the old name shows meanwhile, a rejection tells why, an approval takes effect', async () => {
    const owner = await t.buildUser();
    const rival = await t.buildUser();
    const operator = await t.buildOperator();
    await setName(owner.session, '旧名铝业有限公司');
    expect((await modifyName(owner.session, '旧名铝业有限公司')).body.codeFlag).toBe(CodeFlag.invalidInput);

    const firstLicence = await uploadLicence(owner.session);
    const asked = await modifyName(owner.session, '新名铝业有限公司', firstLicence);
    expect(asked.body.data).toMatchObject({
      name: '旧名铝业有限公司',
      companyModifyInfo: {
        companyName: '旧名铝业有限公司',
        modifyCompanyName: '新名铝业有限公司',
        status: 'pending',
        licence: { url: expect.stringMatching(/^\/files\/licences\/.+&signature=/) },
      },
    });
    expect((await modifyName(owner.session, '再改铝业有限公司')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '公司名称变更审核中，请等待审核结果',
    });
    expect((await setName(rival.session, '新名铝业有限公司')).body.codeFlag).toBe(CodeFlag.conflict);

    const queue = await t.call(Calls.pendingNameChanges, {}, { session: operator.session });
    const change = queue.body.data?.find((c) => c.rootId === owner.user.id);
    expect(change).toMatchObject({ companyName: '旧名铝业有限公司', modifyCompanyName: '新名铝业有限公司' });
    // The operator sees the new licence beside the names, through a link that opens it.
    const shown = await t.app.inject({ method: 'GET', url: change!.licence!.url });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/png']);
    expect(change!.submittedAt).toBe(change!.createdAt);
    const review = (
      input: Omit<CallRequest<typeof Calls.reviewNameChange>, 'id' | 'submittedAt'>,
      session = operator.session,
    ) => t.call(Calls.reviewNameChange, { id: change!.id, submittedAt: change!.submittedAt, ...input }, { session });

    expect((await review({ approve: 0 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '驳回时请填写原因',
    });
    expect((await review({ approve: 1 }, owner.session)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.pendingNameChanges, {}, { session: owner.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await review({ approve: 0, reason: '与营业执照不一致' })).body.data).toMatchObject({ status: 'rejected' });
    expect((await review({ approve: 1 })).body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '该申请已处理' });
    expect((await detail(owner.session)).body.data).toMatchObject({
      name: '旧名铝业有限公司',
      companyModifyInfo: { status: 'rejected', reason: '与营业执照不一致' },
    });
    // Rejecting the name rejects the licence sent with it.
    expect(await t.db.select().from(companyLicences).where(eq(companyLicences.fileId, firstLicence))).toMatchObject([
      { status: 'rejected', reason: '与营业执照不一致' },
    ]);
    expect(await hasApprovedLicence(t.db, owner.user.id)).toBe(false);

    await modifyName(owner.session, '新名铝业有限公司');
    const [second] = (await t.call(Calls.pendingNameChanges, {}, { session: operator.session })).body.data!.filter(
      (c) => c.rootId === owner.user.id,
    );
    // Only the version listed is decided (a name change is never changed: another moment is another version).
    await expectRefusedAsChanged(t, {
      review: Calls.reviewNameChange,
      id: second!.id,
      submittedAt: olderVersion(second!.submittedAt),
      session: operator.session,
      subject: `company_name_change:${second!.id}`,
    });
    expect(await t.db.select().from(companyNameChanges).where(eq(companyNameChanges.id, second!.id))).toMatchObject([
      { status: 'pending', reviewerId: null },
    ]);
    expect((await companyOf(owner.user.id))?.name).toBe('旧名铝业有限公司');
    const approved = await t.call(
      Calls.reviewNameChange,
      { id: second!.id, approve: 1, submittedAt: second!.submittedAt },
      { session: operator.session },
    );
    expect(approved.body.codeFlag).toBe(CodeFlag.ok);
    expect((await detail(owner.session)).body.data).toMatchObject({
      name: '新名铝业有限公司',
      companyModifyInfo: null,
    });
    // Approving the name approves its licence.
    expect(await hasApprovedLicence(t.db, owner.user.id)).toBe(true);
    expect(
      await t.db
        .select()
        .from(companyLicences)
        .where(eq(companyLicences.rootId, owner.user.id))
        .orderBy(companyLicences.id),
    ).toMatchObject([{ status: 'rejected' }, { status: 'approved' }]);

    const told = await t.db.select().from(notices).where(eq(notices.userId, owner.user.id)).orderBy(notices.id);
    expect(told.map((n) => [n.messageKey, n.params])).toEqual([
      ['notice.nameRejected', { reason: '与营业执照不一致' }],
      ['notice.nameApproved', { name: '新名铝业有限公司' }],
    ]);
    const logged = await t.db.select().from(operatorActions).where(eq(operatorActions.operatorId, operator.user.id));
    expect(logged.map((l) => l.action)).toEqual(['company_name.reject', 'company_name.approve']);
    expect(logged[1]?.detail).toMatchObject({ newName: '新名铝业有限公司', licenceId: expect.any(Number) });
  });
});
