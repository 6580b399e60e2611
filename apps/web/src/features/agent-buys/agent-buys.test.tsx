// @vitest-environment happy-dom

import { Calls, CodeFlag, type TAgentQuote } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import { employeeProfile, profileSummary, agentBuy as request } from '../../test/fixtures';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { agentBuyDetailPath, Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import ProcurementHallPage from '../inquiries/pages/ProcurementHallPage';
import AgentBuyDetailPage from './pages/AgentBuyDetailPage';
import InputAgentBuyPage from './pages/InputAgentBuyPage';
import InputAgentSellPage from './pages/InputAgentSellPage';
import MyAgentBuysPage from './pages/MyAgentBuysPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.procurementHall]: ProcurementHallPage,
      [Paths.inputAgentBuy]: InputAgentBuyPage,
      [Paths.inputAgentSell]: InputAgentSellPage,
      [Paths.agentBuyDetail]: AgentBuyDetailPage,
      [Paths.myAgentBuys]: MyAgentBuysPage,
      [Paths.login]: Stub,
      [Paths.chatPage]: Stub,
      [Paths.root]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...h.container.querySelectorAll(`[data-testid="${id}"]`)];
const location = () => `${h.router.state.location.pathname}${h.router.state.location.search}`;
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const logIn = (userId: number) =>
  setSession({ account: `u${userId}`, rootId: userId, userId, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });
const emptyPage = ok({ list: [], page: 1, hasMore: false });
/** A physical product and a futures series (quotes only) as `market/sorts` answers them. */
const sortsWithFutures = [
  { id: 13, sortName: 'A00铝', sortUnit: 'CNY/t', metal: 'aluminium' as const, physical: true, series: [] },
  { id: 78, sortName: '沪铝', sortUnit: 'CNY/t', metal: 'aluminium' as const, physical: false, series: [] },
];

const quote = (over: Partial<TAgentQuote> = {}): TAgentQuote => ({
  id: 901,
  agentBuyId: 7,
  userId: 2,
  status: 'live',
  info: '含税到厂20,950元/吨',
  companyName: '巩义代采贸易有限公司',
  contactName: '李经理',
  phone: '13900001111',
  createdAt: '2026-11-24T03:00:00.000Z',
  mine: false,
  ...over,
});

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('procurement_hall, agent purchase tab', () => {
  it('lists open requests with kind, words, voice, photos and counts; filters buy/sell in the address; a row opens the request', async () => {
    serve(
      Calls.agentBuyHall,
      ok({ list: [request(), request({ id: 8, kind: 'sell', text: '', voice: null })], page: 1, hasMore: false }),
      ok({ list: [request({ id: 8, kind: 'sell' })], page: 1, hasMore: false }),
    );
    await render(`${Paths.procurementHall}?tab=agent`);
    await until(() => all('agent-buy-row').length === 2, 'the list');
    const first = all('agent-buy-row')[0]?.textContent ?? '';
    for (const part of ['帮我买', 'A00铝', '求购A00铝锭50吨', '语音 18秒', '1张图片', '演示买家', '报价 3', '浏览 12'])
      expect(first).toContain(part);
    expect(all('agent-buy-row')[1]?.textContent).toContain('（语音/图片需求）');
    expect(calls(Calls.agentBuyHall)[0]).toMatchObject({ page: '1' });
    expect(calls(Calls.agentBuyHall)[0]).not.toHaveProperty('kind');
    expect(calls(Calls.inquiryHall)).toHaveLength(0);

    const sellFilter = [...h.container.querySelectorAll('.mm-ab-filter button')].find(
      (b) => b.textContent === '帮我卖',
    );
    await click(sellFilter);
    await until(() => calls(Calls.agentBuyHall).length === 2, 'the filtered list');
    expect(calls(Calls.agentBuyHall)[1]).toMatchObject({ kind: 'sell' });
    expect(location()).toBe(`${Paths.procurementHall}?tab=agent&kind=sell`);
    await until(() => all('agent-buy-row').length === 1, 'one row');
    await click(all('agent-buy-row')[0]);
    expect(location()).toBe(agentBuyDetailPath(8));
  });

  it('offers help me buy, help me sell and my requests, and says when nothing is open, in English too', async () => {
    serve(Calls.agentBuyHall, emptyPage);
    setLanguage('en-US');
    await render(`${Paths.procurementHall}?tab=agent`);
    await until(() => text().includes('No agent requests yet'), 'the empty state');
    await click(buttonWith(h.container, 'Help me sell'));
    expect(location()).toBe(Paths.inputAgentSell);
  });

  it('filters by category from the dropdown and keeps it in the address with the kind', async () => {
    serve(Calls.agentBuyHall, emptyPage);
    serve(Calls.marketSorts, ok(sortsWithFutures));
    await render(`${Paths.procurementHall}?tab=agent&kind=buy`);
    await until(() => calls(Calls.agentBuyHall).length === 1, 'the first call');
    expect(calls(Calls.agentBuyHall)[0]).toMatchObject({ kind: 'buy' });
    const categoryTitle = [...h.container.querySelectorAll('.adm-dropdown-item')].find((item) =>
      item.textContent?.includes('品类'),
    );
    await click(categoryTitle);
    await until(() => !!buttonWith(document.body, 'A00铝'), 'the categories');
    expect(buttonWith(document.body, '沪铝')).toBeUndefined();
    await click(buttonWith(document.body, 'A00铝'));
    await until(() => calls(Calls.agentBuyHall).length === 2, 'the filtered call');
    expect(calls(Calls.agentBuyHall)[1]).toMatchObject({ kind: 'buy', sortId: '13' });
    expect(location()).toBe(`${Paths.procurementHall}?tab=agent&kind=buy&sortId=13`);
  });

  it('opens the owner’s list from the tab', async () => {
    serve(Calls.agentBuyHall, emptyPage);
    await render(`${Paths.procurementHall}?tab=agent`);
    await until(() => !!testId('agent-mine'), 'the link');
    await click(testId('agent-mine'));
    expect(location()).toBe(Paths.myAgentBuys);
  });

  it('offers a retry when the list fails', async () => {
    serve(
      Calls.agentBuyHall,
      fail(CodeFlag.serverFault, '服务器错误'),
      ok({ list: [request()], page: 1, hasMore: false }),
    );
    await render(`${Paths.procurementHall}?tab=agent`);
    await until(() => text().includes('服务器开小差了'), 'the failed state');
    await click(buttonWith(h.container, '重试'));
    await until(() => all('agent-buy-row').length === 1, 'the list after retry');
  });
});

describe('input_agent_buy and input_agent_sell', () => {
  it('asks a visitor to log in first', async () => {
    await render(Paths.inputAgentBuy);
    await until(() => text().includes('请先登录'), 'the login prompt');
    await click(buttonWith(h.container, '去登录'));
    expect(location()).toBe(Paths.login);
  });

  it('refuses an empty request in the user’s language without calling the server', async () => {
    logIn(1);
    serve(Calls.marketSorts, ok([]));
    await render(Paths.inputAgentSell);
    await until(() => !!testId('agent-form-sell'), 'the form');
    await click(testId('agent-submit'));
    expect(showFail).toHaveBeenCalledWith('请用文字、语音或图片说明您的需求');
    await until(() => text().includes('请用文字、语音或图片说明您的需求'), 'the error beside the field');
    expect(calls(Calls.agentBuySave)).toHaveLength(0);
    await typeInto(h.container.querySelector('textarea[name=text]'), '有废铝');
    expect(text()).not.toContain('请用文字、语音或图片说明您的需求');
  });

  it('checks the phone with the server’s rule', async () => {
    logIn(1);
    setLanguage('en-US');
    serve(Calls.marketSorts, ok([]));
    await render(Paths.inputAgentBuy);
    await until(() => !!testId('agent-form-buy'), 'the form');
    await typeInto(h.container.querySelector('textarea[name=text]'), 'need 50 t');
    await typeInto(h.container.querySelector('input[name=phone]'), '12345');
    await click(testId('agent-submit'));
    expect(showFail).toHaveBeenCalledWith('Please enter the correct phone number');
    expect(calls(Calls.agentBuySave)).toHaveLength(0);
  });

  it('posts the words, the category and the phone of a help-me-buy request, says so and opens it', async () => {
    logIn(1);
    serve(Calls.marketSorts, ok(sortsWithFutures));
    serve(Calls.agentBuySave, ok(request({ id: 42, status: 'review', mine: true })));
    serve(Calls.agentBuyDetail, ok(request({ id: 42, status: 'review', mine: true })));
    await render(Paths.inputAgentBuy);
    await until(() => text().includes('A00铝'), 'the categories');
    // A futures series is quoted, never bought or sold through an agent: no category to choose.
    expect([...h.container.querySelectorAll('.adm-selector-item')].map((i) => i.textContent)).toEqual(['A00铝']);
    await typeInto(h.container.querySelector('textarea[name=text]'), ' 求购A00铝锭50吨 ');
    await click([...h.container.querySelectorAll('.adm-selector-item')].find((i) => i.textContent === 'A00铝'));
    await typeInto(h.container.querySelector('input[name=phone]'), '13700001234');
    await click(testId('agent-submit'));
    await until(() => calls(Calls.agentBuySave).length === 1, 'the save');
    expect(calls(Calls.agentBuySave)[0]).toMatchObject({
      kind: 'buy',
      text: '求购A00铝锭50吨',
      photos: '[]',
      sortId: '13',
      phone: '13700001234',
    });
    expect(calls(Calls.agentBuySave)[0]).not.toHaveProperty('voiceUrl');
    await until(() => location() === agentBuyDetailPath(42), 'the request');
    expect(showSuccess).toHaveBeenCalledWith('已提交，等待审核');
  });

  it('keeps what was entered when the server refuses it, with its reason beside the field', async () => {
    logIn(1);
    serve(Calls.marketSorts, ok([]));
    serve(
      Calls.agentBuySave,
      fail(CodeFlag.invalidInput, '请输入正确的手机号码', { errors: { phone: 'phone.invalid' } }),
    );
    await render(Paths.inputAgentSell);
    await until(() => !!testId('agent-form-sell'), 'the form');
    await typeInto(h.container.querySelector('textarea[name=text]'), '有废铝20吨');
    await click(testId('agent-submit'));
    await until(() => text().includes('请输入正确的手机号码'), 'the reason');
    expect((h.container.querySelector('textarea[name=text]') as HTMLTextAreaElement).value).toBe('有废铝20吨');
    expect(location()).toBe(Paths.inputAgentSell);
  });

  it('says plainly when the browser cannot record, and words or photos still do', async () => {
    logIn(1);
    vi.stubGlobal('MediaRecorder', undefined);
    serve(Calls.marketSorts, ok([]));
    await render(Paths.inputAgentBuy);
    await until(() => !!testId('voice-hold'), 'the record button');
    const hold = testId('voice-hold') as HTMLElement;
    await act(async () => {
      hold.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientY: 100 }));
    });
    await until(() => !!testId('voice-problem'), 'the problem');
    expect(testId('voice-problem')?.textContent).toBe('当前浏览器不支持录音；您可以用文字或图片说明');
  });
});

describe('agent_buy_detail', () => {
  it('shows the owner the request, every quote with a call and a chat, and closes it after a confirmation', async () => {
    logIn(1);
    serve(Calls.agentBuyDetail, ok(request({ mine: true, phone: '13800000001' })));
    serve(
      Calls.agentQuoteList,
      ok([quote(), quote({ id: 902, userId: 3, companyName: '另一家', phone: '13900003333' })]),
    );
    serve(Calls.agentBuyClose, ok(null));
    await render(agentBuyDetailPath(7));
    await until(() => all('agent-quote').length === 2, 'the quotes');
    expect(testId('agent-buy-info')?.textContent).toContain('3 位代理商已报价');
    expect(testId('agent-buy-voice')?.textContent).toContain('18秒');
    expect(all('agent-quote')[0]?.textContent).toContain('巩义代采贸易有限公司李经理 · 13900001111');
    expect(h.container.querySelector('a[href="tel:13900001111"]')).not.toBeNull();
    await click(testId('agent-close'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(calls(Calls.agentBuyClose)).toHaveLength(0);
    await click(testId('agent-close'));
    await until(() => newest('.adm-dialog-button', '关闭需求') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '关闭需求'));
    await until(() => calls(Calls.agentBuyClose).length === 1, 'the close');
    expect(calls(Calls.agentBuyClose)[0]).toMatchObject({ id: '7' });
    await click(buttonWith(all('agent-quote')[1]!, '聊一聊'));
    expect(location()).toBe(`${Paths.chatPage}?userId=3&proType=3&proId=7`);
  });

  it('deletes after a confirmation and returns to the owner’s list', async () => {
    logIn(1);
    serve(Calls.agentBuyDetail, ok(request({ mine: true, status: 'rejected', reason: '内容过于简单' })));
    serve(Calls.agentBuyDelete, ok(null));
    serve(Calls.agentBuyMine, emptyPage);
    await render(agentBuyDetailPath(7));
    await until(() => text().includes('未通过原因：内容过于简单'), 'the reason');
    expect(testId('agent-close')).toBeNull();
    await click(testId('agent-delete'));
    await until(() => newest('.adm-dialog-button', '删除') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => location() === Paths.myAgentBuys, 'the list');
    expect(calls(Calls.agentBuyDelete)[0]).toMatchObject({ id: '7' });
  });

  it('lets an agent quote with the form prefilled from their profile, checked before it is sent', async () => {
    logIn(2);
    serve(Calls.agentBuyDetail, ok(request()));
    serve(
      Calls.info,
      ok(profileSummary({ userId: 2, nickName: '李四', companyName: '巩义代采贸易有限公司', phone: '13800000002' })),
    );
    serve(Calls.agentQuoteSave, ok([quote({ mine: true })]));
    await render(agentBuyDetailPath(7));
    await until(() => !!testId('agent-quote-start'), 'the quote button');
    await click(testId('agent-quote-start'));
    await until(() => !!document.body.querySelector('[data-testid=agent-quote-sheet]'), 'the sheet');
    const sheet = document.body.querySelector('[data-testid=agent-quote-sheet]')!;
    await until(() => (sheet.querySelector('input[name=companyName]') as HTMLInputElement).value !== '', 'the profile');
    expect((sheet.querySelector('input[name=contactName]') as HTMLInputElement).value).toBe('李四');
    expect((sheet.querySelector('input[name=phone]') as HTMLInputElement).value).toBe('13800000002');
    await click(sheet.querySelector('[data-testid=agent-quote-submit]'));
    await until(() => sheet.textContent?.includes('请填写报价信息') ?? false, 'the missing info');
    expect(calls(Calls.agentQuoteSave)).toHaveLength(0);
    await typeInto(sheet.querySelector('textarea[name=info]'), '20,950元/吨');
    await click(sheet.querySelector('[data-testid=agent-quote-submit]'));
    await until(() => calls(Calls.agentQuoteSave).length === 1, 'the quote');
    expect(calls(Calls.agentQuoteSave)[0]).toMatchObject({
      agentBuyId: '7',
      info: '20,950元/吨',
      companyName: '巩义代采贸易有限公司',
      contactName: '李四',
      phone: '13800000002',
    });
    await until(() => vi.mocked(showSuccess).mock.calls.length === 1, 'the toast');
    expect(showSuccess).toHaveBeenCalledWith('报价已提交');
  });

  it('shows an agent their own quote and offers to change it', async () => {
    logIn(2);
    serve(Calls.agentBuyDetail, ok(request({ myQuote: quote({ mine: true }), phone: '13800000001' })));
    await render(agentBuyDetailPath(7));
    await until(() => !!testId('my-agent-quote'), 'the own quote');
    expect(testId('my-agent-quote')?.textContent).toContain('含税到厂20,950元/吨');
    expect(testId('agent-quote-start')?.textContent).toBe('修改报价');
    await click(testId('agent-chat-poster'));
    expect(location()).toBe(`${Paths.chatPage}?userId=1&proType=3&proId=7`);
  });

  it('says an ended request takes no quotes', async () => {
    logIn(2);
    serve(Calls.agentBuyDetail, ok(request({ status: 'expired' })));
    await render(agentBuyDetailPath(7));
    await until(() => text().includes('该需求已不再接受报价'), 'the ended note');
    expect(testId('agent-quote-start')).toBeNull();
  });

  it('says another user’s request in review cannot be seen', async () => {
    logIn(2);
    serve(Calls.agentBuyDetail, fail(CodeFlag.forbidden, '无权进行此操作'));
    setLanguage('en-US');
    await render(agentBuyDetailPath(9));
    await until(() => text().includes('This request cannot be viewed now'), 'the refusal');
  });
});

describe('my agent requests', () => {
  it('lists the owner’s requests with their states', async () => {
    logIn(1);
    serve(
      Calls.agentBuyMine,
      ok({
        list: [request({ status: 'review', mine: true }), request({ id: 8, status: 'rejected' })],
        page: 1,
        hasMore: false,
      }),
    );
    await render(Paths.myAgentBuys);
    await until(() => all('agent-buy-row').length === 2, 'the list');
    expect(all('agent-buy-row')[0]?.textContent).toContain('审核中');
    expect(all('agent-buy-row')[1]?.textContent).toContain('未通过');
  });

  it('says when there is none yet', async () => {
    logIn(1);
    serve(Calls.agentBuyMine, emptyPage);
    await render(Paths.myAgentBuys);
    await until(() => text().includes('您还没有发布代理需求'), 'the empty state');
  });
});

describe('agent purchases for an employee', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "offers the request form's submit to one %s 'inquiry' opening it by link, or says why not",
    async (_, permissions, shown) => {
      logIn(1);
      serve(Calls.info, ok(employeeProfile([...permissions])));
      serve(Calls.marketSorts, ok([]));
      await render(Paths.inputAgentBuy);
      await until(() => !!testId('agent-form-buy') && calls(Calls.info).length > 0, 'the form and the profile');
      await until(() => !!testId('agent-submit') === shown, 'the submit settled');
      expect(!!testId('no-permission-inquiry')).toBe(!shown);
    },
  );

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "shows one %s 'inquiry' the close and delete of the company's request, or why not",
    async (_, permissions, shown) => {
      logIn(1);
      serve(Calls.info, ok(employeeProfile([...permissions])));
      serve(Calls.agentBuyDetail, ok(request({ mine: true })));
      serve(Calls.agentQuoteList, ok([]));
      await render(agentBuyDetailPath(7));
      await until(() => !!testId('agent-buy-info') && calls(Calls.info).length > 0, 'the request and the profile');
      await until(() => !!testId('agent-close') === shown, 'the actions settled');
      expect(!!testId('agent-delete')).toBe(shown);
      expect(!!testId('no-permission-inquiry')).toBe(!shown);
    },
  );

  it.each([
    ['without', ['inquiry'], false],
    ['with', ['quote'], true],
  ] as const)("shows one %s 'quote' the agent's quote button, or why not", async (_, permissions, shown) => {
    logIn(2);
    serve(Calls.info, ok(employeeProfile([...permissions])));
    serve(Calls.agentBuyDetail, ok(request()));
    await render(agentBuyDetailPath(7));
    await until(() => !!testId('agent-buy-info') && calls(Calls.info).length > 0, 'the request and the profile');
    await until(() => !!testId('agent-quote-start') === shown, 'the quote button settled');
    expect(!!testId('no-permission-quote')).toBe(!shown);
  });

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)("shows one %s 'inquiry' the ways to post a request accordingly", async (_, permissions, shown) => {
    logIn(1);
    serve(Calls.info, ok(employeeProfile([...permissions])));
    serve(Calls.agentBuyMine, emptyPage);
    await render(Paths.myAgentBuys);
    await until(() => calls(Calls.info).length > 0 && calls(Calls.agentBuyMine).length > 0, 'the list and the profile');
    await until(() => !!testId('agent-post') === shown, 'the post button settled');
  });
});
