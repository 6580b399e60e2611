// @vitest-environment happy-dom
import {
  Calls,
  CodeFlag,
  type TCompanyInfo,
  type TCompanyNameChange,
  type TLicence,
  type TLicenceState,
  type TUploadedFile,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';
import { pickFiles, pictureFile, typeInto } from '../../test/inputs';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import LicenseDisplayPage from './pages/LicenseDisplayPage';
import LicensePage from './pages/LicensePage';
import ModifyCompanyPage from './pages/ModifyCompanyPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));

const owner = { account: 'owner01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };
const employee = { ...owner, account: 'staff01', userId: 8 };
const image = (n: number) => ({
  url: `/files/licences/7/${n}.jpg?sig=${n}`,
  thumbUrl: `/files/licences/7/${n}.thumb.jpg?sig=${n}`,
});
const licence = (over: Partial<TLicence> = {}): TLicence => ({
  id: 1,
  status: 'approved',
  image: image(1),
  reason: '',
  submittedAt: '2026-11-01T02:00:00.000Z',
  reviewedAt: '2026-11-02T02:00:00.000Z',
  forName: null,
  ...over,
});
const state = (over: Partial<TLicenceState> = {}): TLicenceState => ({
  current: null,
  pending: null,
  rejected: null,
  editable: true,
  ...over,
});
const uploaded: TUploadedFile = {
  id: 42,
  url: '/files/licences/7/42.jpg?sig=x',
  thumbUrl: '/files/licences/7/42.thumb.jpg?sig=x',
  name: 'licence.jpg',
  size: 100,
  type: 'image/jpeg',
};

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.licensePage]: LicensePage,
      [Paths.licenseDisplay]: LicenseDisplayPage,
      [Paths.modifyCompany]: ModifyCompanyPage,
      [Paths.login]: Stub,
      [Paths.userCenter]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
/** Picks a licence photo and waits until its (scripted) upload is done. */
async function pickLicence() {
  await pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), [
    pictureFile('licence.jpg'),
  ]);
  await until(() => h.container.querySelector('[role="progressbar"]') === null, 'the upload');
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  vi.mocked(uploadFiles).mockResolvedValue([uploaded]);
});
afterEach(() => h.cleanup());

describe('license_page', () => {
  it('keeps showing the approved licence while a new one is reviewed, with no upload meanwhile', async () => {
    setSession(owner);
    h.serve(
      Calls.licenceDetail,
      ok(
        state({
          current: licence(),
          pending: licence({ id: 2, status: 'pending', image: image(2), reviewedAt: null }),
        }),
      ),
    );
    await render(Paths.licensePage);
    await until(() => testId('licence-pending') !== null, 'the licence state');
    expect(testId('licence-current')?.querySelector('img')?.getAttribute('src')).toBe(image(1).thumbUrl);
    expect(testId('licence-current')?.textContent).toContain('2026-11-02 审核通过');
    expect(testId('licence-pending')?.textContent).toContain('审核通过前，店铺继续展示当前营业执照');
    expect(testId('licence-upload')).toBeNull();
  });

  it('shows why a licence was rejected and sends a new one for review', async () => {
    setSession(owner);
    h.serve(
      Calls.licenceDetail,
      ok(state({ rejected: licence({ status: 'rejected', reason: '照片模糊', reviewedAt: null }) })),
    );
    h.serve(
      Calls.submitLicence,
      ok(state({ pending: licence({ id: 3, status: 'pending', image: image(3), reviewedAt: null }) })),
    );
    await render(Paths.licensePage);
    await until(() => testId('licence-rejected') !== null, 'the rejection');
    expect(testId('licence-rejected')?.textContent).toContain('原因：照片模糊');

    await click(testId('licence-submit'));
    expect(text()).toContain('请先上传营业执照照片');
    expect(h.calls(Calls.submitLicence)).toEqual([]);

    await pickLicence();
    expect(vi.mocked(uploadFiles).mock.calls[0]?.[1]).toMatchObject({ kind: 'licence' });
    await click(testId('licence-submit'));
    await until(() => testId('licence-pending') !== null, 'the pending licence');
    expect(h.calls(Calls.submitLicence)).toEqual([expect.objectContaining({ fileId: '42' })]);
    expect(showSuccess).toHaveBeenCalledWith('已提交，请等待审核');
    expect(testId('licence-upload')).toBeNull();
  });

  it('keeps the uploaded picture when the server refuses it', async () => {
    setSession(owner);
    h.serve(Calls.licenceDetail, ok(state()));
    h.serve(Calls.submitLicence, fail(CodeFlag.conflict, '营业执照审核中，请等待审核结果'));
    await render(Paths.licensePage);
    await until(() => testId('licence-upload') !== null, 'the upload section');
    await pickLicence();
    await click(testId('licence-submit'));
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the refusal');
    expect(showFail).toHaveBeenCalledWith('营业执照审核中，请等待审核结果');
    expect(h.container.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(1);
  });

  it('lets employees look but not upload', async () => {
    setSession(employee);
    h.serve(Calls.licenceDetail, ok(state({ current: licence(), editable: false })));
    await render(Paths.licensePage);
    await until(() => testId('licence-current') !== null, 'the licence');
    expect(testId('licence-upload')).toBeNull();
    expect(text()).toContain('您可以查看营业执照；上传需要“公司信息与认证”权限，请联系公司管理员');
  });

  it('asks a visitor to log in', async () => {
    await render(Paths.licensePage);
    expect(text()).toContain('登录后查看营业执照');
    expect(h.calls(Calls.licenceDetail)).toEqual([]);
  });
});

describe('license_display', () => {
  const captcha = (key: string) => ok({ captchaKey: key, svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
  const captchaInput = () => h.container.querySelector<HTMLInputElement>('input[name="captcha"]');

  it('shows a visitor the licence and the company’s name after the captcha', async () => {
    h.serve(Calls.captchaImage, captcha('k1'));
    h.serve(
      Calls.licenceDisplay,
      ok({ rootId: 7, companyName: '南海铝业有限公司', image: image(9), approvedAt: '2026-11-02T02:00:00.000Z' }),
    );
    await render(`${Paths.licenseDisplay}?id=7`);
    expect(text()).toContain('营业执照信息');
    await until(() => captchaInput() !== null && h.calls(Calls.captchaImage).length === 1, 'the captcha');

    await click(testId('licence-view'));
    expect(text()).toContain('请输入图形验证码');
    expect(h.calls(Calls.licenceDisplay)).toEqual([]);

    await typeInto(captchaInput(), 'AB3D');
    await click(testId('licence-view'));
    await until(() => testId('licence-shown') !== null, 'the licence');
    expect(h.calls(Calls.licenceDisplay)).toEqual([
      expect.objectContaining({ rootId: '7', captchaKey: 'k1', captcha: 'AB3D' }),
    ]);
    expect(testId('licence-shown')?.textContent).toContain('南海铝业有限公司');
    expect(testId('licence-shown-image')?.querySelector('img')?.getAttribute('src')).toBe(image(9).thumbUrl);
  });

  it('shows a wrong answer under the field and brings a new captcha, without a toast', async () => {
    h.serve(Calls.captchaImage, captcha('k1'), captcha('k2'));
    h.serve(
      Calls.licenceDisplay,
      fail(CodeFlag.invalidInput, '图形验证码错误或已过期', { errors: { captcha: '图形验证码错误或已过期' } }),
    );
    await render(`${Paths.licenseDisplay}?id=7`);
    await until(() => captchaInput() !== null && h.calls(Calls.captchaImage).length === 1, 'the captcha');
    await typeInto(captchaInput(), 'zzzz');
    await click(testId('licence-view'));
    await until(() => text().includes('图形验证码错误或已过期'), 'the error');
    await until(() => h.calls(Calls.captchaImage).length === 2, 'a new captcha');
    expect(captchaInput()?.value).toBe('');
    expect(testId('licence-shown')).toBeNull();
    expect(showFail).not.toHaveBeenCalled();
  });

  it('says when the company has no approved licence, and when no company is named', async () => {
    h.serve(Calls.captchaImage, captcha('k1'));
    h.serve(Calls.licenceDisplay, fail(CodeFlag.notFound, '该公司暂无审核通过的营业执照'));
    await render(`${Paths.licenseDisplay}?id=7`);
    await until(() => captchaInput() !== null, 'the captcha');
    await typeInto(captchaInput(), 'ab3d');
    await click(testId('licence-view'));
    await until(() => text().includes('暂无营业执照'), 'the empty state');
    expect(text()).toContain('该公司暂无审核通过的营业执照');
    await h.cleanup();

    h.install();
    await render(Paths.licenseDisplay);
    expect(text()).toContain('缺少企业信息');
    expect(h.calls(Calls.captchaImage)).toEqual([]);
  });
});

describe('modify_company', () => {
  const change = (over: Partial<TCompanyNameChange> = {}): TCompanyNameChange => ({
    id: 5,
    rootId: 7,
    companyName: '旧名铝业有限公司',
    modifyCompanyName: '新名铝业有限公司',
    status: 'pending',
    reason: '',
    createdAt: '2026-11-20T02:00:00.000Z',
    reviewedAt: null,
    licence: image(5),
    ...over,
  });
  const info = (over: Partial<TCompanyInfo> = {}) =>
    ({
      rootId: 7,
      name: '旧名铝业有限公司',
      companyModifyInfo: null,
      editable: true,
      ...over,
    }) as TCompanyInfo;
  const nameInput = () => h.container.querySelector<HTMLInputElement>('input[name="name"]');

  it('shows a change under review with the old name still in use, and no form', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(info({ companyModifyInfo: change() })));
    await render(Paths.modifyCompany);
    await until(() => testId('name-change-pending') !== null, 'the change');
    expect(testId('current-name')?.textContent).toBe('旧名铝业有限公司');
    expect(testId('name-change-pending')?.textContent).toContain('新名铝业有限公司');
    expect(testId('name-change-pending')?.textContent).toContain('审核通过前继续使用原名称「旧名铝业有限公司」');
    expect(testId('name-change-form')).toBeNull();
  });

  it('needs a valid name and a new licence, then sends both for review', async () => {
    setSession(owner);
    h.serve(
      Calls.companyInfo,
      ok(info({ companyModifyInfo: change({ status: 'rejected', reason: '与营业执照不一致' }) })),
    );
    h.serve(Calls.requestNameChange, ok(info({ companyModifyInfo: change({ id: 6 }) })));
    await render(Paths.modifyCompany);
    await until(() => testId('name-change-rejected') !== null, 'the rejection');
    expect(testId('name-change-rejected')?.textContent).toContain('原因：与营业执照不一致');

    await typeInto(nameInput(), 'A');
    await click(testId('name-change-submit'));
    expect(text()).toContain('请输入有效的公司名称');
    expect(text()).toContain('请上传新的营业执照');
    expect(h.calls(Calls.requestNameChange)).toEqual([]);

    await typeInto(nameInput(), '新名铝业有限公司');
    await pickLicence();
    await click(testId('name-change-submit'));
    await until(() => testId('name-change-pending') !== null, 'the pending change');
    expect(h.calls(Calls.requestNameChange)).toEqual([
      expect.objectContaining({ name: '新名铝业有限公司', licenceFileId: '42' }),
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已提交，审核期间继续使用原名称');
  });

  it('offers to contact the holder of a taken name, or to choose another', async () => {
    setSession(owner);
    const taken = fail(CodeFlag.conflict, '该公司名称已被注册，您可以联系持有人或更换名称', {
      data: { canContactHolder: true },
    });
    h.serve(Calls.companyInfo, ok(info()));
    h.serve(Calls.requestNameChange, taken);
    h.serve(Calls.contactNameHolder, ok(null));
    await render(Paths.modifyCompany);
    await until(() => nameInput() !== null, 'the form');
    await typeInto(nameInput(), '华南铜业有限公司');
    await pickLicence();
    await click(testId('name-change-submit'));
    await until(() => buttonWith(document.body, '联系持有人') !== undefined, 'the dialog');
    expect(document.body.textContent).toContain('该公司名称已被注册，您可以联系持有人或更换名称');
    expect(showFail).not.toHaveBeenCalled();
    await click(buttonWith(document.body, '联系持有人'));
    await until(() => h.calls(Calls.contactNameHolder).length === 1, 'the notice to the holder');
    expect(h.calls(Calls.contactNameHolder)[0]).toMatchObject({ name: '华南铜业有限公司' });
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the confirmation');
    expect(showSuccess).toHaveBeenCalledWith('已通知该名称的持有人');
    // Nothing is lost: the name and the uploaded licence are still there for another try.
    expect(nameInput()?.value).toBe('华南铜业有限公司');
    expect(h.container.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(1);

    // The first dialog may still be leaving (its animation); the newest one is last in the page.
    const newest = (label: string) =>
      [...document.body.querySelectorAll('button')].filter((b) => b.textContent?.trim() === label).at(-1);
    const dialogs = document.body.querySelectorAll('.adm-dialog').length;
    await click(testId('name-change-submit'));
    await until(() => document.body.querySelectorAll('.adm-dialog').length > dialogs, 'the dialog again');
    await click(newest('更换名称'));
    await until(() => text().includes('请换一个公司名称'), 'the hint');
    expect(h.calls(Calls.contactNameHolder)).toHaveLength(1);
  });

  it('asks for a company name first when there is none', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(info({ name: '' })));
    await render(Paths.modifyCompany);
    await until(() => text().includes('尚未填写公司名称'), 'the empty state');
    await click(buttonWith(h.container, '去填写'));
    expect(h.router.state.location.pathname).toBe(Paths.userCenter);
  });
});
