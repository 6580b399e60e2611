// @vitest-environment happy-dom

import { Calls } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths, rootPath } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { profileSummary } from '../../test/fixtures';
import { click, createPageHarness, ok, until } from '../../test/pageHarness';
import { owner } from '../companies/fixtures';
import MeTab from './components/MeTab';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;

const render = () =>
  h.render(
    {
      [Paths.root]: MeTab,
      [Paths.linkPage]: Elsewhere,
      [Paths.myAgentBuys]: Elsewhere,
      [Paths.vipCenter]: Elsewhere,
      [Paths.login]: Elsewhere,
      [Paths.shoppingCart]: Elsewhere,
      [Paths.operatorIndex]: Elsewhere,
    },
    rootPath('me'),
  );

/** Each section's heading and the entries under it, in the order shown. */
const sections = () =>
  [...h.container.querySelectorAll('[data-testid^="me-section-"]')].map((section) => ({
    key: section.getAttribute('data-testid')?.replace('me-section-', ''),
    title: section.querySelector('h2')?.textContent,
    items: [...section.querySelectorAll('[data-testid^="me-service-"]')].map((item) =>
      item.getAttribute('data-testid')?.replace('me-service-', ''),
    ),
  }));

const BUYER_TOOLS = ['inquiries', 'agentBuys', 'quickBuy', 'contacts', 'footprints', 'favourites'];
const SUPPLIER_TOOLS = [
  'stockManager',
  'postStock',
  'capacity',
  'stock',
  'orderTaking',
  'dispatch',
  'visitors',
  'vip',
  'tradeSet',
];
const ACCOUNT_TOOLS = ['orders', 'company', 'receiptAddress', 'invoice', 'staff'];

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('me tab by role', () => {
  it("shows a buyer its buying tools first, the seller's tools under 'more' and none hidden", async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: 'buyer', complete_info: true })));
    await render();
    // Until the profile comes both trades show; the buyer's layout has 'more'.
    await until(() => sections()[2]?.key === 'more', 'the buyer layout');
    expect(sections()).toEqual([
      { key: 'buying', title: '采购', items: BUYER_TOOLS },
      { key: 'account', title: '账号与公司', items: ACCOUNT_TOOLS },
      { key: 'more', title: '更多工具', items: SUPPLIER_TOOLS },
    ]);
    expect(h.container.textContent).toContain('通讯录');
  });

  it.each(['producer', 'trader'] as const)('shows a %s its selling tools first, with its contacts', async (model) => {
    setSession(owner);
    setLanguage('en-US');
    h.serve(Calls.info, ok(profileSummary({ businessModel: model, complete_info: true })));
    await render();
    await until(() => sections()[0]?.key === 'selling', 'the supplier layout');
    expect(sections()).toEqual([
      { key: 'selling', title: 'Selling', items: [...SUPPLIER_TOOLS, 'contacts'] },
      { key: 'account', title: 'Account & company', items: ACCOUNT_TOOLS },
      { key: 'more', title: 'More tools', items: BUYER_TOOLS.filter((key) => key !== 'contacts') },
    ]);
    expect(h.container.querySelector('[data-testid="me-service-orderTaking"]')?.textContent).toBe('Orders taken');
  });

  it.each(['other', ''] as const)("shows both trades to a company of model '%s', with no 'more'", async (model) => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: model })));
    await render();
    await until(() => h.calls(Calls.info).length === 1 && sections().length > 0, 'the layout');
    expect(sections().map(({ key, items }) => ({ key, items }))).toEqual([
      { key: 'buying', items: BUYER_TOOLS },
      { key: 'selling', items: SUPPLIER_TOOLS },
      { key: 'account', items: ACCOUNT_TOOLS },
    ]);
  });

  it('opens contacts and agent purchases from their entries', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: 'buyer' })));
    await render();
    await until(() => sections()[2]?.key === 'more', 'the buyer layout');
    await click(h.container.querySelector('[data-testid="me-service-contacts"]'));
    expect(h.router.state.location.pathname).toBe(Paths.linkPage);
    await h.router.navigate(rootPath('me'));
    await until(() => h.container.querySelector('[data-testid="me-service-agentBuys"]') !== null, 'back');
    await click(h.container.querySelector('[data-testid="me-service-agentBuys"]'));
    expect(h.router.state.location.pathname).toBe(Paths.myAgentBuys);
  });

  it("shows the company's cart count (user/info shopCartNum) and opens the cart from it", async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: 'buyer', shopCartNum: 3 })));
    await render();
    await until(() => h.container.querySelector('[data-testid="me-cart"]')?.textContent === '3', 'the count');
    await click(h.container.querySelector('[data-testid="me-cart"]')?.closest('button'));
    expect(h.router.state.location.pathname).toBe(Paths.shoppingCart);
  });

  it('opens the memberships (vip_center) from the certified-supplier entry', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: 'producer' })));
    await render();
    await until(() => h.container.querySelector('[data-testid="me-service-vip"]') !== null, 'the layout');
    await click(h.container.querySelector('[data-testid="me-service-vip"]'));
    expect(h.router.state.location.pathname).toBe(Paths.vipCenter);
  });

  it('hides from an employee the entries their roles do not allow', async () => {
    setSession(owner);
    h.serve(
      Calls.info,
      ok(profileSummary({ businessModel: 'producer', companyRole: 'employee', permissions: ['quote', 'take_orders'] })),
    );
    await render();
    await until(
      () => h.container.querySelector('[data-testid="me-service-postStock"]') === null,
      'the employee layout',
    );
    expect(sections().map(({ key, items }) => ({ key, items }))).toEqual([
      { key: 'selling', items: ['stockManager', 'orderTaking', 'dispatch', 'tradeSet', 'contacts'] },
      { key: 'account', items: ['company'] },
      { key: 'more', items: BUYER_TOOLS.filter((key) => key !== 'contacts') },
    ]);
    const stat = (key: string) => h.container.querySelector(`[data-testid="me-${key}"]`)?.closest('button');
    expect(stat('cart')?.disabled).toBe(true);
    expect(stat('visits')?.disabled).toBe(true);
    expect(stat('attention')?.disabled).toBe(false);
  });

  it("shows an employee holding 'orders' and 'stock' the orders, addresses, invoices and stock entries", async () => {
    setSession(owner);
    h.serve(
      Calls.info,
      ok(profileSummary({ businessModel: 'producer', companyRole: 'employee', permissions: ['orders', 'stock'] })),
    );
    await render();
    await until(() => h.container.querySelector('[data-testid="me-service-stock"]') === null, 'the employee layout');
    expect(sections().map(({ key, items }) => ({ key, items }))).toEqual([
      {
        key: 'selling',
        items: ['stockManager', 'postStock', 'capacity', 'orderTaking', 'tradeSet', 'contacts'],
      },
      { key: 'account', items: ['orders', 'company', 'receiptAddress', 'invoice'] },
      { key: 'more', items: BUYER_TOOLS.filter((key) => key !== 'contacts') },
    ]);
    expect(h.container.querySelector('[data-testid="me-cart"]')?.closest('button')?.disabled).toBe(false);
  });

  it('opens the staff pages (operator/index) from the employees entry', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ businessModel: 'producer' })));
    await render();
    await until(() => h.container.querySelector('[data-testid="me-service-staff"]') !== null, 'the layout');
    await click(h.container.querySelector('[data-testid="me-service-staff"]'));
    expect(h.router.state.location.pathname).toBe(Paths.operatorIndex);
  });

  it('shows a visitor both trades and sends every entry to login without asking for a profile', async () => {
    await render();
    await until(() => sections().length === 3, 'the layout');
    expect(sections().map(({ key }) => key)).toEqual(['buying', 'selling', 'account']);
    window.location.hash = '';
    await click(h.container.querySelector('[data-testid="me-service-contacts"]'));
    expect(window.location.hash).toBe(`#${Paths.login}`);
    expect(h.calls(Calls.info)).toEqual([]);
  });
});
