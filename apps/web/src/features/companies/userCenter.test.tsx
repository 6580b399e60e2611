// @vitest-environment happy-dom
import { Calls, CodeFlag, MAX_BUSINESS_PHONES, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { completeCompany, employee, freshCompany, owner } from './fixtures';
import LinkInfoPage from './pages/LinkInfoPage';
import UserCenterPage from './pages/UserCenterPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = () =>
  h.render(
    {
      [Paths.userCenter]: UserCenterPage,
      [Paths.linkInfo]: LinkInfoPage,
      [Paths.login]: Elsewhere,
      [Paths.modifyCompany]: Elsewhere,
      [Paths.managerAddress]: Elsewhere,
      [Paths.sellScope]: Elsewhere,
      [Paths.openShop]: Elsewhere,
    },
    Paths.userCenter,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const input = (name: string) => h.container.querySelector(`[name="${name}"]`);
const fieldError = (field: string) => h.container.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent;
/** A dialog's button: the newest match, since a dialog that just closed may still be fading out. */
const dialogButton = (label: string) =>
  [...document.body.querySelectorAll('.adm-dialog button')].filter((b) => b.textContent?.trim() === label).at(-1);
const loaded = () => until(() => h.container.querySelector('[data-field="brand"]') !== null, 'the form');

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(() => h.cleanup());

describe('user_center for a new user', () => {
  it('says what the company-info gate still wants, each part leading to where it is filled', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    await render();
    await loaded();
    expect(testId('company-missing')?.textContent).toContain('完善以下信息后，即可发布现货、报价和开通店铺');
    expect([...h.container.querySelectorAll('[data-testid^="missing-"]')].map((e) => e.textContent)).toEqual([
      '公司名称',
      '经营模式',
      '联系方式',
      '经营地址',
    ]);
    expect(testId('row-link')?.textContent).toContain('未填写');
    await click(testId('missing-linkInfo'));
    expect(h.router.state.location.pathname).toBe(Paths.linkInfo);
  });

  it('sets the first name after a confirmation', async () => {
    setSession(owner);
    const named = freshCompany({
      name: '佛山南海铝业有限公司',
      missing: ['businessModel', 'linkInfo', 'manageAddress'],
    });
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.setCompanyName, ok(named));
    await render();
    await loaded();

    await typeInto(input('name'), 'A');
    await click(testId('set-name'));
    expect(fieldError('name')).toBe('请输入有效的公司名称');
    expect(h.calls(Calls.setCompanyName)).toEqual([]);

    await typeInto(input('name'), ' 佛山南海铝业有限公司 ');
    expect(fieldError('name')).toBeUndefined();
    await click(testId('set-name'));
    await until(() => dialogButton('确定') !== undefined, 'the confirmation');
    expect(document.body.textContent).toContain('确定使用「佛山南海铝业有限公司」作为公司名称？');
    await click(dialogButton('确定'));
    await until(() => testId('company-name-row') !== null, 'the name row');
    expect(h.calls(Calls.setCompanyName)).toEqual([expect.objectContaining({ name: '佛山南海铝业有限公司' })]);
    expect(testId('company-name-row')?.textContent).toContain('佛山南海铝业有限公司');
    expect(showSuccess).toHaveBeenCalledWith('已保存');
    await click(testId('company-name-row'));
    expect(h.router.state.location.pathname).toBe(Paths.modifyCompany);
  });

  it('offers to contact the holder of a taken name, or to choose another', async () => {
    setSession(owner);
    const taken = fail(CodeFlag.conflict, translate('company.nameTaken', 'zh-CN'), {
      data: { canContactHolder: true },
    });
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.setCompanyName, taken);
    h.serve(Calls.contactNameHolder, ok(null));
    await render();
    await loaded();
    await typeInto(input('name'), '佛山南海铝业有限公司');
    await click(testId('set-name'));
    await until(() => dialogButton('确定') !== undefined, 'the confirmation');
    await click(dialogButton('确定'));
    await until(() => h.calls(Calls.setCompanyName).length === 1, 'set_name');
    await until(() => dialogButton('联系持有人') !== undefined, 'the choice');
    expect(document.body.textContent).toContain('该公司名称已被注册，您可以联系持有人或更换名称');
    // The choice is the answer, not an error toast.
    expect(showFail).not.toHaveBeenCalled();
    await click(dialogButton('联系持有人'));
    await until(() => h.calls(Calls.contactNameHolder).length === 1, 'contact_holder');
    expect(h.calls(Calls.contactNameHolder)[0]).toMatchObject({ name: '佛山南海铝业有限公司' });
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the notice');
    expect(showSuccess).toHaveBeenCalledWith('已通知该名称的持有人');
    // The typed name stays, marked as taken, ready to be changed.
    expect((input('name') as HTMLInputElement).value).toBe('佛山南海铝业有限公司');
    expect(fieldError('name')).toBe('该公司名称已被注册，您可以联系持有人或更换名称');

    await click(testId('set-name'));
    await until(() => dialogButton('确定') !== undefined, 'the confirmation');
    await click(dialogButton('确定'));
    await until(() => dialogButton('更换名称') !== undefined, 'the choice');
    await click(dialogButton('更换名称'));
    expect(h.calls(Calls.contactNameHolder)).toHaveLength(1);
    expect((input('name') as HTMLInputElement).value).toBe('佛山南海铝业有限公司');
  });

  it('saves the edited fields only, with the business model and numbers', async () => {
    setSession(owner);
    const saved = freshCompany({
      brand: '南海铝',
      businessModel: 'trader',
      phones: ['0757-86001234', '13800138000'],
      missing: ['name', 'linkInfo', 'manageAddress'],
    });
    const basicSaved = freshCompany({ brand: '南海铝', businessModel: 'trader', missing: saved.missing });
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.saveCompanyInfo, ok(basicSaved), ok(saved));
    await render();
    await loaded();
    // Nothing changed, nothing to save.
    expect(testId('company-save-basic')).toBeNull();
    expect(testId('company-save-contact')).toBeNull();

    await typeInto(input('brand'), '南海铝');
    await click(testId('model-trader'));
    await click(testId('add-phones'));
    await click(testId('add-phones'));
    await click(testId('add-phones'));
    await typeInto(input('phones.0'), '0757-86001234');
    await typeInto(input('phones.2'), '13800138000');
    // Each card says it has unsaved changes and saves only its own fields.
    expect(testId('unsaved-basic')?.textContent).toContain('有未保存的修改');
    expect(testId('unsaved-contact')?.textContent).toContain('有未保存的修改');
    expect(testId('missing-businessModel')).not.toBeNull();
    await click(testId('company-save-basic'));
    await until(() => h.calls(Calls.saveCompanyInfo).length === 1, 'save');
    expect(h.calls(Calls.saveCompanyInfo)[0]).toMatchObject({ brand: '南海铝', businessModel: 'trader' });
    expect(h.calls(Calls.saveCompanyInfo)[0]).not.toHaveProperty('phones');
    // The banner is the answer's: the business model is no longer asked for.
    await until(() => testId('missing-businessModel') === null, 'the banner updated');
    expect(testId('missing-linkInfo')).not.toBeNull();
    await until(() => testId('company-save-basic') === null, 'the basic card saved');
    expect(showSuccess).toHaveBeenCalledWith('已保存');
    // The contact card's edits are still there, still unsaved.
    expect((input('phones.2') as HTMLInputElement).value).toBe('13800138000');
    await click(testId('company-save-contact'));
    await until(() => h.calls(Calls.saveCompanyInfo).length === 2, 'the second save');
    // The blank middle row is an unused slot: it is dropped, not sent.
    expect(h.calls(Calls.saveCompanyInfo)[1]).toMatchObject({ phones: '["0757-86001234","13800138000"]' });
    for (const field of ['brand', 'businessModel', 'qq'])
      expect(h.calls(Calls.saveCompanyInfo)[1]).not.toHaveProperty(field);
    await until(() => testId('company-save-contact') === null, 'the contact card saved');
    expect(sessionStorage.getItem('metal.companies.form.7')).toBeNull();
  });

  it('shows each bad field’s error beside it, sends nothing, and keeps what was typed', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    await render();
    await loaded();
    await click(testId('add-phones'));
    await typeInto(input('phones.0'), '12345');
    await typeInto(input('qq'), '0123');
    await typeInto(input('webUrl'), 'nanhai.cn');
    await click(testId('company-save-contact'));
    expect(fieldError('phones.0')).toBe('请输入正确的电话号码');
    expect(fieldError('qq')).toBe('请输入正确的QQ号');
    expect(fieldError('webUrl')).toBe('网址应以 http:// 或 https:// 开头');
    expect(showFail).toHaveBeenCalledWith('请输入正确的电话号码');
    expect(h.calls(Calls.saveCompanyInfo)).toEqual([]);
    expect((input('qq') as HTMLInputElement).value).toBe('0123');

    // Fixing a field clears its error only.
    await typeInto(input('qq'), '123456');
    expect(fieldError('qq')).toBeUndefined();
    expect(fieldError('webUrl')).toBe('网址应以 http:// 或 https:// 开头');

    setLanguage('en-US');
    await until(() => fieldError('webUrl') === 'The website must start with http:// or https://', 'English errors');
  });

  it('keeps what was typed when the server refuses, with its reasons beside the fields', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(
      Calls.saveCompanyInfo,
      fail(CodeFlag.invalidInput, '请输入正确的微信号', { errors: { wechat: '请输入正确的微信号' } }),
    );
    await render();
    await loaded();
    await typeInto(input('wechat'), 'nanhai_al');
    await click(testId('company-save-contact'));
    await until(() => fieldError('wechat') !== undefined, 'the server’s error');
    expect(fieldError('wechat')).toBe('请输入正确的微信号');
    expect((input('wechat') as HTMLInputElement).value).toBe('nanhai_al');
    expect(JSON.parse(sessionStorage.getItem('metal.companies.form.7') ?? '{}')).toMatchObject({ wechat: 'nanhai_al' });
  });

  it('holds at most 5 phones: the add button says so at the limit', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany({ phones: ['13800138000'] })));
    await render();
    await loaded();
    const numbers = testId('numbers-phones');
    expect(numbers?.textContent).toContain(`1/${MAX_BUSINESS_PHONES}`);
    for (let i = 1; i < MAX_BUSINESS_PHONES; i++) await click(testId('add-phones'));
    expect(numbers?.querySelectorAll('input')).toHaveLength(MAX_BUSINESS_PHONES);
    expect((testId('add-phones') as HTMLButtonElement).disabled).toBe(true);
    expect(testId('add-phones')?.textContent).toContain('最多 5 个');
    await click(buttonWith(h.container, '删除第 2 个电话'));
    expect(numbers?.querySelectorAll('input')).toHaveLength(MAX_BUSINESS_PHONES - 1);
    expect((testId('add-phones') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps unsaved changes across a visit to a sub-page', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    await render();
    await loaded();
    await typeInto(input('brand'), '南海铝');
    await typeInto(input('name'), '佛山南海');
    await click(testId('row-sell'));
    expect(h.router.state.location.pathname).toBe(Paths.sellScope);
    await h.router.navigate(-1);
    await loaded();
    expect((input('brand') as HTMLInputElement).value).toBe('南海铝');
    expect((input('name') as HTMLInputElement).value).toBe('佛山南海');
    expect(testId('unsaved-basic')?.textContent).toContain('有未保存的修改');
  });
});

describe('user_center for a complete company', () => {
  it('shows everything filled, without the gate’s banner, and the rows to the other pages', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(completeCompany()));
    await render();
    await loaded();
    expect(testId('company-missing')).toBeNull();
    expect(testId('row-sell')?.textContent).toContain('A00铝 · 6063铝棒加工费');
    expect(testId('row-buy')?.textContent).toContain('氧化铝');
    expect(testId('row-link')?.textContent).toContain('张三 13800138000');
    expect(testId('row-address')?.textContent).toContain('广东省 佛山市 南海区 大沥镇广佛路1号');
    expect(testId('model-producer')?.getAttribute('aria-pressed')).toBe('true');
    for (const row of ['营业执照', '实人认证', '公司相册', '开通店铺']) expect(text()).toContain(row);
    await click(buttonWith(h.container, '开通店铺'));
    expect(h.router.state.location.pathname).toBe(Paths.openShop);
  });

  it('shows a name change under review, and a rejected one with its reason', async () => {
    setSession(owner);
    const change = {
      id: 1,
      rootId: 7,
      companyName: '佛山南海铝业有限公司',
      modifyCompanyName: '南海新材料有限公司',
      status: 'pending' as const,
      reason: '',
      createdAt: '2026-11-20T00:00:00.000Z',
      reviewedAt: null,
      licence: null,
    };
    h.serve(Calls.companyInfo, ok(completeCompany({ companyModifyInfo: change })));
    await render();
    await loaded();
    expect(testId('name-change')?.textContent).toBe('变更为「南海新材料有限公司」审核中');
    expect(testId('company-name-row')?.textContent).toContain('佛山南海铝业有限公司');
    await h.cleanup();
    h.install();
    h.serve(
      Calls.companyInfo,
      ok(completeCompany({ companyModifyInfo: { ...change, status: 'rejected', reason: '与营业执照不一致' } })),
    );
    await render();
    await loaded();
    expect(testId('name-change')?.textContent).toBe('变更为「南海新材料有限公司」未通过：与营业执照不一致');
  });
});

describe('user_center for others', () => {
  it('shows an employee the company read-only', async () => {
    setSession(employee);
    h.serve(Calls.companyInfo, ok(completeCompany({ editable: false })));
    await render();
    await loaded();
    expect(testId('company-readonly')?.textContent).toBe(
      '您可以查看公司信息；修改需要“公司信息与认证”权限，请联系公司管理员',
    );
    expect(h.container.querySelectorAll('input')).toHaveLength(0);
    expect(h.container.querySelector('[data-testid^="company-save"]')).toBeNull();
    expect(testId('add-phones')).toBeNull();
    expect(text()).toContain('0757-86001234');
    expect(text()).toContain('生产商');
    // The name is not theirs to change.
    expect(testId('company-name-row')?.tagName).toBe('DIV');
  });

  it('tells an employee what is missing without offering to fill it', async () => {
    setSession(employee);
    h.serve(Calls.companyInfo, ok(freshCompany({ editable: false })));
    await render();
    await loaded();
    expect(testId('company-missing')?.textContent).toContain('公司信息尚未完善，请联系公司主账号补充');
    expect(testId('missing-name')?.tagName).toBe('SPAN');
  });

  it('sends a visitor to login', async () => {
    await render();
    await until(() => h.router.state.location.pathname === Paths.login, 'login');
    expect(h.calls(Calls.companyInfo)).toEqual([]);
  });

  it('offers a retry when the company info cannot load', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, fail(CodeFlag.serverFault, '服务器开小差了'), ok(freshCompany()));
    await render();
    await until(() => text().includes('服务器开小差了'), 'the failed state');
    await click(buttonWith(h.container, '重试'));
    await loaded();
    expect(testId('company-missing')).not.toBeNull();
  });
});

describe('link_info', () => {
  const renderLink = () =>
    h.render(
      { [Paths.linkInfo]: LinkInfoPage, [Paths.userCenter]: Elsewhere, [Paths.login]: Elsewhere },
      Paths.linkInfo,
    );

  it('requires the contact person and a valid business phone, then saves both', async () => {
    setSession(owner);
    const saved = freshCompany({ linkInfo: { linkName: '李四', linkPhone: '0757-86001234' } });
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.saveLinkInfo, ok(saved));
    await renderLink();
    await until(() => testId('link-save') !== null, 'the form');
    expect(text()).toContain('两项均为必填');
    await typeInto(input('linkPhone'), '12345');
    await click(testId('link-save'));
    expect(fieldError('linkName')).toBe('请填写联系人');
    expect(fieldError('linkPhone')).toBe('请输入正确的电话号码');
    expect(h.calls(Calls.saveLinkInfo)).toEqual([]);

    await typeInto(input('linkName'), ' 李四 ');
    await typeInto(input('linkPhone'), '0757-86001234');
    await click(testId('link-save'));
    await until(() => h.calls(Calls.saveLinkInfo).length === 1, 'save_link');
    expect(h.calls(Calls.saveLinkInfo)[0]).toMatchObject({
      linkName: '李四',
      linkPhone: '0757-86001234',
    });
    await until(() => h.router.state.location.pathname === Paths.userCenter, 'back to user_center');
  });

  it('keeps what was typed when the server refuses', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.saveLinkInfo, fail(CodeFlag.forbidden, '仅公司主账号可以修改公司信息'));
    await renderLink();
    await until(() => testId('link-save') !== null, 'the form');
    await typeInto(input('linkName'), '李四');
    await typeInto(input('linkPhone'), '13800138000');
    await click(testId('link-save'));
    await until(() => h.calls(Calls.saveLinkInfo).length === 1, 'save_link');
    expect(h.router.state.location.pathname).toBe(Paths.linkInfo);
    expect((input('linkName') as HTMLInputElement).value).toBe('李四');
    expect((input('linkPhone') as HTMLInputElement).value).toBe('13800138000');
  });

  it('shows an employee the contact read-only', async () => {
    setSession(employee);
    h.serve(Calls.companyInfo, ok(completeCompany({ editable: false })));
    await renderLink();
    await until(() => text().includes('张三'), 'the contact');
    expect(h.container.querySelectorAll('input')).toHaveLength(0);
    expect(testId('link-save')).toBeNull();
  });
});
