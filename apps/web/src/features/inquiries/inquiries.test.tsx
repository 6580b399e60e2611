// @vitest-environment happy-dom
import {
  Calls,
  CodeFlag,
  type TInquiryDetail,
  type TInquirySummary,
  type TQuote,
  type TVerificationStatus,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile } from '../../test/fixtures';
import {
  type Answer,
  buttonWith,
  click,
  createPageHarness,
  fail,
  layOutForInfiniteScroll,
  ok,
  typeInto,
  until,
} from '../../test/pageHarness';
import HomeTab from '../home/components/HomeTab';
import InquiryDetailPage from './pages/InquiryDetailPage';
import OrderTakingPage from './pages/OrderTakingPage';
import ProcurementHallPage from './pages/ProcurementHallPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.procurementHall]: ProcurementHallPage,
      [Paths.inquiryDetail]: InquiryDetailPage,
      [Paths.orderTaking]: OrderTakingPage,
      [Paths.login]: Stub,
      [Paths.userCenter]: Stub,
      [Paths.faceVerify]: Stub,
      [Paths.licensePage]: Stub,
      [Paths.chatPage]: Stub,
      [Paths.inputInquiry]: Stub,
      [Paths.root]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...h.container.querySelectorAll(`[data-testid="${id}"]`)];
const inSheet = (selector: string) => document.body.querySelector(`[data-testid="quote-sheet"] ${selector}`);
const location = () => `${h.router.state.location.pathname}${h.router.state.location.search}`;
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const logIn = (userId: number) =>
  setSession({ account: `u${userId}`, rootId: userId, userId, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const summary = (over: Partial<TInquirySummary> = {}): TInquirySummary => ({
  id: 31,
  rootId: 1,
  status: 'open',
  visibility: 'public',
  sortId: 13,
  sortName: 'A00铝',
  title: 'A00铝锭 AL99.70',
  specCount: 2,
  totalQuantityKg: 130_500,
  province: '广东省',
  city: '佛山市',
  buyerCompanyName: '佛山南海铝材有限公司',
  quoteDeadline: inHours(50),
  quoteCount: 3,
  views: 41,
  createdAt: '2026-11-23T02:00:00.000Z',
  reason: '',
  supplierState: null,
  ...over,
});

const detail = (over: Partial<TInquiryDetail> = {}): TInquiryDetail => ({
  ...summary(),
  reason: '',
  specs: [
    {
      id: 101,
      productName: 'A00铝锭',
      specification: 'AL99.70',
      quantityKg: 100_000,
      attributes: [{ name: '产地', value: '新疆' }],
    },
    { id: 102, productName: '铝棒', specification: '6063', quantityKg: 30_500, attributes: [] },
  ],
  taxIncluded: true,
  freightIncluded: false,
  paymentMethod: 'credit',
  creditDays: 30,
  deliveryDate: '2026-12-05',
  supplierProvince: '河南省',
  supplierCity: '',
  receiver: '',
  receiverPhone: '',
  district: '南海区',
  address: '',
  designatedRootIds: [],
  attachments: [],
  remark: '需提供质保书',
  mine: false,
  designatedSuppliers: [],
  supplierState: null,
  handlerName: '',
  posterUserId: 1,
  ...over,
});

const quote = (over: Partial<TQuote> = {}): TQuote => ({
  id: 501,
  inquiryId: 31,
  rootId: 2,
  userId: 2,
  status: 'live',
  supplierCompanyName: '巩义铝业有限公司',
  province: '河南省',
  city: '郑州市',
  distanceKm: 1380.4,
  items: [
    {
      specId: 101,
      productName: 'A00铝锭',
      specification: 'AL99.70',
      quantityKg: 100_000,
      unitPriceFen: 2_050_000,
      amountFen: 205_000_000,
    },
  ],
  totalFen: 205_000_000,
  taxIncluded: true,
  freightIncluded: true,
  paymentMethod: 'advance',
  creditDays: null,
  deliveryDate: '2026-12-01',
  remark: '',
  createdAt: '2026-11-23T03:00:00.000Z',
  ...over,
});

const verified: TVerificationStatus = {
  state: 'verified',
  verified: true,
  realName: '欧*明',
  idNumber: '1*',
  verifiedAt: null,
  verifiedBy: 'provider',
  attemptsLeft: 3,
  dailyLimit: 3,
  retryAt: null,
  lastAttempt: null,
  escalation: null,
  canEscalate: false,
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('procurement_hall', () => {
  it("opens from the home tab's buy-center tile", async () => {
    await h.render({ [Paths.root]: HomeTab, [Paths.procurementHall]: Stub }, Paths.root);
    await click(buttonWith(h.container, '采购中心'));
    expect(location()).toBe(Paths.procurementHall);
  });

  it('lists open inquiries with what, how much, where, who, how long and how many quoted; a row opens the inquiry', async () => {
    serve(Calls.inquiryHall, ok({ list: [summary()], page: 1, hasMore: false }));
    await render(Paths.procurementHall);
    await until(() => all('inquiry-row').length === 1, 'the list');
    const row = all('inquiry-row')[0]?.textContent ?? '';
    for (const part of [
      'A00铝锭 AL99.70',
      '2个产品',
      '共130.5吨',
      '广东省 佛山市',
      '佛山南海铝材有限公司',
      '报价 3',
      '浏览 41',
    ])
      expect(row).toContain(part);
    expect(row).toMatch(/剩 2天1小时|剩 2天2小时/);
    expect(calls(Calls.inquiryHall)[0]).toMatchObject({ page: '1' });
    expect(all('inquiry-state-tag')).toHaveLength(0);
    await click(all('inquiry-row')[0]);
    expect(location()).toBe(`${Paths.inquiryDetail}?id=31`);
  });

  it('tags the inquiries a logged-in supplier already took up with where they stand', async () => {
    logIn(2);
    serve(
      Calls.inquiryHall,
      ok({
        list: [summary({ id: 31, supplierState: 'quoted' }), summary({ id: 32, supplierState: 'open' })],
        page: 1,
        hasMore: false,
      }),
    );
    await render(Paths.procurementHall);
    await until(() => all('inquiry-row').length === 2, 'the list');
    expect(
      all('inquiry-row').map((row) => row.querySelector('[data-testid="inquiry-state-tag"]')?.textContent),
    ).toEqual(['已报价', undefined]);
  });

  it('filters by deadline, and keeps the filter in the address', async () => {
    serve(
      Calls.inquiryHall,
      ok({ list: [summary()], page: 1, hasMore: false }),
      ok({ list: [], page: 1, hasMore: false }),
    );
    serve(Calls.marketSorts, ok([]));
    await render(Paths.procurementHall);
    await until(() => all('inquiry-row').length === 1, 'the list');
    const deadlineTitle = [...h.container.querySelectorAll('.adm-dropdown-item')].find((item) =>
      item.textContent?.includes('截止时间'),
    );
    await click(deadlineTitle);
    await until(() => !!buttonWith(document.body, '3天内截止'), 'the deadline choices');
    await click(buttonWith(document.body, '3天内截止'));
    await until(() => text().includes('暂无符合条件的询价'), 'the filtered, empty list');
    expect(calls(Calls.inquiryHall).at(-1)).toMatchObject({ deadline: 'threeDays' });
    expect(location()).toBe(`${Paths.procurementHall}?deadline=threeDays`);
  });

  it('sends the category and region from the address', async () => {
    serve(Calls.inquiryHall, ok({ list: [], page: 1, hasMore: false }));
    serve(Calls.marketSorts, ok([]));
    await render(`${Paths.procurementHall}?sortId=13&province=广东省&city=佛山市`);
    await until(() => calls(Calls.inquiryHall).length === 1, 'the call');
    expect(calls(Calls.inquiryHall)[0]).toMatchObject({ sortId: '13', province: '广东省', city: '佛山市' });
  });

  it('shows agent requests on the agent purchase tab, without asking for inquiries, in English too', async () => {
    serve(Calls.inquiryHall, ok({ list: [], page: 1, hasMore: false }));
    serve(Calls.agentBuyHall, ok({ list: [], page: 1, hasMore: false }));
    setLanguage('en-US');
    await render(`${Paths.procurementHall}?tab=agent`);
    await until(() => text().includes('No agent requests yet'), 'the agent requests');
    expect(calls(Calls.inquiryHall)).toHaveLength(0);
    expect(calls(Calls.agentBuyHall)).toHaveLength(1);
    expect(text()).toContain('Self purchase');
    expect(all('inquiry-row')).toHaveLength(0);
  });

  it('offers a retry when the list fails', async () => {
    serve(
      Calls.inquiryHall,
      fail(CodeFlag.serverFault, '服务器错误'),
      ok({ list: [summary()], page: 1, hasMore: false }),
    );
    await render(Paths.procurementHall);
    await until(() => text().includes('服务器开小差了'), 'the failed state');
    await click(buttonWith(h.container, '重试'));
    await until(() => all('inquiry-row').length === 1, 'the list again');
  });
});

describe('inquiry_detail for a supplier', () => {
  it('shows everything the inquiry asks for, without the buyer’s contact', async () => {
    logIn(2);
    serve(Calls.inquiryDetail, ok(detail()));
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('inquiry-head'), 'the inquiry');
    for (const part of [
      '报价中',
      '佛山南海铝材有限公司',
      '产地: 新疆',
      '100 吨',
      '30.5 吨',
      '账期（30天）',
      '河南省',
      '广东省 佛山市 南海区',
      '需提供质保书',
      '报价数 3',
      '浏览 41',
    ])
      expect(text()).toContain(part);
    expect(testId('inquiry-contact')).toBeNull();
    expect(calls(Calls.inquiryDetail)[0]).toMatchObject({ id: '31' });
  });

  it('checks the quote, sends it, and shows it among the supplier’s quotes; a live quote can be withdrawn after a confirmation', async () => {
    logIn(2);
    serve(Calls.inquiryDetail, ok(detail()));
    serve(Calls.quoteList, ok([]), ok([quote()]));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.verificationStatus, ok(verified));
    serve(Calls.quoteSave, ok([quote()]));
    serve(Calls.quoteWithdraw, ok(null));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('quote-start'), 'the quote button');
    await click(testId('quote-start'));
    await until(() => !!inSheet('[data-testid="quote-submit"]'), 'the sheet');
    await typeInto(inSheet('input[name="deliveryDate"]'), '');
    await click(inSheet('[data-testid="quote-submit"]'));
    expect(document.body.querySelector('[data-testid="quote-sheet"]')?.textContent).toContain(
      '请至少填写一个产品的单价',
    );
    expect(document.body.querySelector('[data-testid="quote-sheet"]')?.textContent).toContain('请选择交货日期');
    await typeInto(inSheet('input[name="price101"]'), '20500.555');
    await typeInto(inSheet('input[name="deliveryDate"]'), '2026-12-01');
    await click(inSheet('[data-testid="quote-submit"]'));
    expect(document.body.querySelector('[data-testid="quote-sheet"]')?.textContent).toContain('单价须为正数');
    expect(calls(Calls.quoteSave)).toHaveLength(0);

    await typeInto(inSheet('input[name="price101"]'), '20500');
    await typeInto(inSheet('input[name="creditDays"]'), '15');
    await click(inSheet('[data-testid="quote-submit"]'));
    await until(() => calls(Calls.quoteSave).length === 1, 'the quote');
    expect(calls(Calls.quoteSave)[0]).toMatchObject({
      inquiryId: '31',
      paymentMethod: 'credit',
      creditDays: '15',
      taxIncluded: '1',
      freightIncluded: '0',
      deliveryDate: '2026-12-01',
    });
    expect(JSON.parse(calls(Calls.quoteSave)[0]?.items ?? '')).toEqual([{ specId: 101, price: '20500' }]);
    await until(() => all('own-quote').length === 1, 'my quote');
    expect(showSuccess).toHaveBeenCalledWith('报价已提交');
    expect(all('own-quote')[0]?.textContent).toContain('20500');
    expect(buttonWith(h.container, '重新报价')).toBeTruthy();

    await click(testId('quote-withdraw'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(calls(Calls.quoteWithdraw)).toHaveLength(0);
    await click(testId('quote-withdraw'));
    await until(() => newest('.adm-dialog-button', '撤回报价') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '撤回报价'));
    await until(() => calls(Calls.quoteWithdraw).length === 1, 'the withdrawal');
    expect(calls(Calls.quoteWithdraw)[0]).toMatchObject({ quoteId: '501' });
  });

  async function quoteAnswered(answer: Answer<typeof Calls.quoteSave>) {
    logIn(2);
    serve(Calls.inquiryDetail, ok(detail()), ok(detail({ status: 'closed' })));
    serve(Calls.quoteList, ok([]));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.verificationStatus, ok(verified));
    serve(Calls.quoteSave, answer);
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('quote-start'), 'the quote button');
    await click(testId('quote-start'));
    await until(() => !!inSheet('[data-testid="quote-submit"]'), 'the sheet');
    await typeInto(inSheet('input[name="price102"]'), '21000');
    await click(inSheet('[data-testid="quote-submit"]'));
    await until(() => calls(Calls.quoteSave).length === 1, 'the quote');
  }

  it('answers codeFlag 7 with a way to the business licence', async () => {
    await quoteAnswered(fail(CodeFlag.companyInfoIncomplete, '报价前请先上传营业执照并通过审核'));
    await until(() => newest('.adm-dialog-button', '去上传') !== undefined, 'the question');
    expect(document.body.textContent).toContain('报价前请先上传营业执照并通过审核');
    expect(showFail).not.toHaveBeenCalled();
    await click(newest('.adm-dialog-button', '去上传'));
    await until(() => location() === Paths.licensePage, 'the licence page');
  });

  it('answers codeFlag 8 with a way to real-person verification', async () => {
    await quoteAnswered(fail(CodeFlag.realPersonRequired, '请先完成实名认证'));
    await until(() => newest('.adm-dialog-button', '去认证') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '去认证'));
    await until(() => location() === Paths.faceVerify, 'face_verify');
  });

  it('answers codeFlag 5 by saying so and showing the inquiry as ended', async () => {
    await quoteAnswered(fail(CodeFlag.conflict, '询价已结束'));
    expect(showFail).toHaveBeenCalledWith('询价已结束');
    await until(() => !!testId('quote-ended'), 'the ended state');
    expect(testId('quote-start')).toBeNull();
    expect(testId('inquiry-status')?.textContent).toBe('已关闭');
  });

  it('sends a visitor to login instead of opening the quote sheet', async () => {
    serve(Calls.inquiryDetail, ok(detail()));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('quote-start'), 'the quote button');
    await click(testId('quote-start'));
    await until(() => location() === Paths.login, 'login');
    expect(calls(Calls.quoteList)).toHaveLength(0);
  });

  it('says when an inquiry is gone or only for designated suppliers', async () => {
    logIn(2);
    serve(Calls.inquiryDetail, fail(CodeFlag.notFound, 'x'));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => text().includes('询价不存在或已删除'), 'not found');
    await h.cleanup();
    h.install();
    serve(Calls.inquiryDetail, fail(CodeFlag.forbidden, 'x'));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => text().includes('仅指定的供应商可见'), 'forbidden');
  });
});

describe('order-taking on inquiry_detail (grab, pass, colleagues, outcomes)', () => {
  it('grabs the order after the gates, then releases it after a confirmation', async () => {
    logIn(2);
    serve(Calls.inquiryDetail, ok(detail({ supplierState: 'open' })));
    serve(Calls.quoteList, ok([]));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.verificationStatus, ok(verified));
    serve(Calls.inquiryGrab, ok(detail({ supplierState: 'grabbed' })));
    serve(Calls.inquiryIgnore, ok(detail({ supplierState: 'sellerIgnored' })));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('inquiry-grab'), 'the grab button');
    expect(testId('inquiry-pass')?.textContent).toBe('不感兴趣');
    expect(testId('supplier-state')).toBeNull();
    await click(testId('inquiry-grab'));
    await until(() => calls(Calls.inquiryGrab).length === 1, 'the grab');
    expect(calls(Calls.inquiryGrab)[0]).toMatchObject({ id: '31' });
    await until(() => testId('supplier-state')?.textContent === '您已抢单，请在截止前报价', 'the grabbed state');
    expect(showSuccess).toHaveBeenCalledWith('抢单成功，请尽快报价');
    expect(testId('inquiry-grab')).toBeNull();
    expect(testId('quote-start')).toBeTruthy();

    await click(testId('inquiry-pass'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(calls(Calls.inquiryIgnore)).toHaveLength(0);
    await click(testId('inquiry-pass'));
    await until(() => newest('.adm-dialog-button', '放弃接单') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '放弃接单'));
    await until(() => calls(Calls.inquiryIgnore).length === 1, 'the release');
    await until(() => testId('supplier-state')?.textContent === '您已忽略该询价，截止前仍可报价', 'the ignored state');
    // Passed on, it may still be grabbed or quoted until the deadline.
    expect(testId('inquiry-grab')).toBeTruthy();
    expect(testId('inquiry-pass')).toBeNull();
  });

  it('says a colleague holds it, by name, and offers nothing to do; in English too', async () => {
    logIn(2);
    setLanguage('en-US');
    serve(Calls.inquiryDetail, ok(detail({ supplierState: 'colleagueQuoted', handlerName: '李四' })));
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('supplier-state'), 'the state');
    expect(testId('supplier-state')?.textContent).toBe('李四 (colleague) quoted and handles it');
    expect(testId('quote-start')).toBeNull();
    expect(testId('inquiry-grab')).toBeNull();
    expect(testId('inquiry-pass')).toBeNull();
  });

  it('answers a grab refused because a colleague got there first by saying so and reading the inquiry again', async () => {
    logIn(2);
    serve(
      Calls.inquiryDetail,
      ok(detail({ supplierState: 'open' })),
      ok(detail({ supplierState: 'colleagueTook', handlerName: '李四' })),
    );
    serve(Calls.quoteList, ok([]));
    serve(Calls.hasCompanyInfo, ok(null));
    serve(Calls.verificationStatus, ok(verified));
    serve(Calls.inquiryGrab, fail(CodeFlag.conflict, '该询价已由同事接单，请勿重复处理'));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('inquiry-grab'), 'the grab button');
    await click(testId('inquiry-grab'));
    await until(() => testId('supplier-state')?.textContent === '同事 李四 已抢单，由其跟进', 'the colleague');
    expect(showFail).toHaveBeenCalledWith('该询价已由同事接单，请勿重复处理');
    expect(testId('quote-start')).toBeNull();
  });

  it('offers the winner the chat with the buyer, and tells the others how it ended', async () => {
    logIn(2);
    serve(Calls.inquiryDetail, ok(detail({ status: 'cooperated', supplierState: 'agreed', posterUserId: 7 })));
    serve(Calls.quoteList, ok([quote({ status: 'agreed' })]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('contact-buyer'), 'the chat button');
    expect(testId('supplier-state')?.textContent).toBe('采购方已同意您的报价，请尽快联系采购方');
    await click(testId('contact-buyer'));
    await until(() => location() === `${Paths.chatPage}?userId=7&proType=2&proId=31`, 'the chat');

    await h.cleanup();
    h.install();
    logIn(3);
    serve(Calls.inquiryDetail, ok(detail({ status: 'cooperated', supplierState: 'cooperatedOther' })));
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('supplier-state'), 'the outcome');
    expect(testId('supplier-state')?.textContent).toBe('采购方已与其他供应商合作');
    expect(testId('quote-ended')).toBeTruthy();
    expect(testId('contact-buyer')).toBeNull();
  });
});

describe('my orders (order taking)', () => {
  it('lists the inquiries to quote on, each with where it stands, page by page, and switches tabs', async () => {
    layOutForInfiniteScroll();
    logIn(2);
    serve(
      Calls.inquiryTaking,
      ok({ list: [{ ...summary({ id: 31 }), supplierState: 'open' }], page: 1, hasMore: true }),
      ok({ list: [{ ...summary({ id: 32 }), supplierState: 'grabbed' }], page: 2, hasMore: false }),
      ok({ list: [], page: 1, hasMore: false }),
    );
    await render(Paths.orderTaking);
    await until(() => all('inquiry-row').length === 2, 'both pages');
    expect(calls(Calls.inquiryTaking).map((c) => [c.tab, c.page])).toEqual([
      ['todo', '1'],
      ['todo', '2'],
    ]);
    // The tab says they are to be quoted; only what the caller did with one is tagged.
    expect(all('inquiry-state-tag').map((tag) => tag.textContent)).toEqual(['已抢单']);
    await click([...h.container.querySelectorAll('.adm-tabs-tab')].find((tab) => tab.textContent === '已放弃'));
    await until(() => text().includes('没有放弃或忽略的询价'), 'the empty tab');
    expect(calls(Calls.inquiryTaking).at(-1)).toMatchObject({ tab: 'passed', page: '1' });
    expect(location()).toBe(`${Paths.orderTaking}?tab=passed`);
    await click(buttonWith(h.container, '去采购大厅'));
    expect(location()).toBe(Paths.procurementHall);
  });

  it('asks a visitor to log in without calling the server', async () => {
    await render(Paths.orderTaking);
    await until(() => text().includes('登录后查看您的接单'), 'the login prompt');
    expect(calls(Calls.inquiryTaking)).toHaveLength(0);
  });
});

describe('inquiry_detail for the buyer', () => {
  const mine = detail({ mine: true, receiver: '张三', receiverPhone: '13800000001', address: '里水大道1号' });
  const cheap = quote({ id: 502, userId: 3, rootId: 3, supplierCompanyName: '郑州铝厂', totalFen: 200_000_000 });
  cheap.items = [{ ...cheap.items[0]!, unitPriceFen: 2_000_000, amountFen: 200_000_000 }];

  it('shows the contact and compares quotes side by side, cheapest first, in English too', async () => {
    logIn(1);
    setLanguage('en-US');
    serve(Calls.inquiryDetail, ok(mine));
    serve(Calls.quoteList, ok([quote(), cheap]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => all('quote-column').length === 2, 'the comparison');
    expect(testId('inquiry-contact')?.textContent).toContain('13800000001');
    expect(all('quote-column').map((column) => column.textContent)).toEqual([
      expect.stringContaining('郑州铝厂'),
      expect.stringContaining('巩义铝业有限公司'),
    ]);
    const table = testId('quote-comparison')?.textContent ?? '';
    for (const part of [
      '20000',
      '20500',
      '¥2000000',
      '1380 km from delivery',
      'Payment before delivery',
      'Tax incl. / Freight incl.',
    ])
      expect(table).toContain(part);
    expect(testId('quote-comparison')?.querySelector('.mm-pc-price')?.textContent).toBe('20000');
    expect(testId('quote-start')).toBeNull();
  });

  it('puts a quote that prices only some products after the complete ones, and never calls it the lowest', async () => {
    logIn(1);
    const complete = quote({
      id: 503,
      userId: 4,
      rootId: 4,
      supplierCompanyName: '包头铝业',
      items: [
        quote().items[0]!,
        {
          specId: 102,
          productName: '铝棒',
          specification: '6063',
          quantityKg: 30_500,
          unitPriceFen: 2_100_000,
          amountFen: 64_050_000,
        },
      ],
      totalFen: 269_050_000,
    });
    serve(Calls.inquiryDetail, ok(mine));
    serve(Calls.quoteList, ok([cheap, complete]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => all('quote-column').length === 2, 'the comparison');
    expect(all('quote-column').map((column) => column.textContent)).toEqual([
      expect.stringContaining('包头铝业'),
      expect.stringContaining('郑州铝厂'),
    ]);
    expect(all('quote-column')[0]?.textContent).toContain('最低价');
    expect(all('quote-column')[1]?.textContent).not.toContain('最低价');
    // The partial one says how many of the products it prices.
    expect(all('quote-partial').map((tag) => tag.textContent)).toEqual(['部分报价 1/2']);
    expect(all('quote-column')[1]?.contains(all('quote-partial')[0]!)).toBe(true);
  });

  it('shows how each designated supplier answered', async () => {
    logIn(1);
    serve(
      Calls.inquiryDetail,
      ok({
        ...mine,
        visibility: 'designated',
        designatedSuppliers: [
          { rootId: 3, companyName: '郑州铝厂', state: 'quoted' },
          { rootId: 4, companyName: '洛阳铜业', state: 'ignored' },
          { rootId: 5, companyName: '包头铝业', state: 'waiting' },
        ],
      }),
    );
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('designated-suppliers'), 'the designated suppliers');
    const card = testId('designated-suppliers')?.textContent ?? '';
    for (const part of ['指定供应商', '郑州铝厂已报价', '洛阳铜业已忽略', '包头铝业待响应'])
      expect(card).toContain(part);
  });

  it('agrees to one quote after a confirmation; the others then show lost', async () => {
    logIn(1);
    serve(Calls.inquiryDetail, ok(mine), ok({ ...mine, status: 'cooperated' }));
    serve(
      Calls.quoteList,
      ok([quote(), cheap]),
      ok([
        { ...cheap, status: 'agreed' },
        { ...quote(), status: 'lost' },
      ]),
    );
    serve(
      Calls.quoteAgree,
      ok([
        { ...cheap, status: 'agreed' },
        { ...quote(), status: 'lost' },
      ]),
    );
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => all('quote-agree').length === 2, 'the comparison');
    await click(all('quote-agree')[0]);
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(calls(Calls.quoteAgree)).toHaveLength(0);
    await click(all('quote-agree')[0]);
    await until(() => newest('.adm-dialog-button', '同意合作') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '同意合作'));
    await until(() => calls(Calls.quoteAgree).length === 1, 'the agreement');
    expect(calls(Calls.quoteAgree)[0]).toMatchObject({ quoteId: '502' });
    await until(() => all('quote-agree').length === 0, 'the answered comparison');
    expect(all('quote-column').map((column) => column.textContent)).toEqual([
      expect.stringContaining('已合作'),
      expect.stringContaining('已与其他供应商合作'),
    ]);
  });

  it('ignores a quote, chats with a supplier about the inquiry, and deletes the inquiry after a confirmation', async () => {
    logIn(1);
    serve(Calls.inquiryDetail, ok(mine));
    serve(Calls.quoteList, ok([quote()]));
    serve(Calls.quoteIgnore, ok(null));
    serve(Calls.inquiryDelete, ok(null));
    serve(Calls.inquiryHall, ok({ list: [], page: 1, hasMore: false }));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => all('quote-ignore').length === 1, 'the comparison');
    await click(all('quote-ignore')[0]);
    await until(() => newest('.adm-dialog-button', '忽略') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '忽略'));
    await until(() => calls(Calls.quoteIgnore).length === 1, 'the ignore');
    expect(calls(Calls.quoteIgnore)[0]).toMatchObject({ quoteId: '501' });

    await click(testId('inquiry-delete'));
    await until(() => newest('.adm-dialog-button', '删除询价') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '删除询价'));
    await until(() => location() === Paths.procurementHall, 'the hall');
    expect(calls(Calls.inquiryDelete)[0]).toMatchObject({ id: '31' });
  });

  it('opens the chat with a supplier about this inquiry', async () => {
    logIn(1);
    serve(Calls.inquiryDetail, ok(mine));
    serve(Calls.quoteList, ok([quote()]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => all('quote-chat').length === 1, 'the comparison');
    await click(all('quote-chat')[0]);
    expect(location()).toBe(`${Paths.chatPage}?userId=2&proType=2&proId=31`);
  });

  it('closes an open inquiry after a confirmation', async () => {
    logIn(1);
    serve(Calls.inquiryDetail, ok(mine), ok({ ...mine, status: 'closed' }));
    serve(Calls.quoteList, ok([]));
    serve(Calls.inquiryClose, ok(null));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => text().includes('还没有供应商报价'), 'the empty comparison');
    await click(testId('inquiry-close'));
    await until(() => newest('.adm-dialog-button', '关闭询价') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '关闭询价'));
    await until(() => testId('inquiry-status')?.textContent === '已关闭', 'the closed inquiry');
    expect(calls(Calls.inquiryClose)[0]).toMatchObject({ id: '31' });
    expect(testId('inquiry-close')).toBeNull();
  });
});

describe('inquiries for an employee', () => {
  it("shows one without 'quote' or 'take_orders' why there is no quote button, and neither grab nor pass", async () => {
    logIn(2);
    serve(Calls.info, ok(employeeProfile(['inquiry'])));
    serve(Calls.inquiryDetail, ok(detail()));
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('no-permission-quote'), 'the note');
    expect(testId('no-permission-quote')?.textContent).toBe('您没有“对询价报价”的权限，请联系公司管理员');
    expect(testId('quote-start')).toBeNull();
    expect(testId('inquiry-grab')).toBeNull();
    expect(testId('inquiry-pass')).toBeNull();
  });

  it("shows one with 'quote' and 'take_orders' the quote, grab and pass buttons", async () => {
    logIn(2);
    serve(Calls.info, ok(employeeProfile(['quote', 'take_orders'])));
    serve(Calls.inquiryDetail, ok(detail()));
    serve(Calls.quoteList, ok([]));
    await render(`${Paths.inquiryDetail}?id=31`);
    await until(() => !!testId('quote-start') && calls(Calls.info).length > 0, 'the buttons and the profile');
    expect(testId('inquiry-grab')).not.toBeNull();
    expect(testId('inquiry-pass')).not.toBeNull();
    expect(testId('no-permission-quote')).toBeNull();
  });

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "shows the buyer's employee %s 'inquiry' the quote answers, close and delete accordingly",
    async (_, permissions, shown) => {
      logIn(1);
      serve(Calls.info, ok(employeeProfile([...permissions])));
      serve(Calls.inquiryDetail, ok(detail({ mine: true })));
      serve(Calls.quoteList, ok([quote()]));
      await render(`${Paths.inquiryDetail}?id=31`);
      await until(() => all('quote-column').length === 1 && calls(Calls.info).length > 0, 'the comparison');
      await until(() => !!testId('inquiry-close') === shown, 'the actions settled');
      expect(!!testId('inquiry-delete')).toBe(shown);
      expect(!!testId('quote-agree')).toBe(shown);
      expect(!!testId('quote-ignore')).toBe(shown);
      expect(!!testId('no-permission-inquiry')).toBe(!shown);
    },
  );

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)("shows an employee %s 'inquiry' the hall's post button accordingly", async (_, permissions, shown) => {
    logIn(2);
    serve(Calls.info, ok(employeeProfile([...permissions])));
    serve(Calls.inquiryHall, ok({ list: [], page: 1, hasMore: false }));
    await render(Paths.procurementHall);
    await until(() => calls(Calls.info).length > 0 && calls(Calls.inquiryHall).length === 1, 'the hall');
    await until(() => !!testId('hall-post') === shown, 'the post button settled');
  });
});
