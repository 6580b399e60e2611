// @vitest-environment happy-dom

import { Calls } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile, profileSummary } from '../../test/fixtures';
import { buttonWith, click, createPageHarness, ok, until } from '../../test/pageHarness';
import { owner } from '../companies/fixtures';
import HomeTab from './components/HomeTab';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const CartStub = () => <p>cart page</p>;
const render = () => h.render({ [Paths.root]: HomeTab, [Paths.shoppingCart]: CartStub }, Paths.root);
const cartTile = () => buttonWith(h.container, '购物车');
const tileNames = () => [...h.container.querySelectorAll('.mm-home-fn-name')].map((name) => name.textContent ?? '');

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('home function grid', () => {
  it('gives a visitor the cart tile, which opens the cart (whose page asks for login)', async () => {
    await render();
    await click(cartTile());
    expect(h.router.state.location.pathname).toBe(Paths.shoppingCart);
  });

  it('gives the owner the cart tile once the profile is known', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary()));
    await render();
    await until(() => h.calls(Calls.info).length > 0, 'the profile');
    await click(cartTile());
    expect(h.router.state.location.pathname).toBe(Paths.shoppingCart);
  });

  it.each([
    ['with', ['orders'], true],
    ['without', ['stock', 'quote', 'take_orders'], false],
  ] as const)("shows an employee %s 'orders' the cart tile accordingly", async (_, permissions, shown) => {
    setSession(owner);
    h.serve(Calls.info, ok(employeeProfile([...permissions])));
    await render();
    await until(() => h.calls(Calls.info).length > 0, 'the profile');
    await until(() => (cartTile() !== undefined) === shown, 'the cart tile settled');
    // The other tiles are every member's: only the cart's goes.
    expect(tileNames()).toHaveLength(shown ? 8 : 7);
    expect(tileNames()).toContain('查价');
  });
});
