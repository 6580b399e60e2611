// @vitest-environment happy-dom
import { Calls, CodeFlag, type TCartList, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths, setNavigator } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { cartLine, employeeProfile, stockDetail, stockSummary } from '../../test/fixtures';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import StockDetailPage from '../stocks/pages/StockDetailPage';
import ShoppingCartPage from './pages/ShoppingCartPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const buyer = { account: 'buyer01', rootId: 9, userId: 9, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const cart = (): TCartList => ({
  groups: [
    {
      sellerRootId: 42,
      sellerName: '佛山南海铝材有限公司',
      shopOpen: true,
      isDemo: false,
      items: [
        cartLine(),
        cartLine({
          id: 101,
          stockId: 6,
          quantityKg: 20_000,
          availableKg: 20_000,
          stock: stockSummary({ id: 6, productName: '铝棒', splittable: false, quantityKg: 20_000 }),
        }),
        cartLine({
          id: 102,
          stockId: 7,
          quantityKg: 8000,
          availableKg: 3000,
          stock: stockSummary({ id: 7, productName: '铝板', quantityKg: 3000 }),
          problems: ['short'],
          checkoutable: false,
        }),
      ],
    },
    {
      sellerRootId: 43,
      sellerName: '巩义铝业',
      shopOpen: false,
      isDemo: true,
      items: [
        cartLine({
          id: 103,
          stockId: 8,
          stock: stockSummary({
            id: 8,
            rootId: 43,
            productName: '铝卷',
            price: { ...stockSummary().price, unitPriceFen: 2_100_000 },
          }),
          problems: ['priceChanged'],
          checkoutable: false,
        }),
      ],
    },
  ],
  count: 4,
  maxLines: 50,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.shoppingCart]: ShoppingCartPage,
      [Paths.stockDetail]: StockDetailPage,
      [Paths.confirmStockOrder]: Stub,
      [Paths.login]: Stub,
      [Paths.stockList]: Stub,
      [Paths.company]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testIds = (id: string) => [...h.container.querySelectorAll(`[data-testid="${id}"]`)];
const location = () => h.router.state.location;
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const checkboxOf = (element: Element | undefined) =>
  element?.querySelector('input[type="checkbox"]') as HTMLInputElement;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession(buyer);
  setNavigator((to) => void h.router.navigate(to));
});
afterEach(async () => {
  setNavigator(null);
  await h.cleanup();
  clearSession();
});

describe('shopping_cart', () => {
  it('asks a visitor to log in', async () => {
    clearSession();
    await render(Paths.shoppingCart);
    expect(text()).toContain('登录后查看购物车');
    expect(calls(Calls.cartList)).toHaveLength(0);
  });

  it('says an empty cart is empty, and leads to stock', async () => {
    serve(Calls.cartList, ok({ groups: [], count: 0, maxLines: 50 }));
    await render(Paths.shoppingCart);
    await until(() => text().includes('购物车是空的'), 'the empty cart');
    await click([...h.container.querySelectorAll('button')].find((b) => b.textContent === '去逛逛现货'));
    expect(location().pathname).toBe(Paths.stockList);
  });

  it('offers retry when the cart cannot be loaded', async () => {
    serve(Calls.cartList, fail(CodeFlag.serverFault, ''), ok(cart()));
    await render(Paths.shoppingCart);
    await until(() => text().includes('重试'), 'the error');
    await click([...h.container.querySelectorAll('button')].find((b) => b.textContent?.includes('重试')));
    await until(() => testIds('cart-group').length === 2, 'the cart');
  });

  it('groups by seller, marks what cannot be checked out, and checks out a seller’s chosen lines', async () => {
    serve(Calls.cartList, ok(cart()));
    await render(Paths.shoppingCart);
    await until(() => testIds('cart-group').length === 2, 'the groups');
    expect(text()).toContain('购物车(4)');
    expect(text()).toContain('库存不足，仅剩 3 吨');
    expect(text()).toContain('价格已变动');
    expect(text()).toContain('整批出售 · 20 吨');
    const lines = testIds('cart-line');
    expect(lines.map((row) => row.classList.contains('is-flagged'))).toEqual([false, false, true, true]);
    expect(checkboxOf(lines[2]).disabled).toBe(true);

    const [first] = testIds('cart-group');
    const checkout = first!.querySelector('[data-testid="cart-checkout"]') as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    // The seller's "all" takes the lines that can be checked out, never the flagged one.
    await click(first!.querySelector('.mm-cart-group-head .adm-checkbox'));
    await until(() => checkout.textContent === '结算(2)', 'two chosen');
    expect(first!.textContent).toContain('¥512500');
    await click(checkout);
    expect(location().pathname).toBe(Paths.confirmStockOrder);
    expect(location().search).toBe('?seller=42&items=5:5000,6:20000');
  });

  it('resets a quantity out of range with SPEC’s words, and sends one in range (en-US)', async () => {
    setLanguage('en-US');
    serve(Calls.cartList, ok(cart()));
    serve(Calls.cartUpdate, ok({ id: 100, stockId: 5, quantityKg: 12_500, count: 4 }));
    await render(Paths.shoppingCart);
    await until(() => testIds('cart-stepper').length > 0, 'the stepper');
    const input = testIds('cart-stepper')[0]!.querySelector('input') as HTMLInputElement;
    await typeInto(input, '31');
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await until(() => vi.mocked(showFail).mock.calls.length === 1, 'the reset');
    expect(showFail).toHaveBeenCalledWith('Input out of range, has been reset');
    await until(() => input.value === '5', 'the quantity put back');
    expect(calls(Calls.cartUpdate)).toHaveLength(0);

    await typeInto(input, '12.5');
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await until(() => calls(Calls.cartUpdate).length === 1, 'the update');
    expect(calls(Calls.cartUpdate)[0]).toMatchObject({ id: '100', quantity: '12.5' });
    await click(testIds('cart-stepper')[0]!.querySelector('button[aria-label="One ton more"]'));
    await until(() => calls(Calls.cartUpdate).length === 2, 'the plus');
    expect(calls(Calls.cartUpdate)[1]).toMatchObject({ id: '100', quantity: '6' });
  });

  it('accepts a changed price with one tap', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.cartUpdate, ok({ id: 103, stockId: 8, quantityKg: 5000, count: 4 }));
    await render(Paths.shoppingCart);
    await until(() => testIds('cart-accept-price').length === 1, 'the offer');
    await click(testIds('cart-accept-price')[0]);
    await until(() => calls(Calls.cartUpdate).length === 1, 'the acceptance');
    expect(calls(Calls.cartUpdate)[0]).toMatchObject({ id: '103', quantity: '5', acceptPrice: '1' });
  });

  it('deletes the chosen lines after asking, and needs one chosen', async () => {
    serve(Calls.cartList, ok(cart()));
    serve(Calls.cartDelete, ok({ deleted: 4, count: 0 }));
    await render(Paths.shoppingCart);
    await until(() => testIds('cart-manage').length === 1, 'the manage button');
    await click(testIds('cart-manage')[0]);
    await until(() => testIds('cart-delete').length === 1, 'the manage bar');
    await click(testIds('cart-delete')[0]);
    expect(showFail).toHaveBeenCalledWith(translate('cart.selectOne', 'zh-CN'));
    // In managing, the flagged lines can be chosen too: they are what one deletes.
    expect(checkboxOf(testIds('cart-line')[2]).disabled).toBe(false);
    await click(testIds('cart-manage-bar')[0]!.querySelector('.adm-checkbox'));
    await until(() => testIds('cart-delete')[0]?.textContent === '删除(4)', 'all chosen');
    await click(testIds('cart-delete')[0]);
    await until(() => newest('.adm-dialog-button', '删除') !== undefined, 'the question');
    expect(document.body.textContent).toContain('确定从购物车删除选中的 4 件商品吗？');
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => calls(Calls.cartDelete).length === 1, 'the delete');
    expect(calls(Calls.cartDelete)[0]).toMatchObject({ ids: '[100,101,102,103]' });
    await until(() => vi.mocked(showSuccess).mock.calls.length === 1, 'the confirmation');
  });
});

describe('add to cart on stock_detail', () => {
  it("adds a quantity of another company's stock through the sheet", async () => {
    serve(Calls.stockDetail, ok(stockDetail({ contact: { linkName: '张三', phone: '13912345678', masked: false } })));
    serve(Calls.cartAdd, ok({ id: 100, stockId: 5, quantityKg: 2500, count: 1 }));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => testIds('add-to-cart').length === 1, 'the button');
    await click(testIds('add-to-cart')[0]);
    await until(() => document.body.querySelector('[data-testid="cart-sheet"]') !== null, 'the sheet');
    const input = document.body.querySelector('[data-testid="cart-sheet"] input') as HTMLInputElement;
    await typeInto(input, '40');
    await click(document.body.querySelector('[data-testid="cart-sheet-submit"]'));
    expect(showFail).toHaveBeenCalledWith('输入超出范围，已重置');
    await until(() => input.value === '30.5', 'the whole put back');
    await typeInto(input, '2.5');
    await until(() => document.body.querySelector('[data-testid="cart-sheet-amount"]') !== null, 'the amount');
    expect(document.body.querySelector('[data-testid="cart-sheet-amount"]')?.textContent).toContain('¥50873.75');
    await click(document.body.querySelector('[data-testid="cart-sheet-submit"]'));
    await until(() => calls(Calls.cartAdd).length === 1, 'the add');
    expect(calls(Calls.cartAdd)[0]).toMatchObject({ stockId: '5', quantity: '2.5', fromSearch: '0' });
    await until(() => vi.mocked(showSuccess).mock.calls.length === 1, 'the confirmation');
  });

  it('is not offered on the own company’s stock nor on stock not for sale', async () => {
    serve(Calls.stockDetail, ok(stockDetail({ rootId: 9, isOwn: true })));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(testIds('add-to-cart')).toHaveLength(0);
  });

  it.each([
    ['without', ['stock'], false],
    ['with', ['orders'], true],
  ] as const)("is offered to an employee %s 'orders' accordingly", async (_, permissions, shown) => {
    serve(Calls.info, ok(employeeProfile([...permissions])));
    serve(Calls.stockDetail, ok(stockDetail()));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭') && calls(Calls.info).length > 0, 'the listing and the profile');
    await until(() => (testIds('add-to-cart').length === 1) === shown, 'the button settled');
  });

  it('takes a visitor to login', async () => {
    clearSession();
    serve(Calls.stockDetail, ok(stockDetail()));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => testIds('add-to-cart').length === 1, 'the button');
    await click(testIds('add-to-cart')[0]);
    await until(() => location().pathname === Paths.login, 'login');
    expect(calls(Calls.cartAdd)).toHaveLength(0);
  });
});
