// @vitest-environment happy-dom
import {
  type CallResponse,
  Calls,
  CodeFlag,
  MESSAGES,
  type TCapacityDetail,
  type TCapacityItem,
  type TCapacityMinePage,
  type TShopDetail,
  type TUploadedFile,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';
import { employeeProfile } from '../../test/fixtures';
import { pickFiles, pictureFile } from '../../test/inputs';
import {
  buttonWith,
  click,
  createPageHarness,
  fail,
  layOutForInfiniteScroll,
  ok,
  typeInto,
  until,
} from '../../test/pageHarness';
import { freshCompany, owner } from '../companies/fixtures';
import CompanyPage from '../shops/pages/CompanyPage';
import CapacityDetailPage from './pages/CapacityDetailPage';
import CapacityManagePage from './pages/CapacityManagePage';
import ChooseCapacityAttrPage from './pages/ChooseCapacityAttrPage';
import InputCapacityPage from './pages/InputCapacityPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));

const item = (id: number, over: Partial<TCapacityItem> = {}): TCapacityItem => ({
  id,
  rootId: 7,
  sortId: 13,
  sortName: 'A00铝',
  metal: 'aluminium',
  productName: `6063铝棒${id}`,
  minOrderKg: 20_500,
  monthlyOutputKg: 3_000_000,
  attributes: [{ name: 'grade', value: '6063' }],
  cover: null,
  imageCount: 0,
  status: 'waiting',
  reason: '',
  submittedAt: '2026-11-20T02:00:00.000Z',
  reviewedAt: null,
  review: { awaitingLicence: false, dueDate: '2026-11-27', overdue: false },
  ...over,
});

const detail = (over: Partial<TCapacityDetail> = {}): TCapacityDetail => ({
  ...item(5),
  info: '月底前交货',
  images: [{ id: 31, url: '/files/images/7/31.png', thumbUrl: '/files/images/7/31.thumb.png' }],
  contact: { name: '李四', phone: '13900001111', masked: false },
  company: {
    rootId: 7,
    name: '佛山南海铝材有限公司',
    province: '广东省',
    city: '佛山市',
    shopOpen: true,
    licence: true,
  },
  mine: true,
  isDemo: false,
  ...over,
});

const minePage = (list: TCapacityItem[], over: Partial<TCapacityMinePage> = {}): TCapacityMinePage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  licenceApproved: true,
  ...over,
});

const sorts: CallResponse<typeof Calls.marketSorts> = [
  { id: 13, sortName: 'A00铝', sortUnit: 'CNY/t', metal: 'aluminium', physical: true, series: [] },
  { id: 12, sortName: '1#电解铜', sortUnit: 'CNY/t', metal: 'copper', physical: true, series: [] },
];
const company = freshCompany({ linkInfo: { linkName: '张三', linkPhone: '13800138000' }, complete: true, missing: [] });

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.capacityManage]: CapacityManagePage,
      [Paths.inputCapacity]: InputCapacityPage,
      [Paths.chooseCapacityAttr]: ChooseCapacityAttrPage,
      [Paths.capacityDetail]: CapacityDetailPage,
      [Paths.company]: CompanyPage,
      [Paths.login]: Stub,
      [Paths.chatPage]: Stub,
      [Paths.licensePage]: Stub,
      [Paths.userCenter]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const field = (name: string) => h.container.querySelector<HTMLInputElement>(`[name="${name}"]`);
const errorOf = (name: string) => h.container.querySelector(`[data-field="${name}"] [role="alert"]`)?.textContent;
const cards = () => [...h.container.querySelectorAll('[data-testid="capacity-card"]')];
/** The newest element with this text anywhere in the page (dialogs and sheets render outside the page). */
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const zh = (key: keyof typeof MESSAGES) => MESSAGES[key]['zh-CN'];

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(() => h.cleanup());

describe('capacity_manage', () => {
  it('lists the capacities with status, the reason, the due date (overdue marked) and their tonnages', async () => {
    setSession(owner);
    h.serve(
      Calls.capacityMine,
      ok(
        minePage([
          item(1),
          item(2, { status: 'waiting', review: { awaitingLicence: false, dueDate: '2026-11-18', overdue: true } }),
          item(3, {
            status: 'notPassed',
            reason: '图片与产品不符',
            review: { awaitingLicence: false, dueDate: null, overdue: false },
          }),
          item(4, {
            status: 'passed',
            productName: '',
            review: { awaitingLicence: false, dueDate: null, overdue: false },
          }),
        ]),
      ),
    );
    await render(Paths.capacityManage);
    await until(() => cards().length === 4, 'the cards');
    const [waiting, overdue, rejected, passed] = cards();
    expect(waiting?.querySelector('[data-testid="capacity-status"]')?.textContent).toBe('审核中');
    expect(waiting?.textContent).toContain('起订量 20.5 吨');
    expect(waiting?.textContent).toContain('月产量 3000 吨');
    expect(waiting?.textContent).toContain('牌号 6063');
    expect(waiting?.querySelector('[data-testid="capacity-due"]')?.textContent).toBe('预计 2026-11-27 前审核完成');
    const late = overdue?.querySelector('[data-testid="capacity-due"]');
    expect(late?.textContent).toBe('审核已超过预计完成日 2026-11-18，请联系客服');
    expect(late?.classList.contains('is-overdue')).toBe(true);
    expect(rejected?.querySelector('[data-testid="capacity-status"]')?.textContent).toBe('未通过');
    expect(rejected?.querySelector('[data-testid="capacity-reason"]')?.textContent).toBe('未通过原因：图片与产品不符');
    expect(passed?.querySelector('[data-testid="capacity-status"]')?.textContent).toBe('已通过');
    expect(passed?.querySelector('.mm-cap-card-title')?.textContent).toBe('A00铝');
    expect(passed?.querySelector('[data-testid="capacity-due"]')).toBeNull();
    expect(testId('licence-pending')).toBeNull();
    expect(text()).toContain('共 4 条');
    expect(text()).toContain('没有更多了');

    await click(rejected?.querySelector('[data-testid="capacity-modify"]'));
    expect(h.router.state.location.pathname).toBe(Paths.inputCapacity);
    expect(h.router.state.location.search).toBe('?id=3');
  });

  it('says review starts after company approval while the licence is not approved', async () => {
    setSession(owner);
    h.serve(
      Calls.capacityMine,
      ok(
        minePage([item(1, { review: { awaitingLicence: true, dueDate: null, overdue: false } })], {
          licenceApproved: false,
        }),
      ),
    );
    await render(Paths.capacityManage);
    await until(() => cards().length === 1, 'the card');
    expect(testId('licence-pending')?.textContent).toContain('公司营业执照审核通过后，平台才开始审核产能');
    expect(testId('capacity-due')?.textContent).toBe('公司审核通过后开始审核');
    await click(buttonWith(testId('licence-pending')!, '去上传营业执照'));
    expect(h.router.state.location.pathname).toBe(Paths.licensePage);
  });

  it('deletes a capacity only after the user confirms', async () => {
    setSession(owner);
    h.serve(Calls.capacityMine, ok(minePage([item(1), item(2)])), ok(minePage([item(2)])));
    h.serve(Calls.capacityDelete, ok(null));
    await render(Paths.capacityManage);
    await until(() => cards().length === 2, 'the cards');
    await click(cards()[0]?.querySelector('[data-testid="capacity-delete"]'));
    await until(() => document.body.textContent?.includes('确定删除产能“6063铝棒1”吗') ?? false, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(h.calls(Calls.capacityDelete)).toEqual([]);

    await click(cards()[0]?.querySelector('[data-testid="capacity-delete"]'));
    await until(() => newest('.adm-dialog-button', '删除') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => h.calls(Calls.capacityDelete).length === 1, 'the delete');
    expect(h.calls(Calls.capacityDelete)[0]).toMatchObject({ id: '1' });
    await until(() => cards().length === 1, 'the list again');
    expect(showSuccess).toHaveBeenCalledWith('已删除');
  });

  it('shows an empty state whose button opens the form once company info is complete', async () => {
    setSession(owner);
    h.serve(Calls.capacityMine, ok(minePage([])));
    h.serve(Calls.hasCompanyInfo, ok(null));
    h.serve(Calls.companyInfo, ok(company));
    h.serve(Calls.marketSorts, ok(sorts));
    await render(Paths.capacityManage);
    await until(() => text().includes('还没有发布产能'), 'the empty state');
    await click(buttonWith(h.container, '发布产能'));
    await until(() => h.router.state.location.pathname === Paths.inputCapacity, 'the form');
    expect(h.calls(Calls.hasCompanyInfo)).toHaveLength(1);
  });

  it('loads the next page as the list scrolls to its end', async () => {
    layOutForInfiniteScroll();
    setSession(owner);
    h.serve(
      Calls.capacityMine,
      ok(minePage([item(1), item(2)], { hasMore: true, total: 3 })),
      ok(minePage([item(3)], { page: 2, total: 3 })),
    );
    await render(Paths.capacityManage);
    await until(() => cards().length === 3, 'both pages');
    expect(h.calls(Calls.capacityMine).map((c) => c.page)).toEqual(['1', '2']);
    expect(text()).toContain('没有更多了');
  });

  it('asks a visitor to log in', async () => {
    await render(Paths.capacityManage);
    await until(() => text().includes('登录后管理产能'), 'the login prompt');
    expect(h.calls(Calls.capacityMine)).toEqual([]);
  });
});

describe('capacity for an employee', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['stock'], true],
  ] as const)("shows the post, modify and delete actions only to one %s 'stock'", async (_, permissions, shown) => {
    setSession(owner);
    h.serve(Calls.info, ok(employeeProfile([...permissions])));
    h.serve(Calls.capacityMine, ok(minePage([item(1)])));
    await render(Paths.capacityManage);
    await until(() => cards().length === 1 && h.calls(Calls.info).length === 1, 'the card and the profile');
    await until(() => (testId('capacity-post') !== null) === shown, 'the actions settled');
    expect(testId('capacity-modify') !== null).toBe(shown);
    expect(testId('capacity-delete') !== null).toBe(shown);

    h.serve(Calls.capacityDetail, ok(detail({ mine: true })));
    await h.router.navigate(`${Paths.capacityDetail}?id=5`);
    await until(() => text().includes('6063铝棒5'), 'the detail');
    expect(testId('capacity-detail-modify') !== null).toBe(shown);
  });
});

describe('input_capacity', () => {
  /** What the form asks for; a test serves its other calls after. */
  const serveForm = () => {
    h.serve(Calls.companyInfo, ok(company));
    h.serve(Calls.hasCompanyInfo, ok(null));
    h.serve(Calls.marketSorts, ok(sorts));
  };

  async function chooseCategory(id: number) {
    await click(testId('capacity-category'));
    await until(() => document.body.querySelector(`[data-testid="category-${id}"]`) !== null, 'the categories');
    await click(document.body.querySelector(`[data-testid="category-${id}"]`));
  }

  it('checks every field before sending, with the shared messages beside them', async () => {
    setSession(owner);
    serveForm();
    await render(Paths.inputCapacity);
    await until(() => testId('capacity-submit') !== null, 'the form');
    // The contact comes from the company's contact info.
    expect(field('contactName')?.value).toBe('张三');
    expect(field('contactPhone')?.value).toBe('13800138000');
    await typeInto(field('contactName'), '');
    await typeInto(field('contactPhone'), '');

    await click(testId('capacity-submit'));
    expect(errorOf('sortId')).toBe(zh('capacity.categoryRequired'));
    expect(errorOf('minOrder')).toBe(zh('capacity.minOrderRequired'));
    expect(errorOf('monthlyOutput')).toBe(zh('capacity.monthlyOutputRequired'));
    expect(errorOf('contactName')).toBe(zh('capacity.contactNameRequired'));
    expect(errorOf('contactPhone')).toBe(zh('capacity.contactPhoneRequired'));
    expect(showFail).toHaveBeenLastCalledWith(zh('capacity.categoryRequired'));

    await chooseCategory(13);
    expect(testId('capacity-category')?.textContent).toBe('A00铝');
    expect(errorOf('sortId')).toBeUndefined();
    const cases: [string, string, string, keyof typeof MESSAGES][] = [
      ['minOrder', '1.2345', 'minOrder', 'capacity.tonsInvalid'],
      ['minOrder', '0', 'minOrder', 'capacity.tonsPositive'],
      ['minOrder', '2000000', 'minOrder', 'capacity.tonsTooLarge'],
      ['monthlyOutput', 'abc', 'monthlyOutput', 'capacity.tonsInvalid'],
      ['productName', '铝'.repeat(31), 'productName', 'capacity.productNameTooLong'],
      ['contactName', '李'.repeat(21), 'contactName', 'capacity.contactNameTooLong'],
      ['contactPhone', '12345', 'contactPhone', 'capacity.contactPhoneInvalid'],
    ];
    for (const [name, value, shownAt, key] of cases) {
      await typeInto(field(name), value);
      await click(testId('capacity-submit'));
      expect(errorOf(shownAt), `${name}=${value}`).toBe(zh(key));
    }
    expect(h.calls(Calls.capacitySave)).toEqual([]);
  });

  it('posts a capacity with its images and attributes, then goes to capacity_manage', async () => {
    setSession(owner);
    const uploaded: TUploadedFile = {
      id: 31,
      url: '/files/images/7/31.png',
      thumbUrl: '/files/images/7/31.thumb.png',
      name: 'p.jpg',
      size: 10,
      type: 'image/png',
    };
    vi.mocked(uploadFiles).mockResolvedValue([uploaded]);
    serveForm();
    h.serve(Calls.capacitySave, ok(detail()));
    h.serve(Calls.capacityMine, ok(minePage([item(5)])));
    await render(Paths.inputCapacity);
    await until(() => testId('capacity-submit') !== null, 'the form');
    await chooseCategory(13);
    await typeInto(field('productName'), ' 6063铝棒 ');
    await typeInto(field('minOrder'), '20.5');
    await typeInto(field('monthlyOutput'), '3000');
    await typeInto(h.container.querySelector('textarea'), '月底前交货');
    await pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), [pictureFile()]);
    await until(() => h.container.querySelectorAll('[data-testid="capacity-images"] img').length === 1, 'the image');

    // Attributes are chosen on their own page, which shares the draft.
    await click(testId('capacity-attributes'));
    await until(() => h.container.querySelector('[data-testid="attr-preset-grade"]') !== null, 'the presets');
    await click(h.container.querySelector('[data-testid="attr-preset-grade"]'));
    await click(buttonWith(h.container, '6063'));
    await click(testId('attr-done'));
    await until(() => h.router.state.location.pathname === Paths.inputCapacity, 'back on the form');
    await until(() => testId('capacity-attributes')?.textContent?.includes('牌号 6063') ?? false, 'the summary');
    expect(field('minOrder')?.value).toBe('20.5');
    expect(h.container.querySelectorAll('[data-testid="capacity-images"] img')).toHaveLength(1);

    await click(testId('capacity-submit'));
    await until(() => h.calls(Calls.capacitySave).length === 1, 'the save');
    expect(h.calls(Calls.capacitySave)[0]).toMatchObject({
      sortId: '13',
      productName: '6063铝棒',
      minOrder: '20.5',
      monthlyOutput: '3000',
      attributes: JSON.stringify([{ name: 'grade', value: '6063' }]),
      info: '月底前交货',
      imageIds: '[31]',
      contactName: '张三',
      contactPhone: '13800138000',
    });
    expect(h.calls(Calls.capacitySave)[0]?.id).toBeUndefined();
    await until(() => h.router.state.location.pathname === Paths.capacityManage, 'capacity_manage');
    expect(showSuccess).toHaveBeenCalledWith('已提交，等待审核');
    expect(sessionStorage.length).toBe(0);
  });

  it('shows the server’s refusal beside its field and keeps what was typed', async () => {
    setSession(owner);
    serveForm();
    h.serve(
      Calls.capacitySave,
      fail(CodeFlag.invalidInput, zh('capacity.categoryUnknown'), {
        errors: { sortId: zh('capacity.categoryUnknown') },
      }),
    );
    await render(Paths.inputCapacity);
    await until(() => testId('capacity-submit') !== null, 'the form');
    await chooseCategory(12);
    await typeInto(field('minOrder'), '5');
    await typeInto(field('monthlyOutput'), '800');
    await click(testId('capacity-submit'));
    await until(() => errorOf('sortId') === zh('capacity.categoryUnknown'), 'the refusal');
    expect(field('monthlyOutput')?.value).toBe('800');
    expect(h.router.state.location.pathname).toBe(Paths.inputCapacity);
  });

  it('modifies a passed capacity only after the user agrees it goes back to review', async () => {
    setSession(owner);
    serveForm();
    h.serve(
      Calls.capacityDetail,
      ok(detail({ status: 'passed', review: { awaitingLicence: false, dueDate: null, overdue: false } })),
    );
    h.serve(Calls.capacitySave, ok(detail()));
    h.serve(Calls.capacityMine, ok(minePage([item(5)])));
    await render(`${Paths.inputCapacity}?id=5`);
    await until(() => field('minOrder')?.value === '20.5', 'the capacity');
    expect(field('monthlyOutput')?.value).toBe('3000');
    expect((testId('capacity-submit') as HTMLButtonElement).disabled).toBe(true);
    await typeInto(field('monthlyOutput'), '3500');
    await click(testId('capacity-submit'));
    await until(
      () => document.body.textContent?.includes('该产能已通过审核。修改后需要重新审核') ?? false,
      'the question',
    );
    await click(newest('.adm-dialog-button', '取消'));
    expect(h.calls(Calls.capacitySave)).toEqual([]);

    await click(testId('capacity-submit'));
    await until(() => newest('.adm-dialog-button', '确定修改') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '确定修改'));
    await until(() => h.calls(Calls.capacitySave).length === 1, 'the save');
    expect(h.calls(Calls.capacitySave)[0]).toMatchObject({ id: '5', monthlyOutput: '3500', imageIds: '[31]' });
  });

  it('shows why a capacity did not pass and sends a change without asking', async () => {
    setSession(owner);
    serveForm();
    h.serve(Calls.capacityDetail, ok(detail({ status: 'notPassed', reason: '规格不清' })));
    h.serve(Calls.capacitySave, ok(detail()));
    h.serve(Calls.capacityMine, ok(minePage([item(5)])));
    await render(`${Paths.inputCapacity}?id=5`);
    await until(() => text().includes('未通过原因：规格不清。修改后将重新审核。'), 'the reason');
    await typeInto(field('productName'), '6063铝棒 Φ120');
    await click(testId('capacity-submit'));
    await until(() => h.calls(Calls.capacitySave).length === 1, 'the save');
    expect(h.calls(Calls.capacitySave)[0]).toMatchObject({ id: '5', productName: '6063铝棒 Φ120' });
  });

  it('will not modify another company’s capacity', async () => {
    setSession(owner);
    serveForm();
    h.serve(Calls.capacityDetail, ok(detail({ mine: false, status: 'passed' })));
    await render(`${Paths.inputCapacity}?id=5`);
    await until(() => text().includes('产能不存在或已删除'), 'the refusal');
    expect(testId('capacity-submit')).toBeNull();
  });
});

describe('choose_capacity_attr', () => {
  it('adds presets with the metal’s values and the user’s own attributes, refusing duplicates and blanks', async () => {
    setSession(owner);
    sessionStorage.setItem(
      'metal.capacities.draft.7.new',
      JSON.stringify({
        sortId: 12,
        productName: '',
        minOrder: '',
        monthlyOutput: '',
        attributes: [],
        info: '',
        images: [],
        contactName: '',
        contactPhone: '',
      }),
    );
    h.serve(Calls.marketSorts, ok(sorts));
    await render(Paths.chooseCapacityAttr);
    await until(() => h.container.querySelector('[data-testid="attr-preset-grade"]') !== null, 'the presets');
    await click(h.container.querySelector('[data-testid="attr-preset-temper"]'));
    // Copper's tempers are offered for a copper category.
    await until(() => buttonWith(h.container, '半硬 Y2') !== undefined, 'copper tempers');
    expect(h.container.querySelector('[data-testid="attr-preset-temper"]')).toBeNull();

    await click(testId('attr-done'));
    expect(h.container.textContent).toContain(zh('capacity.attributeValueInvalid'));
    expect(h.router.state.location.pathname).toBe(Paths.chooseCapacityAttr);
    await click(buttonWith(h.container, '半硬 Y2'));

    const customName = h.container.querySelector<HTMLInputElement>('#attr-custom-name');
    const customValue = h.container.querySelector<HTMLInputElement>('#attr-custom-value');
    await typeInto(customName, '状态');
    await typeInto(customValue, '硬');
    await click(buttonWith(h.container, '添加'));
    expect(h.container.textContent).toContain(zh('capacity.attributeDuplicate'));
    await typeInto(customName, '直径');
    await typeInto(customValue, '');
    await click(buttonWith(h.container, '添加'));
    expect(h.container.textContent).toContain(zh('capacity.attributeValueInvalid'));
    await typeInto(customValue, 'Φ8mm');
    await click(buttonWith(h.container, '添加'));
    expect(h.container.querySelectorAll('[data-testid="attr-rows"] li')).toHaveLength(2);

    await click(testId('attr-done'));
    const saved = JSON.parse(sessionStorage.getItem('metal.capacities.draft.7.new') ?? '{}');
    expect(saved.attributes).toEqual([
      { name: 'temper', value: '半硬 Y2' },
      { name: '直径', value: 'Φ8mm' },
    ]);
  });

  it('sends a page opened without the form back to it', async () => {
    setSession(owner);
    h.serve(Calls.marketSorts, ok(sorts));
    await render(`${Paths.chooseCapacityAttr}?id=5`);
    await until(() => text().includes('请从发布产能页进入'), 'the way back');
    await click(buttonWith(h.container, '去发布产能'));
    expect(h.router.state.location.search).toBe('?id=5');
  });
});

describe('capacity_detail', () => {
  it('shows a visitor the capacity with the phone masked and a way to log in', async () => {
    h.serve(
      Calls.capacityDetail,
      ok(detail({ mine: false, status: 'passed', contact: { name: '李四', phone: '139****1111', masked: true } })),
    );
    await render(`${Paths.capacityDetail}?id=5`);
    await until(() => testId('capacity-contact') !== null, 'the capacity');
    expect(text()).toContain('6063铝棒5');
    expect(testId('capacity-min-order')?.textContent).toBe('20.5 吨');
    expect(testId('capacity-monthly')?.textContent).toBe('3000 吨');
    expect(text()).toContain('牌号6063');
    expect(text()).toContain('月底前交货');
    expect(testId('capacity-gallery')?.querySelector('img')?.getAttribute('src')).toBe('/files/images/7/31.png');
    expect(testId('capacity-phone')?.textContent).toBe('139****1111');
    expect(h.container.querySelector('a[href^="tel:"]')).toBeNull();
    expect(testId('capacity-status')).toBeNull();
    await click(testId('capacity-login'));
    expect(h.router.state.location.pathname).toBe(Paths.login);
  });

  it('gives a logged-in user the phone to call and the company’s shop', async () => {
    setSession({ ...owner, rootId: 8, userId: 8 });
    h.serve(Calls.capacityDetail, ok(detail({ mine: false, status: 'passed' })));
    await render(`${Paths.capacityDetail}?id=5`);
    await until(() => testId('capacity-contact') !== null, 'the capacity');
    expect(h.container.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:13900001111');
    expect(testId('capacity-company')?.textContent).toContain('佛山南海铝材有限公司');
    await click(testId('capacity-company'));
    expect(h.router.state.location.pathname).toBe(Paths.company);
    expect(h.router.state.location.search).toBe('?id=7');
  });

  it('opens the chat with the company’s owner, offering the capacity to send; not on one’s own', async () => {
    setSession({ ...owner, rootId: 8, userId: 8 });
    h.serve(Calls.capacityDetail, ok(detail({ mine: false, status: 'passed' })));
    await render(`${Paths.capacityDetail}?id=5`);
    await until(() => testId('capacity-contact') !== null, 'the capacity');
    expect(testId('capacity-chat')?.textContent).toBe('聊天');
    await click(testId('capacity-chat'));
    expect(h.router.state.location.pathname).toBe(Paths.chatPage);
    expect(h.router.state.location.search).toBe('?userId=7&proType=4&proId=5');
    await h.cleanup();

    h.install();
    setSession(owner);
    h.serve(Calls.capacityDetail, ok(detail({ mine: true, status: 'passed' })));
    await render(`${Paths.capacityDetail}?id=5`);
    await until(() => testId('capacity-contact') !== null, 'the own capacity');
    expect(testId('capacity-chat')).toBeNull();
  });

  it('says so when the capacity is not there (or not public)', async () => {
    h.serve(Calls.capacityDetail, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.capacityDetail}?id=9`);
    await until(() => text().includes('产能不存在或尚未通过审核'), 'the empty state');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    h.serve(Calls.capacityDetail, ok(detail({ mine: false, status: 'passed' })));
    await render(`${Paths.capacityDetail}?id=5`);
    await until(() => testId('capacity-contact') !== null, 'the capacity');
    expect(testId('capacity-min-order')?.textContent).toBe('20.5 t');
    expect(text()).toContain('Grade6063');
    expect(text()).toContain('Visit shop');
  });
});

describe('the shop’s capacity tab', () => {
  it('lists the company’s passed capacities and opens one', async () => {
    const shop: TShopDetail = {
      rootId: 7,
      name: '佛山南海铝材有限公司',
      brand: '',
      businessModel: 'producer',
      sellProducts: [],
      buyProducts: [],
      address: { province: '广东省', city: '佛山市', district: '南海区', detail: '1号', lng: null, lat: null },
      distanceKm: null,
      contact: {
        linkName: '张三',
        linkPhone: '138****8000',
        phones: [],
        faxes: [],
        qq: '',
        wechat: '',
        webUrl: '',
        masked: true,
      },
      marks: { licence: true, realName: true, certified: false, shopOpen: true },
      counts: { stock: 0, capacity: 1, followers: 0 },
      followed: false,
      mine: false,
      ownerUserId: 7,
      isDemo: false,
    };
    h.serve(Calls.shopDetail, ok(shop));
    h.serve(
      Calls.capacityCompanyList,
      ok({
        list: [item(5, { status: 'passed', review: { awaitingLicence: false, dueDate: null, overdue: false } })],
        page: 1,
        hasMore: false,
        total: 1,
      }),
    );
    await render(`${Paths.company}?id=7`);
    await until(() => text().includes('佛山南海铝材有限公司'), 'the shop');
    await click([...h.container.querySelectorAll('.adm-tabs-tab')].find((tab) => tab.textContent === '产能'));
    await until(() => cards().length === 1, 'the capacity');
    expect(h.calls(Calls.capacityCompanyList)[0]).toMatchObject({ rootId: '7', page: '1' });
    expect(cards()[0]?.querySelector('[data-testid="capacity-status"]')).toBeNull();
    await click(cards()[0]?.querySelector('.mm-cap-card-open'));
    expect(h.router.state.location.pathname).toBe(Paths.capacityDetail);
    expect(h.router.state.location.search).toBe('?id=5');
  });
});
