// @vitest-environment happy-dom
import {
  type CallResponse,
  Calls,
  CodeFlag,
  type TFactorySummary,
  type TInquiryDetail,
  type TInquirySummary,
  translate,
} from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
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
import { owner } from '../companies/fixtures';
import { emptyInquiryForm, emptySpec, type InquiryForm, inquiryFormErrors, toLocalInput, toSaveRequest } from './form';
import HelpChooseInquiryPage from './pages/HelpChooseInquiryPage';
import InputInquiryPage from './pages/InputInquiryPage';
import MyInquiriesPage from './pages/MyInquiriesPage';
import { inquiryDraftKey } from './useInquiryForm';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));

const inTwoDays = () => toLocalInput(new Date(Date.now() + 2 * 86_400_000));

/** A form a buyer finished filling in (what the region and category pickers leave behind). */
const filled = (over: Partial<InquiryForm> = {}): InquiryForm => ({
  ...emptyInquiryForm({ name: '', phone: '' }),
  sortId: 13,
  specs: [{ ...emptySpec(), productName: '铝棒', specification: '6063 Φ120', quantity: '25.5', attributes: [] }],
  quoteDeadline: inTwoDays(),
  receiver: '张三',
  receiverPhone: '13800138000',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  address: '桂城街道1号',
  ...over,
});

const summary = (id: number, over: Partial<TInquirySummary> = {}): TInquirySummary => ({
  id,
  rootId: 7,
  status: 'open',
  visibility: 'public',
  sortId: 13,
  sortName: 'A00铝',
  title: `铝棒 6063 #${id}`,
  specCount: 2,
  totalQuantityKg: 30_000,
  province: '广东省',
  city: '佛山市',
  buyerCompanyName: '佛山采购有限公司',
  quoteDeadline: '2026-12-01T09:00:00.000Z',
  quoteCount: 3,
  views: 12,
  createdAt: '2026-11-20T02:00:00.000Z',
  reason: '',
  supplierState: null,
  ...over,
});

const detail = (over: Partial<TInquiryDetail> = {}): TInquiryDetail => ({
  ...summary(9),
  reason: '',
  specs: [],
  taxIncluded: true,
  freightIncluded: true,
  paymentMethod: 'advance',
  creditDays: null,
  deliveryDate: '',
  supplierProvince: '',
  supplierCity: '',
  receiver: '张三',
  receiverPhone: '13800138000',
  district: '南海区',
  address: '桂城街道1号',
  designatedRootIds: [],
  attachments: [],
  remark: '',
  mine: true,
  designatedSuppliers: [],
  supplierState: null,
  handlerName: '',
  posterUserId: 1,
  ...over,
});

const page = (list: TInquirySummary[], pageNo = 1, hasMore = false) => ok({ list, page: pageNo, hasMore });
const sorts: CallResponse<typeof Calls.marketSorts> = [
  { id: 13, sortName: 'A00铝', sortUnit: 'CNY/t', metal: 'aluminium', physical: true, series: [] },
];

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.inputInquiry]: InputInquiryPage,
      [Paths.helpChooseInquiry]: HelpChooseInquiryPage,
      [Paths.myInquiries]: MyInquiriesPage,
      [Paths.inquiryDetail]: Stub,
      [Paths.login]: Stub,
      [Paths.userCenter]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const errorOf = (name: string) => h.container.querySelector(`[data-field="${name}"] [role="alert"]`)?.textContent;
const zh = (key: Parameters<typeof translate>[0]) => translate(key, 'zh-CN');
const newest = (label: string) =>
  [...document.body.querySelectorAll('button')].filter((b) => b.textContent?.trim() === label).at(-1);
const seed = (form: InquiryForm) => sessionStorage.setItem(inquiryDraftKey(owner.userId), JSON.stringify(form));
/** What every form asks for; a test serves its other calls after. */
const formServer = () => {
  h.serve(Calls.marketSorts, ok(sorts));
  h.serve(Calls.hasCompanyInfo, ok(null));
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(() => h.cleanup());

describe('inquiry form rules', () => {
  it('accepts a filled form and sends the products as a list with the deadline as a moment', () => {
    const form = filled({ paymentMethod: 'credit', creditDays: '30' });
    const request = toSaveRequest(form, ['/files/images/7/1.png']);
    expect(inquiryFormErrors(form, request)).toEqual({});
    expect(request).toMatchObject({
      sortId: 13,
      specs: [{ productName: '铝棒', specification: '6063 Φ120', quantity: '25.5', attributes: [] }],
      paymentMethod: 'credit',
      creditDays: '30',
      designatedRootIds: [],
      attachments: ['/files/images/7/1.png'],
    });
    expect(String(request.quoteDeadline)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(new Date(String(request.quoteDeadline)).getTime()).toBe(new Date(form.quoteDeadline).getTime());
  });

  it('wants the category, each quantity, the deadline within 90 days, the address and the credit days', () => {
    const form = filled({
      sortId: null,
      specs: [
        { ...emptySpec(), quantity: '12' },
        { ...emptySpec([{ ...emptySpec() }]), quantity: '' },
      ],
      quoteDeadline: toLocalInput(new Date(Date.now() + 91 * 86_400_000)),
      address: '',
      paymentMethod: 'credit',
    });
    const errors = inquiryFormErrors(form, toSaveRequest(form, []));
    expect(errors).toMatchObject({
      sortId: 'inquiry.categoryRequired',
      'specs.1.quantity': 'inquiry.quantityRequired',
      quoteDeadline: 'inquiry.deadlineInvalid',
      address: 'inquiry.addressRequired',
      creditDays: 'inquiry.creditDaysRequired',
    });
    expect(errors['specs.0.quantity']).toBeUndefined();
  });

  it('refuses a past deadline, a delivery date before it, and a designated inquiry without suppliers', () => {
    const past = filled({ quoteDeadline: toLocalInput(new Date(Date.now() - 3_600_000)) });
    expect(inquiryFormErrors(past, toSaveRequest(past, [])).quoteDeadline).toBe('inquiry.deadlineInvalid');
    const early = filled({ deliveryDate: '2000-01-01' });
    expect(inquiryFormErrors(early, toSaveRequest(early, [])).deliveryDate).toBe('inquiry.deliveryDateInvalid');
    const designated = filled({ visibility: 'designated' });
    expect(inquiryFormErrors(designated, toSaveRequest(designated, [])).designatedRootIds).toBe(
      'inquiry.designatedRequired',
    );
  });
});

describe('input_inquiry', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)("offers the submit to an employee %s 'inquiry', or says why not", async (_, permissions, shown) => {
    setSession(owner);
    formServer();
    h.serve(Calls.info, ok(employeeProfile([...permissions])));
    await render(Paths.inputInquiry);
    await until(() => !!testId('no-permission-inquiry') || !!testId('inquiry-submit'), 'the form');
    await until(() => h.calls(Calls.info).length > 0, 'the profile');
    await until(() => !!testId('inquiry-submit') === shown, 'the submit settled');
    expect(!!testId('no-permission-inquiry')).toBe(!shown);
  });

  it('shows what is missing under its field in the user language and sends nothing', async () => {
    setSession(owner);
    formServer();
    await render(Paths.inputInquiry);
    await until(() => !!testId('inquiry-submit'), 'the form');
    await click(testId('inquiry-submit'));
    expect(errorOf('sortId')).toBe(zh('inquiry.categoryRequired'));
    expect(errorOf('specs.0.quantity')).toBe(zh('inquiry.quantityRequired'));
    expect(errorOf('quoteDeadline')).toBe(zh('inquiry.deadlineRequired'));
    expect(errorOf('address')).toBe(zh('inquiry.addressRequired'));
    expect(showFail).toHaveBeenCalledWith(zh('inquiry.categoryRequired'));
    expect(h.calls(Calls.inquirySave)).toEqual([]);

    // The errors on screen follow a language change.
    await act(async () => {
      setLanguage('en-US');
    });
    await until(() => errorOf('sortId') === translate('inquiry.categoryRequired', 'en-US'), 'the English error');
  });

  it("adds and removes product rows, and says 'at most 10 specs' at the eleventh", async () => {
    setSession(owner);
    formServer();
    await render(Paths.inputInquiry);
    await until(() => !!testId('spec-add'), 'the form');
    expect(h.container.querySelectorAll('[data-testid="spec-card"]')).toHaveLength(1);
    for (let i = 0; i < 9; i++) await click(testId('spec-add'));
    expect(h.container.querySelectorAll('[data-testid="spec-card"]')).toHaveLength(10);
    expect(text()).toContain('添加规格（10/10）');
    await click(testId('spec-add'));
    expect(showFail).toHaveBeenCalledWith('最多添加10个规格');
    expect(h.container.querySelectorAll('[data-testid="spec-card"]')).toHaveLength(10);

    await typeInto(h.container.querySelector('[name="specs.1.productName"]'), '铜排');
    await click(h.container.querySelectorAll('[data-testid="spec-remove"]')[0]);
    expect(h.container.querySelectorAll('[data-testid="spec-card"]')).toHaveLength(9);
    expect(h.container.querySelector<HTMLInputElement>('[name="specs.0.productName"]')?.value).toBe('铜排');
  });

  it('posts a public inquiry and says it waits for review; the draft goes', async () => {
    setSession(owner);
    seed(filled({ taxIncluded: false }));
    formServer();
    h.serve(Calls.inquirySave, ok(detail({ status: 'review' })));
    await render(Paths.inputInquiry);
    await until(() => !!testId('inquiry-submit'), 'the form');
    expect(h.container.querySelector<HTMLInputElement>('[name="address"]')?.value).toBe('桂城街道1号');
    await click(testId('inquiry-submit'));
    await until(() => !!testId('inquiry-submitted'), 'the success screen');
    expect(text()).toContain('询价已提交，等待审核');
    const [sent] = h.calls(Calls.inquirySave);
    expect(sent).toMatchObject({
      sortId: '13',
      taxIncluded: '0',
      freightIncluded: '1',
      paymentMethod: 'advance',
      visibility: 'public',
      receiver: '张三',
      province: '广东省',
      city: '佛山市',
      district: '南海区',
    });
    expect(JSON.parse(sent?.specs ?? '')).toEqual([
      { productName: '铝棒', specification: '6063 Φ120', quantity: '25.5', attributes: [] },
    ]);
    expect(sessionStorage.getItem(inquiryDraftKey(owner.userId))).toBeNull();
  });

  it('sends a designated inquiry to the chosen suppliers and says so', async () => {
    setSession(owner);
    seed(
      filled({
        visibility: 'designated',
        suppliers: [
          { rootId: 21, name: '南海铝业' },
          { rootId: 22, name: '长江铜业' },
        ],
      }),
    );
    formServer();
    h.serve(Calls.inquirySave, ok(detail({ visibility: 'designated', status: 'open' })));
    await render(Paths.inputInquiry);
    await until(() => !!testId('chosen-suppliers'), 'the chosen suppliers');
    await click(buttonWith(h.container, '移除长江铜业'));
    await click(testId('inquiry-submit'));
    await until(() => !!testId('inquiry-submitted'), 'the success screen');
    expect(text()).toContain('询价已发送给指定供应商');
    expect(h.calls(Calls.inquirySave)[0]).toMatchObject({ visibility: 'designated', designatedRootIds: '[21]' });
  });

  it("shows the server's reasons under their fields and keeps what was typed", async () => {
    setSession(owner);
    seed(filled());
    formServer();
    h.serve(
      Calls.inquirySave,
      fail(CodeFlag.invalidInput, zh('inquiry.regionInvalid'), { errors: { province: zh('inquiry.regionInvalid') } }),
    );
    await render(Paths.inputInquiry);
    await until(() => !!testId('inquiry-submit'), 'the form');
    await click(testId('inquiry-submit'));
    await until(() => errorOf('province') === zh('inquiry.regionInvalid'), 'the server error');
    expect(testId('inquiry-submitted')).toBeNull();
    expect(h.container.querySelector<HTMLInputElement>('[name="specs.0.quantity"]')?.value).toBe('25.5');
    expect(JSON.parse(sessionStorage.getItem(inquiryDraftKey(owner.userId)) ?? '{}').address).toBe('桂城街道1号');
  });

  it('asks an incomplete company to complete its info instead of sending (codeFlag 7)', async () => {
    setSession(owner);
    seed(filled());
    formServer();
    h.serve(Calls.hasCompanyInfo, fail(CodeFlag.companyInfoIncomplete, zh('companyInfo.incomplete')));
    await render(Paths.inputInquiry);
    await until(() => !!testId('inquiry-submit'), 'the form');
    await click(testId('inquiry-submit'));
    await until(() => document.body.textContent?.includes(zh('companyInfo.incomplete')) ?? false, 'the gate dialog');
    expect(h.calls(Calls.inquirySave)).toHaveLength(0);
  });

  it('links to the help page; the draft and the uploaded pictures are still there on the way back', async () => {
    setSession(owner);
    seed(filled());
    vi.mocked(uploadFiles).mockResolvedValue([
      {
        id: 5,
        url: '/files/images/7/5.png',
        thumbUrl: '/files/images/7/5.thumb.png',
        name: 'a.png',
        size: 9,
        type: 'image/png',
      },
    ]);
    formServer();
    h.serve(Calls.inquirySave, ok(detail({ status: 'review' })));
    await render(Paths.inputInquiry);
    await until(() => !!testId('inquiry-submit'), 'the form');
    await typeInto(h.container.querySelector('[name="address"]'), '桂城街道8号');
    await pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), [pictureFile()]);
    await until(() => vi.mocked(uploadFiles).mock.calls.length === 1, 'the upload');
    await click(buttonWith(h.container, '如何填写询价？'));
    expect(h.router.state.location.pathname).toBe(Paths.helpChooseInquiry);
    expect(text()).toContain('报价截止时间须在90天以内');
    await act(async () => {
      void h.router.navigate(-1);
    });
    await until(() => !!h.container.querySelector('[name="address"]'), 'the form again');
    expect(h.container.querySelector<HTMLInputElement>('[name="address"]')?.value).toBe('桂城街道8号');
    expect(testId('kept-attachments')?.querySelector('img')?.getAttribute('src')).toBe('/files/images/7/5.thumb.png');
    await click(testId('inquiry-submit'));
    await until(() => h.calls(Calls.inquirySave).length === 1, 'the save');
    expect(h.calls(Calls.inquirySave)[0]).toMatchObject({ attachments: '["/files/images/7/5.png"]' });
  });
});

describe('changing an inquiry (input_inquiry?id=)', () => {
  const inTwoDaysIso = () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000).toISOString();
  const rejected = (over: Partial<TInquiryDetail> = {}) =>
    detail({
      id: 9,
      status: 'rejected',
      reason: '数量不明确',
      sortId: 13,
      specs: [
        {
          id: 1,
          productName: '铝棒',
          specification: '6063 Φ120',
          quantityKg: 25_500,
          attributes: [{ name: '牌号', value: '6063' }],
        },
        { id: 2, productName: '铝板', specification: '3mm', quantityKg: 4_000, attributes: [] },
      ],
      taxIncluded: false,
      paymentMethod: 'credit',
      creditDays: 30,
      quoteDeadline: inTwoDaysIso(),
      deliveryDate: '2099-01-01',
      supplierProvince: '河南省',
      supplierCity: '郑州市',
      attachments: [
        { url: '/files/images/7/3.png', name: '样品.png', type: 'image/png', size: 9 },
        { url: '/files/images/7/4.pdf', name: '图纸.pdf', type: 'application/pdf', size: 9 },
      ],
      remark: '需材质证明',
      ...over,
    });
  const fieldValue = (name: string) => h.container.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value;
  const editPath = `${Paths.inputInquiry}?id=9`;

  it('fills the whole form from a rejected inquiry with its reason, and sends the changes with its id', async () => {
    setSession(owner);
    // A new inquiry half written meanwhile keeps its own draft.
    seed(filled({ address: '草稿地址' }));
    formServer();
    // One inquiry for the whole test: its deadline is worked out from the clock, which may pass a minute meanwhile.
    const served = rejected();
    h.serve(Calls.inquiryDetail, ok(served));
    h.serve(Calls.inquirySave, ok(detail({ id: 9, status: 'review' })));
    await render(editPath);
    await until(() => !!testId('inquiry-submit'), 'the form');
    expect(h.calls(Calls.inquiryDetail)[0]).toMatchObject({ id: '9' });
    expect(text()).toContain('修改询价');
    expect(testId('edit-reason')?.textContent).toBe('未通过原因：数量不明确');
    expect(testId('inquiry-submit')?.textContent).toBe('提交修改');
    expect(h.container.querySelectorAll('[data-testid="spec-card"]')).toHaveLength(2);
    expect(fieldValue('specs.0.productName')).toBe('铝棒');
    expect(fieldValue('specs.0.specification')).toBe('6063 Φ120');
    expect(fieldValue('specs.0.quantity')).toBe('25.5');
    expect(fieldValue('specs.1.quantity')).toBe('4');
    expect(testId('attr-picker')?.textContent).toBe('牌号: 6063');
    expect(testId('toggle-taxIncluded')?.getAttribute('aria-pressed')).toBe('false');
    expect(testId('toggle-freightIncluded')?.getAttribute('aria-pressed')).toBe('true');
    expect(testId('payment-credit')?.getAttribute('aria-pressed')).toBe('true');
    expect(fieldValue('creditDays')).toBe('30');
    expect(fieldValue('quoteDeadline')).toBe(toLocalInput(new Date(served.quoteDeadline)));
    expect(fieldValue('deliveryDate')).toBe('2099-01-01');
    expect(testId('hope-picker')?.textContent).toBe('河南省 郑州市');
    expect(fieldValue('receiver')).toBe('张三');
    expect(fieldValue('receiverPhone')).toBe('13800138000');
    expect(testId('region-picker')?.textContent).toBe('广东省 佛山市 南海区');
    expect(fieldValue('address')).toBe('桂城街道1号');
    expect(testId('visibility-public')?.getAttribute('aria-pressed')).toBe('true');
    expect(testId('kept-attachments')?.querySelector('img')?.getAttribute('src')).toBe('/files/images/7/3.png');
    expect(testId('kept-attachments')?.textContent).toContain('图纸.pdf');
    expect(h.container.querySelector<HTMLTextAreaElement>('[name="remark"]')?.value).toBe('需材质证明');

    await typeInto(h.container.querySelector('[name="specs.0.quantity"]'), '30');
    await typeInto(h.container.querySelector('[name="address"]'), '桂城街道8号');
    expect(JSON.parse(sessionStorage.getItem(inquiryDraftKey(owner.userId, 9)) ?? '{}').address).toBe('桂城街道8号');
    await click(testId('inquiry-submit'));
    await until(() => !!testId('inquiry-submitted'), 'the success screen');
    expect(text()).toContain('修改已提交，重新等待审核');
    const [sent] = h.calls(Calls.inquirySave);
    expect(sent).toMatchObject({
      id: '9',
      sortId: '13',
      taxIncluded: '0',
      freightIncluded: '1',
      paymentMethod: 'credit',
      creditDays: '30',
      deliveryDate: '2099-01-01',
      supplierProvince: '河南省',
      supplierCity: '郑州市',
      address: '桂城街道8号',
      visibility: 'public',
      designatedRootIds: '[]',
      attachments: '["/files/images/7/3.png","/files/images/7/4.pdf"]',
      remark: '需材质证明',
    });
    expect(JSON.parse(sent?.specs ?? '')).toEqual([
      {
        productName: '铝棒',
        specification: '6063 Φ120',
        quantity: '30',
        attributes: [{ name: '牌号', value: '6063' }],
      },
      { productName: '铝板', specification: '3mm', quantity: '4', attributes: [] },
    ]);
    expect(new Date(String(sent?.quoteDeadline)).getTime()).toBe(new Date(served.quoteDeadline).getTime());
    expect(sessionStorage.getItem(inquiryDraftKey(owner.userId, 9))).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(inquiryDraftKey(owner.userId)) ?? '{}').address).toBe('草稿地址');

    // 'Post another' leaves the changed inquiry for the new one's own draft.
    await click(buttonWith(h.container, '再发一条'));
    await until(() => fieldValue('address') === '草稿地址', 'the new inquiry draft');
    expect(h.router.state.location.search).toBe('');
    expect(text()).toContain('发布询价');
    expect(testId('edit-reason')).toBeNull();
  });

  it('keeps the designated suppliers of an inquiry, sends to them and says so even once it is open', async () => {
    setSession(owner);
    const designated = rejected({
      status: 'review',
      reason: '',
      visibility: 'designated',
      designatedRootIds: [21, 22],
      designatedSuppliers: [
        { rootId: 21, companyName: '南海铝业', state: 'waiting' },
        { rootId: 22, companyName: '长江铜业', state: 'waiting' },
      ],
    });
    formServer();
    h.serve(Calls.inquiryDetail, ok(designated), ok({ ...designated, status: 'open' }));
    h.serve(Calls.inquirySave, ok({ ...designated, status: 'open' }));
    await render(editPath);
    await until(() => !!testId('chosen-suppliers'), 'the chosen suppliers');
    expect(testId('edit-reason')).toBeNull();
    expect(testId('chosen-suppliers')?.textContent).toContain('南海铝业');
    await click(buttonWith(h.container, '移除长江铜业'));
    await click(testId('inquiry-submit'));
    await until(() => !!testId('inquiry-submitted'), 'the success screen');
    expect(h.calls(Calls.inquirySave)[0]).toMatchObject({
      id: '9',
      visibility: 'designated',
      designatedRootIds: '[21]',
    });
    // The lists and the detail are asked again; the open inquiry does not take the done screen away.
    await until(() => h.calls(Calls.inquiryDetail).length === 2, 'the detail again');
    expect(text()).toContain('询价已发送给指定供应商');
  });

  it.each([
    ['an approved one', ok(detail({ id: 9, status: 'open' })), '该询价不能再修改', '查看询价'],
    ['a deleted one', fail(CodeFlag.notFound, zh('common.notFound')), '询价不存在或已删除', '查看我的询价'],
    ["another company's", fail(CodeFlag.forbidden, zh('common.forbidden')), '这不是您公司的询价', '查看我的询价'],
    ["another company's open one", ok(detail({ id: 9, mine: false })), '这不是您公司的询价', '查看我的询价'],
  ])('shows %s as not editable with a way back instead of the form', async (_what, answer, title, action) => {
    setSession(owner);
    sessionStorage.setItem(inquiryDraftKey(owner.userId, 9), JSON.stringify(filled()));
    formServer();
    h.serve(Calls.inquiryDetail, answer);
    await render(editPath);
    await until(() => !!testId('inquiry-not-editable'), 'the not-editable state');
    expect(text()).toContain(title);
    expect(testId('inquiry-submit')).toBeNull();
    expect(showFail).not.toHaveBeenCalled();
    await until(() => sessionStorage.getItem(inquiryDraftKey(owner.userId, 9)) === null, 'the useless draft gone');
    await click(buttonWith(h.container, action));
    const location = h.router.state.location;
    expect(`${location.pathname}${location.search}`).toBe(
      action === '查看询价' ? `${Paths.inquiryDetail}?id=9` : Paths.myInquiries,
    );
  });

  it('says so when the inquiry was approved while being changed (codeFlag 5)', async () => {
    setSession(owner);
    formServer();
    h.serve(Calls.inquiryDetail, ok(rejected()), ok(rejected({ status: 'open', reason: '' })));
    h.serve(Calls.inquirySave, fail(CodeFlag.conflict, zh('inquiry.notEditable')));
    await render(editPath);
    await until(() => !!testId('inquiry-submit'), 'the form');
    await click(testId('inquiry-submit'));
    await until(() => !!testId('inquiry-not-editable'), 'the not-editable state');
    expect(text()).toContain('该询价不能再修改');
  });
});

describe('choose_inquiry_attr and the designated suppliers', () => {
  const inBody = (selector: string) => document.body.querySelector(selector);

  it("gives a product attributes from the presets or the buyer's own, refusing a half-filled one", async () => {
    setSession(owner);
    formServer();
    await render(Paths.inputInquiry);
    await until(() => !!testId('attr-picker'), 'the form');
    await click(testId('attr-picker'));
    await until(() => !!inBody('[data-testid="attr-sheet"]'), 'the sheet');
    await click(newest('牌号'));
    await click(inBody('[data-testid="attr-custom"]'));
    const inputs = () => [...document.body.querySelectorAll<HTMLInputElement>('.mm-inq-attr-row input')];
    expect(inputs().map((input) => input.value)).toEqual(['牌号', '', '', '']);
    await typeInto(inputs()[1], '6063');
    await typeInto(inputs()[2], '长度');
    await click(inBody('[data-testid="attr-done"]'));
    expect(document.body.textContent).toContain('请填写完整的属性名和属性值');
    await typeInto(inputs()[3], '6米');
    await click(inBody('[data-testid="attr-done"]'));
    await until(() => testId('attr-picker')?.textContent === '牌号: 6063; 长度: 6米', 'the attributes on the row');
    const draft = JSON.parse(sessionStorage.getItem(inquiryDraftKey(owner.userId)) ?? '{}') as InquiryForm;
    expect(draft.specs[0]?.attributes).toEqual([
      { name: '牌号', value: '6063' },
      { name: '长度', value: '6米' },
    ]);
  });

  it('finds suppliers with an open shop by name and designates the chosen ones', async () => {
    setSession(owner);
    const shop = (rootId: number, name: string, shopOpen: boolean): TFactorySummary => ({
      rootId,
      name,
      businessModel: 'producer',
      province: '河南省',
      city: '郑州市',
      sellProducts: [],
      shopOpen,
      certified: false,
      stockCount: 0,
      isDemo: false,
    });
    formServer();
    h.serve(
      Calls.factoryList,
      ok({ list: [shop(21, '南海铝业', true), shop(22, '未开店铝业', false)], page: 1, hasMore: false, total: 2 }),
    );
    await render(Paths.inputInquiry);
    await until(() => !!testId('visibility-designated'), 'the form');
    await click(testId('visibility-designated'));
    await click(testId('supplier-picker'));
    await until(() => document.body.textContent?.includes('南海铝业') ?? false, 'the shops');
    expect(document.body.textContent).not.toContain('未开店铝业');
    await click(
      [...document.body.querySelectorAll('.mm-inq-supplier-list button')].find((b) =>
        b.textContent?.includes('南海铝业'),
      ),
    );
    expect(document.body.textContent).toContain('选择供应商（1/20）');
    await click(inBody('[data-testid="suppliers-done"]'));
    await until(() => testId('chosen-suppliers')?.textContent?.includes('南海铝业') ?? false, 'the chosen shop');
    expect(testId('supplier-picker')?.textContent).toContain('已选 1 家');
  });
});

describe('my inquiries', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "shows an employee %s 'inquiry' the post, close and delete actions accordingly",
    async (_, permissions, shown) => {
      setSession(owner);
      h.serve(Calls.info, ok(employeeProfile([...permissions])));
      h.serve(Calls.inquiryMine, page([summary(1)], 1, false));
      await render(Paths.myInquiries);
      await until(() => text().includes('铝棒 6063 #1') && h.calls(Calls.info).length > 0, 'the list and the profile');
      await until(() => !!testId('inquiry-post') === shown, 'the post action settled');
      expect(!!testId('inquiry-close')).toBe(shown);
      expect(!!testId('inquiry-delete')).toBe(shown);
    },
  );

  it('lists the open tab with status, quotes and views, and loads the next page', async () => {
    layOutForInfiniteScroll();
    setSession(owner);
    h.serve(Calls.inquiryMine, page([summary(1)], 1, true), page([summary(2)], 2, false));
    await render(Paths.myInquiries);
    await until(() => text().includes('铝棒 6063 #1'), 'the first page');
    expect(h.calls(Calls.inquiryMine)[0]).toMatchObject({ tab: 'open', page: '1' });
    expect(text()).toContain('报价中');
    expect(text()).toContain('报价 3');
    expect(testId('inquiry-edit')).toBeNull();
    await until(() => text().includes('铝棒 6063 #2'), 'the second page');
    expect(h.calls(Calls.inquiryMine).map((c) => c.page)).toEqual(['1', '2']);
    expect(text()).toContain('没有更多了');
    await click(testId('inquiry-row')?.querySelector('button'));
    expect(h.router.state.location.pathname).toBe(Paths.inquiryDetail);
    expect(h.router.state.location.search).toBe('?id=1');
  });

  it('shows why a rejected inquiry did not pass on the review tab', async () => {
    setSession(owner);
    h.serve(
      Calls.inquiryMine,
      page([summary(9, { status: 'rejected', reason: '信息不完整' }), summary(10, { status: 'review' })]),
    );
    await render(`${Paths.myInquiries}?tab=review`);
    await until(() => text().includes('未通过原因：信息不完整'), 'the reason');
    expect(h.calls(Calls.inquiryMine)[0]).toMatchObject({ tab: 'review' });
    // The list carries the reason: no row asks for its inquiry.
    expect(h.calls(Calls.inquiryDetail)).toHaveLength(0);
    expect(h.container.querySelectorAll('[data-testid="inquiry-reason"]')).toHaveLength(1);
    expect(h.container.querySelectorAll('[data-testid="inquiry-close"]')).toHaveLength(0);
  });

  it('offers to change the inquiries waiting for review or rejected, and opens the form with their id', async () => {
    setSession(owner);
    h.serve(Calls.inquiryMine, page([summary(9, { status: 'rejected' }), summary(10, { status: 'review' })]));
    h.serve(Calls.inquiryDetail, ok(detail({ status: 'rejected', reason: '信息不完整' })));
    await render(`${Paths.myInquiries}?tab=review`);
    await until(() => h.container.querySelectorAll('[data-testid="inquiry-edit"]').length === 2, 'the edit actions');
    expect(testId('inquiry-edit')?.textContent).toBe('修改');
    await click(h.container.querySelectorAll('[data-testid="inquiry-edit"]')[1]);
    expect(h.router.state.location.pathname).toBe(Paths.inputInquiry);
    expect(h.router.state.location.search).toBe('?id=10');
  });

  it('closes an open inquiry only after confirming', async () => {
    setSession(owner);
    h.serve(Calls.inquiryMine, page([summary(1)]));
    h.serve(Calls.inquiryClose, ok(null));
    await render(Paths.myInquiries);
    await until(() => !!testId('inquiry-close'), 'the row');
    await click(testId('inquiry-close'));
    await until(() => document.body.textContent?.includes('不再接受报价，确定关闭吗') ?? false, 'the confirmation');
    await click(newest('取消'));
    expect(h.calls(Calls.inquiryClose)).toEqual([]);
    await click(testId('inquiry-close'));
    await until(() => (document.body.querySelectorAll('.adm-dialog').length ?? 0) > 0, 'the confirmation again');
    await click(newest('关闭询价'));
    await until(() => h.calls(Calls.inquiryClose).length === 1, 'the close');
    expect(h.calls(Calls.inquiryClose)[0]).toMatchObject({ id: '1' });
  });

  it('deletes an inquiry after confirming and asks for the list again', async () => {
    setSession(owner);
    h.serve(Calls.inquiryMine, page([summary(4, { status: 'expired' })]), page([]));
    h.serve(Calls.inquiryDelete, ok(null));
    await render(`${Paths.myInquiries}?tab=ended`);
    await until(() => !!testId('inquiry-delete'), 'the row');
    expect(text()).toContain('已过期');
    await click(testId('inquiry-delete'));
    await until(() => document.body.textContent?.includes('确定删除吗') ?? false, 'the confirmation');
    await click(newest('删除'));
    await until(() => h.calls(Calls.inquiryDelete).length === 1, 'the delete');
    expect(h.calls(Calls.inquiryDelete)[0]).toMatchObject({ id: '4' });
    await until(() => text().includes('没有已结束的询价'), 'the emptied list');
  });
});
