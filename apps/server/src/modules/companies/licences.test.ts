import { type CallRequest, Calls, CodeFlag, type TUploadedFile, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { expectRefusedAsChanged, olderVersion } from '../../../test/review-fixtures';
import { sha256 } from '../accounts/accounts.crypto';
import { captchas, users } from '../accounts/accounts.table';
import { files } from '../files/files.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { companyLicences, companyNameChanges } from './companies.table';
import { hasApprovedLicence } from './licences.policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function upload(session: string, kind: 'licence' | 'image' = 'licence') {
  const { body } = await t.upload<TUploadedFile[]>([{ name: 'licence.png', data: await plainImage('png') }], {
    session,
    kind,
  });
  return body.data![0]!.id;
}
const detail = (session: string) => t.call(Calls.licenceDetail, {}, { session });
const submit = (session: string, fileId: CallRequest<typeof Calls.submitLicence>['fileId'], lang?: string) =>
  t.call(Calls.submitLicence, { fileId }, { session, ...(lang ? { lang } : {}) });
const submitRaw = (session: string, fileId: unknown, lang?: string) =>
  t.callRaw(Calls.submitLicence, { fileId }, { session, ...(lang ? { lang } : {}) });
const queue = (session: string) => t.call(Calls.pendingLicences, {}, { session });
/** The version the operators' queue shows of a licence (when it was sent): what a decision names. */
const versionOf = async (id: number) =>
  (
    (await t.db.select().from(companyLicences).where(eq(companyLicences.id, id)))[0]?.createdAt ?? t.clock.now()
  ).toISOString();
type ReviewFields = Omit<CallRequest<typeof Calls.reviewLicence>, 'submittedAt'> & { submittedAt?: string };
/** A decision as the console sends it: naming the version listed, unless the test names another. */
const review = async (session: string, input: ReviewFields) =>
  t.call(Calls.reviewLicence, { submittedAt: await versionOf(Number(input.id)), ...input }, { session });
const licencesOf = (rootId: number) =>
  t.db.select().from(companyLicences).where(eq(companyLicences.rootId, rootId)).orderBy(companyLicences.id);
const opens = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 200;

async function buildEmployee(ownerId: number) {
  const employee = await t.buildUser();
  await t.db.update(users).set({ rootId: ownerId }).where(eq(users.id, employee.user.id));
  return employee;
}

/** An image captcha whose answer the test knows (the real answer exists only as a hash on the server). */
async function solvedCaptcha(answer = 'ab3d') {
  const image = await t.call(Calls.captchaImage);
  const captchaKey = image.body.data!.captchaKey;
  await t.db
    .update(captchas)
    .set({ answerHash: sha256(answer) })
    .where(eq(captchas.key, captchaKey));
  return { captchaKey, captcha: answer.toUpperCase() };
}

describe('business licence review', () => {
  it('keeps the approved licence shown while a new one is reviewed; rejections carry their reason', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const operator = await t.buildOperator();
    expect((await detail(owner.session)).body.data).toEqual({
      current: null,
      pending: null,
      rejected: null,
      editable: true,
    });

    const first = await upload(owner.session);
    const sent = await submit(owner.session, first);
    expect(sent.body.data).toMatchObject({
      current: null,
      rejected: null,
      pending: { status: 'pending', forName: null },
    });
    expect(await opens(sent.body.data!.pending!.image.url)).toBe(true);
    expect((await submit(owner.session, await upload(owner.session))).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '营业执照审核中，请等待审核结果',
    });

    const [item] = (await queue(operator.session)).body.data!.filter((i) => i.rootId === owner.user.id);
    expect(item).toMatchObject({ companyName: `测试铝业${owner.user.id}有限公司`, current: null });
    expect(await opens(item!.image.url)).toBe(true);
    expect((await review(operator.session, { id: item!.id, approve: 0 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '驳回时请填写原因',
    });
    expect((await review(operator.session, { id: item!.id, approve: 0, reason: '照片模糊' })).body.data).toMatchObject({
      status: 'rejected',
      reason: '照片模糊',
    });
    expect((await review(operator.session, { id: item!.id, approve: 1 })).body.mesg).toBe('该申请已处理');
    expect((await detail(owner.session)).body.data).toMatchObject({
      current: null,
      pending: null,
      rejected: { status: 'rejected', reason: '照片模糊' },
    });

    await submit(owner.session, await upload(owner.session));
    const [second] = (await queue(operator.session)).body.data!.filter((i) => i.rootId === owner.user.id);
    expect((await review(operator.session, { id: second!.id, approve: 1 })).body.data?.status).toBe('approved');
    const approved = (await detail(owner.session)).body.data!;
    expect(approved).toMatchObject({ current: { id: second!.id }, pending: null, rejected: null });
    expect(await hasApprovedLicence(t.db, owner.user.id)).toBe(true);

    // A newer licence: the approved one stays shown beside it until the newer is approved.
    await submit(owner.session, await upload(owner.session));
    const reviewing = (await detail(owner.session)).body.data!;
    expect(reviewing).toMatchObject({ current: { id: second!.id }, pending: { status: 'pending' } });
    const [third] = (await queue(operator.session)).body.data!.filter((i) => i.rootId === owner.user.id);
    expect(third?.current?.url.split('?')[0]).toBe(approved.current!.image.url.split('?')[0]);
    await review(operator.session, { id: third!.id, approve: 1 });
    expect((await detail(owner.session)).body.data).toMatchObject({ current: { id: third!.id }, pending: null });
    expect((await licencesOf(owner.user.id)).map((l) => l.status)).toEqual(['rejected', 'replaced', 'approved']);

    const told = await t.db.select().from(notices).where(eq(notices.userId, owner.user.id)).orderBy(notices.id);
    expect(told.map((n) => [n.messageKey, n.params])).toEqual([
      ['notice.licenceRejected', { reason: '照片模糊' }],
      ['notice.licenceApproved', {}],
      ['notice.licenceApproved', {}],
    ]);
    const logged = await t.db.select().from(operatorActions).where(eq(operatorActions.operatorId, operator.user.id));
    expect(logged.map((l) => [l.action, l.target])).toEqual([
      ['licence.reject', `company_licence:${item!.id}`],
      ['licence.approve', `company_licence:${second!.id}`],
      ['licence.approve', `company_licence:${third!.id}`],
    ]);
  });

  it('refuses a decision naming another version than the one listed, in the operator’s language, deciding nothing', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const operator = await t.buildOperator();
    await submit(owner.session, await upload(owner.session));
    const listed = (await queue(operator.session)).body.data!.find((i) => i.rootId === owner.user.id)!;
    expect(listed.submittedAt).toBe(await versionOf(listed.id));
    await expectRefusedAsChanged(t, {
      review: Calls.reviewLicence,
      id: listed.id,
      submittedAt: olderVersion(listed.submittedAt),
      session: operator.session,
      subject: `company_licence:${listed.id}`,
    });
    expect(await licencesOf(owner.user.id)).toMatchObject([{ status: 'pending', reviewerId: null }]);
    expect(await hasApprovedLicence(t.db, owner.user.id)).toBe(false);
    const approved = await t.call(
      Calls.reviewLicence,
      { id: listed.id, approve: 1, submittedAt: listed.submittedAt },
      { session: operator.session },
    );
    expect(approved.body.data?.status).toBe('approved');
    expect(await hasApprovedLicence(t.db, owner.user.id)).toBe(true);
  });

  it('takes only an uploaded licence of the company, and writes nothing otherwise', async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const cases: [unknown, string, string?][] = [
      ['', '请上传营业执照'],
      ['abc', 'Please upload the business licence', 'en-US'],
      [await upload(other.session), '营业执照图片已失效，请重新上传'],
      [await upload(owner.session, 'image'), '营业执照图片已失效，请重新上传'],
      [999999, 'The licence picture is no longer available; please upload it again', 'en-US'],
    ];
    for (const [fileId, mesg, lang] of cases) {
      expect((await submitRaw(owner.session, fileId, lang)).body, String(fileId)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg,
      });
    }
    expect(await licencesOf(owner.user.id)).toEqual([]);
    const used = await upload(owner.session);
    expect((await submit(owner.session, used)).body.codeFlag).toBe(CodeFlag.ok);
    const operator = await t.buildOperator();
    const [item] = (await queue(operator.session)).body.data!.filter((i) => i.rootId === owner.user.id);
    await review(operator.session, { id: item!.id, approve: 0, reason: '不清晰' });
    expect((await submit(owner.session, used)).body.mesg).toBe('营业执照图片已失效，请重新上传');
  });

  it('lets employees read the licence but only who holds the company permission send one', async () => {
    const owner = await t.buildUser();
    const employee = await buildEmployee(owner.user.id);
    await submit(owner.session, await upload(owner.session));
    const seen = (await detail(employee.session)).body.data!;
    expect(seen).toMatchObject({ editable: false, pending: { status: 'pending' } });
    expect(await opens(seen.pending!.image.url)).toBe(true);
    expect((await submit(employee.session, await upload(employee.session))).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: translate('noPermission.company', 'zh-CN'),
    });
    expect(await licencesOf(owner.user.id)).toHaveLength(1);
  });

  it('never shows one company another’s licence, and refuses users in the operators’ calls', async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    await submit(owner.session, await upload(owner.session));
    expect((await detail(stranger.session)).body.data).toMatchObject({ current: null, pending: null });
    expect((await queue(owner.session)).body.codeFlag).toBe(CodeFlag.forbidden);
    const [licence] = await licencesOf(owner.user.id);
    expect((await review(stranger.session, { id: licence!.id, approve: 1 })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await licencesOf(owner.user.id))[0]?.status).toBe('pending');
    // The stored image is private: without a signed link it is not served.
    const [file] = await t.db.select().from(files).where(eq(files.id, licence!.fileId));
    expect((await t.app.inject({ method: 'GET', url: `/files/${file!.key}` })).statusCode).toBe(403);
  });

  it('reviews a licence sent with a name change only with the name', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const operator = await t.buildOperator();
    const fileId = await upload(owner.session);
    await t.call(
      Calls.requestNameChange,
      { name: '改名铝业有限公司', licenceFileId: fileId },
      {
        session: owner.session,
      },
    );
    expect((await detail(owner.session)).body.data?.pending).toMatchObject({ forName: '改名铝业有限公司' });
    expect((await queue(operator.session)).body.data!.some((i) => i.rootId === owner.user.id)).toBe(false);
    const [licence] = await licencesOf(owner.user.id);
    expect((await review(operator.session, { id: licence!.id, approve: 1 })).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '该营业执照随公司名称变更一起审核',
    });
    // A second licence cannot go in beside it while it is reviewed.
    expect((await submit(owner.session, await upload(owner.session))).body.codeFlag).toBe(CodeFlag.conflict);
    expect(
      await t.db.select().from(companyNameChanges).where(eq(companyNameChanges.rootId, owner.user.id)),
    ).toHaveLength(1);
  });

  it('refuses a name change without a new licence, or with one that is not the company’s, and writes nothing', async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const modify = (licenceFileId: CallRequest<typeof Calls.requestNameChange>['licenceFileId']) =>
      t.call(Calls.requestNameChange, { name: '新名字铝业有限公司', licenceFileId }, { session: owner.session });
    const modifyRaw = (licenceFileId: unknown) =>
      t.callRaw(Calls.requestNameChange, { name: '新名字铝业有限公司', licenceFileId }, { session: owner.session });
    expect((await modifyRaw(undefined)).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请上传营业执照',
    });
    expect((await modify(await upload(other.session))).body.mesg).toBe('营业执照图片已失效，请重新上传');
    expect((await modify(await upload(owner.session, 'image'))).body.mesg).toBe('营业执照图片已失效，请重新上传');
    expect(await t.db.select().from(companyNameChanges).where(eq(companyNameChanges.rootId, owner.user.id))).toEqual(
      [],
    );
    expect(await licencesOf(owner.user.id)).toEqual([]);
  });

  it('keeps one licence in review when two are sent at once', async () => {
    const owner = await t.buildUser();
    const [a, b] = [await upload(owner.session), await upload(owner.session)];
    const answers = await Promise.all([submit(owner.session, a), submit(owner.session, b)]);
    expect(answers.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect(await licencesOf(owner.user.id)).toHaveLength(1);
  });
});

describe('license_display', () => {
  async function companyWithApprovedLicence() {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { name: `展示铝业${owner.user.id}有限公司` });
    const operator = await t.buildOperator();
    await submit(owner.session, await upload(owner.session));
    const [licence] = await licencesOf(owner.user.id);
    await review(operator.session, { id: licence!.id, approve: 1 });
    return owner;
  }
  const display = (input: CallRequest<typeof Calls.licenceDisplay>, lang?: string) =>
    t.call(Calls.licenceDisplay, input, lang ? { lang } : {});
  const displayRaw = (input: Record<string, unknown>, lang?: string) =>
    t.callRaw(Calls.licenceDisplay, input, lang ? { lang } : {});

  it('shows a visitor who answers the captcha the approved licence and the company’s name', async () => {
    const owner = await companyWithApprovedLicence();
    const shown = await display({ rootId: owner.user.id, ...(await solvedCaptcha()) });
    expect(shown.body.data).toMatchObject({ rootId: owner.user.id, companyName: `展示铝业${owner.user.id}有限公司` });
    expect(shown.body.data?.image.url).toMatch(/^\/files\/licences\/.+\?expires=\d+&signature=/);
    expect(await opens(shown.body.data!.image.url)).toBe(true);
  });

  it('reveals nothing without the right captcha, and each captcha works once', async () => {
    const owner = await companyWithApprovedLicence();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ rootId: owner.user.id }, '请输入图形验证码'],
      [{ rootId: owner.user.id, captchaKey: 'x', captcha: '' }, 'Please enter the image captcha', 'en-US'],
      [{ rootId: owner.user.id, ...(await solvedCaptcha()), captcha: 'zzzz' }, '图形验证码错误或已过期'],
      [{ rootId: owner.user.id, captchaKey: 'made-up', captcha: 'ab3d' }, '图形验证码错误或已过期'],
    ];
    for (const [input, mesg, lang] of cases) {
      const { body } = await displayRaw(input, lang);
      expect(body, mesg).toEqual({ codeFlag: CodeFlag.invalidInput, mesg, errors: expect.any(Object) });
    }
    const solved = await solvedCaptcha();
    expect((await display({ rootId: owner.user.id, ...solved })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await display({ rootId: owner.user.id, ...solved })).body.mesg).toBe('图形验证码错误或已过期');
    t.clock.advance(301);
    const late = await solvedCaptcha();
    t.clock.advance(301);
    expect((await display({ rootId: owner.user.id, ...late })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('says so when a company has no approved licence, even one under review', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    await submit(owner.session, await upload(owner.session));
    expect((await display({ rootId: owner.user.id, ...(await solvedCaptcha()) })).body).toEqual({
      codeFlag: CodeFlag.notFound,
      mesg: '该公司暂无审核通过的营业执照',
    });
  });
});
