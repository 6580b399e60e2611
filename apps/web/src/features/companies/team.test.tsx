// @vitest-environment happy-dom
import { Calls, CodeFlag, type TLinkWayDetail, type TTeam } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile } from '../../test/fixtures';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { employee, owner } from './fixtures';
import LinkWayPage from './pages/LinkWayPage';
import TeamPage from './pages/TeamPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.linkWay]: LinkWayPage,
      [Paths.teamPage]: TeamPage,
      [Paths.userCenter]: Elsewhere,
      [Paths.company]: Elsewhere,
      [Paths.login]: Elsewhere,
      [Paths.root]: Elsewhere,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const option = (within: Element | null, label: string) =>
  [...(within?.querySelectorAll('.adm-selector-item') ?? [])].find((e) => e.textContent?.trim() === label);

const people = [
  { userId: 7, name: '王老板', phone: '13800000002', isOwner: true },
  { userId: 9, name: '李销售', phone: '13900000009', isOwner: false },
];
const detail = (ways: TLinkWayDetail['ways'] = []): TLinkWayDetail => ({ ways, people });
const team: TTeam = {
  rootId: 7,
  companyName: '演示供应商铝业有限公司（Demo）',
  isDemo: true,
  members: [
    {
      userId: 7,
      name: '王老板',
      head: '',
      title: 'owner',
      contactFor: [{ purpose: 'afterSales', channel: 'landline', value: '0757-86661234' }],
    },
    {
      userId: 9,
      name: '李销售',
      head: '',
      title: 'colleague',
      contactFor: [
        { purpose: 'sales', channel: 'chat', value: '' },
        { purpose: 'purchasing', channel: 'wechat', value: 'li_sales01' },
      ],
    },
  ],
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(async () => {
  await h.cleanup();
});

describe('link_way', () => {
  it('lets the owner name a person and a channel per purpose, filling in their mobile, and saves the set', async () => {
    setSession(owner);
    h.serve(Calls.linkWayDetail, ok(detail()));
    h.serve(
      Calls.linkWaySave,
      ok(detail([{ purpose: 'sales', userId: 9, name: '李销售', channel: 'phone', value: '13900000009' }])),
    );
    await render(Paths.linkWay);
    await until(() => testId('way-sales') !== null, 'the form');
    await click(option(testId('way-sales'), '李销售'));
    await until(() => h.container.querySelector('#way-sales-value') !== null, 'the number');
    expect((h.container.querySelector('#way-sales-value') as HTMLInputElement).value).toBe('13900000009');
    await click(option(testId('way-afterSales'), '王老板'));
    await click(option(testId('way-afterSales'), 'QQ'));
    await typeInto(h.container.querySelector('#way-afterSales-value'), '0123');
    await click(testId('link-way-save'));
    expect(showFail).toHaveBeenCalledWith('请输入正确的QQ号');
    expect(h.calls(Calls.linkWaySave)).toEqual([]);
    await typeInto(h.container.querySelector('#way-afterSales-value'), '12345678');
    await click(testId('link-way-save'));
    await until(() => h.calls(Calls.linkWaySave).length === 1, 'the save');
    expect(JSON.parse(String(h.calls(Calls.linkWaySave)[0]?.ways))).toEqual([
      { purpose: 'sales', userId: 9, channel: 'phone', value: '13900000009' },
      { purpose: 'afterSales', userId: 7, channel: 'qq', value: '12345678' },
    ]);
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'saved');
  });

  it("shows the server's refusal, and an employee reads the ways without changing them", async () => {
    setSession(owner);
    h.serve(Calls.linkWayDetail, ok(detail()));
    h.serve(Calls.linkWaySave, fail(CodeFlag.forbidden, '无权进行此操作'));
    await render(Paths.linkWay);
    await until(() => testId('way-sales') !== null, 'the form');
    await click(option(testId('way-sales'), '王老板'));
    await click(testId('link-way-save'));
    await until(() => h.calls(Calls.linkWaySave).length === 1, 'the save');
    await h.cleanup();

    h.install();
    setSession(employee);
    h.serve(Calls.info, ok(employeeProfile(['quote'])));
    h.serve(
      Calls.linkWayDetail,
      ok(detail([{ purpose: 'sales', userId: 9, name: '李销售', channel: 'wechat', value: 'li_sales01' }])),
    );
    await render(Paths.linkWay);
    await until(() => text().includes('修改需要“公司信息与认证”权限'), 'the read-only view');
    expect(testId('way-sales')?.textContent).toBe('李销售 · 微信 · li_sales01');
    expect(testId('way-afterSales')?.textContent).toBe('未设置');
    expect(testId('link-way-save')).toBeNull();
  });

  it("lets an employee holding 'company' set the ways, as the owner does", async () => {
    setSession(employee);
    h.serve(Calls.info, ok(employeeProfile(['company'])));
    h.serve(Calls.linkWayDetail, ok(detail()));
    await render(Paths.linkWay);
    await until(() => testId('link-way-save') !== null && h.calls(Calls.info).length > 0, 'the form');
    expect(text()).not.toContain('修改需要“公司信息与认证”权限');
  });

  it('shows the error screen when the ways cannot be loaded', async () => {
    setSession(owner);
    h.serve(Calls.linkWayDetail, fail(CodeFlag.serverFault, '服务器开小差了'));
    await render(Paths.linkWay);
    await until(() => text().includes('重试'), 'the error screen');
  });
});

describe('team_page', () => {
  it('shows each person with what to contact them for, in Chinese and English', async () => {
    h.serve(Calls.companyTeam, ok(team));
    await render(`${Paths.teamPage}?id=7`);
    await until(() => h.container.querySelectorAll('[data-testid=team-member]').length === 2, 'the team');
    expect(h.calls(Calls.companyTeam)[0]).toMatchObject({ rootId: '7' });
    const [boss, sales] = [...h.container.querySelectorAll('[data-testid=team-member]')].map((m) => m.textContent);
    expect(boss).toContain('王老板负责人售后座机0757-86661234拨打');
    expect(sales).toContain('李销售同事销售在线聊天发消息采购微信li_sales01');
    expect(text()).toContain('演示');

    setLanguage('en-US');
    await until(() => text().includes('After-sales'), 'English');
    expect(text()).toContain('Team');
    expect(text()).toContain('WeChatli_sales01');
  });

  it('sends a visitor who wants to chat to log in', async () => {
    h.serve(Calls.companyTeam, ok(team));
    await render(`${Paths.teamPage}?id=7`);
    await until(() => text().includes('发消息'), 'the team');
    const chat = [...h.container.querySelectorAll('button')].find((b) => b.textContent?.includes('发消息'));
    await click(chat);
    await until(() => text().includes('elsewhere'), 'the login page');
    expect(h.router.state.location.pathname).toBe(Paths.login);
  });

  it('says a company that is not shown does not exist, and one without id too', async () => {
    h.serve(Calls.companyTeam, fail(CodeFlag.notFound, '该公司不存在'));
    await render(`${Paths.teamPage}?id=8`);
    await until(() => text().includes('该公司不存在或已停止展示'), 'not found');
    await h.cleanup();
    h.install();
    await render(Paths.teamPage);
    await until(() => text().includes('该公司不存在或已停止展示'), 'not found without id');
  });
});
