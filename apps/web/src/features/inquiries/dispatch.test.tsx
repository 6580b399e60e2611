// @vitest-environment happy-dom
import { Calls, CodeFlag, type TDispatchGroup, type TDispatchQueueItem } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile, profileSummary } from '../../test/fixtures';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { owner } from '../companies/fixtures';
import DispatchGroupFormPage from './pages/DispatchGroupFormPage';
import DispatchGroupsPage from './pages/DispatchGroupsPage';
import DispatchOrderPage from './pages/DispatchOrderPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const group: TDispatchGroup = {
  id: 5,
  name: '华南组',
  mode: 'assign',
  assignHours: 24,
  members: [
    { userId: 21, nickName: '调度员甲', role: 'dispatcher', owner: false },
    { userId: 22, nickName: '接单员乙', role: 'staff', owner: false },
  ],
  areas: [{ province: '广东省', city: '佛山市', district: '' }],
  products: [{ sortId: 13, name: 'A00铝' }],
};

const item = (over: Partial<TDispatchQueueItem> = {}): TDispatchQueueItem => ({
  id: 31,
  rootId: 4,
  status: 'open',
  visibility: 'public',
  sortId: 22,
  sortName: '铝合金锭',
  title: '铝合金锭 ADC12',
  specCount: 1,
  totalQuantityKg: 20_000,
  province: '广东省',
  city: '佛山市',
  buyerCompanyName: '演示采购有限公司',
  quoteDeadline: '2030-11-27T09:00:00.000Z',
  quoteCount: 0,
  views: 1,
  createdAt: '2026-11-24T02:00:00.000Z',
  reason: '',
  supplierState: 'open',
  groupId: 5,
  groupName: '华南组',
  mode: 'assign',
  assigneeId: null,
  assigneeName: '',
  dueAt: '2030-11-25T02:00:00.000Z',
  escalated: false,
  action: 'assign',
  ...over,
});

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.orderDistribute]: DispatchGroupsPage,
      [Paths.modifyDistributeGroup]: DispatchGroupFormPage,
      [Paths.dispatchOrder]: DispatchOrderPage,
      [Paths.inquiryDetail]: Stub,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('order_distribute and modify_distribute_group', () => {
  it('lists the groups with their mode, members, areas and products', async () => {
    setSession(owner);
    h.serve(Calls.dispatchGroupList, ok({ list: [group] }));
    await render(Paths.orderDistribute);
    await until(() => text().includes('华南组'), 'the group');
    expect(text()).toContain('指派 · 24小时');
    expect(text()).toContain('调度员甲');
    expect(text()).toContain('广东省 佛山市');
    expect(text()).toContain('A00铝');
  });

  it("shows the server's conflict above the save button and keeps what was entered", async () => {
    setSession(owner);
    setLanguage('en-US');
    h.serve(Calls.dispatchGroupList, ok({ list: [group] }));
    h.serve(Calls.chatColleagues, ok({ list: [] }));
    h.serve(Calls.marketSorts, ok([]));
    h.serve(
      Calls.dispatchGroupSave,
      fail(CodeFlag.conflict, 'Conflict with other groups. Delete or change area to resolve. (华北组)'),
    );
    await render(`${Paths.modifyDistributeGroup}?id=5`);
    await until(() => h.container.querySelector('#dispatch-name') !== null, 'the form');
    await typeInto(h.container.querySelector('#dispatch-name'), '华南二组');
    await click(h.container.querySelector('[data-testid="dispatch-save"]'));
    await until(() => h.container.querySelector('[data-testid="dispatch-error"]') !== null, 'the error');
    expect(h.container.querySelector('[data-testid="dispatch-error"]')?.textContent).toBe(
      'Conflict with other groups. Delete or change area to resolve. (华北组)',
    );
    expect(h.calls(Calls.dispatchGroupSave)[0]).toMatchObject({ id: '5', name: '华南二组', mode: 'assign' });
  });

  it('refuses an incomplete group before sending it', async () => {
    setSession(owner);
    h.serve(Calls.dispatchGroupList, ok({ list: [] }));
    h.serve(Calls.chatColleagues, ok({ list: [] }));
    h.serve(Calls.marketSorts, ok([]));
    await render(Paths.modifyDistributeGroup);
    await until(() => h.container.querySelector('#dispatch-name') !== null, 'the form');
    await typeInto(h.container.querySelector('#dispatch-name'), '新组');
    await click(h.container.querySelector('[data-testid="dispatch-save"]'));
    await until(() => h.container.querySelector('[data-testid="dispatch-error"]') !== null, 'the error');
    expect(h.container.querySelector('[data-testid="dispatch-error"]')?.textContent).toBe('请至少选择一个服务区域');
    expect(h.calls(Calls.dispatchGroupSave)).toEqual([]);
  });
});

describe('dispatch_order', () => {
  it('assigns a waiting inquiry to a member after confirming', async () => {
    setSession(owner);
    h.serve(
      Calls.dispatchQueue,
      ok({ list: [item()], page: 1, hasMore: false }),
      ok({ list: [], page: 1, hasMore: false }),
    );
    h.serve(Calls.info, ok(profileSummary()));
    h.serve(Calls.dispatchGroupList, ok({ list: [group] }));
    h.serve(Calls.chatColleagues, ok({ list: [] }));
    h.serve(Calls.inquiryDistribute, ok(null));
    await render(Paths.dispatchOrder);
    await until(() => text().includes('铝合金锭 ADC12'), 'the queue');
    expect(text()).toContain('华南组');
    await click(h.container.querySelector('[data-testid="dispatch-assign"]'));
    await until(() => newest('.adm-action-sheet-button-item-name', '接单员乙 · 接单员') !== undefined, 'the members');
    await click(
      newest('.adm-action-sheet-button-item-name', '接单员乙 · 接单员')?.closest('.adm-action-sheet-button-item'),
    );
    await until(() => newest('.adm-dialog-button', '确定') !== undefined, 'the question');
    expect(document.body.textContent).toContain('把「铝合金锭 ADC12」分配给接单员乙？');
    await click(newest('.adm-dialog-button', '确定'));
    await until(() => h.calls(Calls.inquiryDistribute).length === 1, 'the assignment');
    expect(h.calls(Calls.inquiryDistribute)[0]).toMatchObject({ id: '31', userId: '22' });
    expect(showSuccess).toHaveBeenCalledWith('已分配给接单员乙');
  });

  it('does not ask an order taker without the dispatch permission for the groups, which the server would refuse', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ companyRole: 'employee', permissions: ['quote', 'take_orders'] })));
    h.serve(Calls.dispatchQueue, ok({ list: [item()], page: 1, hasMore: false }));
    h.serve(Calls.chatColleagues, ok({ list: [] }));
    await render(Paths.dispatchOrder);
    await until(() => text().includes('铝合金锭 ADC12'), 'the queue');
    await until(() => h.calls(Calls.info).length === 1, 'the profile');
    expect(h.calls(Calls.dispatchGroupList)).toHaveLength(0);
    expect(h.container.querySelector('[data-testid="dispatch-groups-link"]')).toBeNull();
  });

  it('says when nothing waits, and leads to the groups', async () => {
    setSession(owner);
    h.serve(Calls.dispatchQueue, ok({ list: [], page: 1, hasMore: false }));
    h.serve(Calls.dispatchGroupList, ok({ list: [] }));
    h.serve(Calls.chatColleagues, ok({ list: [] }));
    await render(Paths.dispatchOrder);
    await until(() => text().includes('暂无待处理的询价'), 'the empty state');
    await click(buttonWith(h.container, '派单分组'));
    expect(h.router.state.location.pathname).toBe(Paths.orderDistribute);
  });

  it.each([
    ['without', ['take_orders'], false],
    ['with', ['take_orders', 'dispatch'], true],
  ] as const)(
    "shows an employee %s 'dispatch' the assign button and the groups, and asks for them, accordingly",
    async (_, permissions, shown) => {
      setSession(owner);
      h.serve(Calls.info, ok(employeeProfile([...permissions])));
      h.serve(Calls.dispatchQueue, ok({ list: [item()], page: 1, hasMore: false }));
      h.serve(Calls.dispatchGroupList, ok({ list: [group] }));
      h.serve(Calls.chatColleagues, ok({ list: [] }));
      await render(Paths.dispatchOrder);
      await until(() => text().includes('铝合金锭 ADC12') && h.calls(Calls.info).length > 0, 'the queue');
      await until(() => !!h.container.querySelector('[data-testid="dispatch-assign"]') === shown, 'the assign button');
      expect(!!h.container.querySelector('[data-testid="dispatch-groups-link"]')).toBe(shown);
      await until(() => h.calls(Calls.dispatchGroupList).length === (shown ? 1 : 0), 'the groups asked for or not');
    },
  );
});
