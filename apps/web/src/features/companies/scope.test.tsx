// @vitest-environment happy-dom
import { Calls, CodeFlag, MAX_COMPANY_PRODUCTS } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import { completeCompany, employee, freshCompany, owner, sortsCatalogue } from './fixtures';
import BuyScopePage from './pages/BuyScopePage';
import SellScopePage from './pages/SellScopePage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.sellScope]: SellScopePage,
      [Paths.buyScope]: BuyScopePage,
      [Paths.userCenter]: Elsewhere,
      [Paths.login]: Elsewhere,
    },
    path,
  );
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const chosen = () => [...h.container.querySelectorAll('[data-testid="scope-selected"] li')].map((li) => li.textContent);
const title = () => h.container.querySelector('.adm-nav-bar-title')?.textContent;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('products operated and purchase scope', () => {
  it('adds categories from the market catalogue and saves the list', async () => {
    setSession(owner);
    const saved = completeCompany({
      sellProducts: [
        { id: 13, sortName: 'A00铝' },
        { id: 21, sortName: '6063铝棒加工费' },
        { id: 25, sortName: '铜杆' },
      ],
    });
    h.serve(Calls.companyInfo, ok(completeCompany()));
    h.serve(Calls.marketSorts, ok(sortsCatalogue));
    h.serve(Calls.saveCompanyInfo, ok(saved));
    await render(Paths.sellScope);
    await until(() => testId('sort-25') !== null, 'the catalogue');
    expect(title()).toBe('经营产品');
    expect(chosen()).toEqual(['A00铝', '6063铝棒加工费']);
    expect(h.container.textContent).toContain(`已选品类 2/${MAX_COMPANY_PRODUCTS}`);
    expect((testId('scope-save') as HTMLButtonElement).disabled).toBe(true);

    await click(testId('sort-25'));
    expect(chosen()).toEqual(['A00铝', '6063铝棒加工费', '铜杆']);
    expect(testId('sort-25')?.getAttribute('aria-pressed')).toBe('true');
    await click(testId('scope-save'));
    await until(() => h.calls(Calls.saveCompanyInfo).length === 1, 'save');
    expect(h.calls(Calls.saveCompanyInfo)[0]).toMatchObject({ sellProducts: '[13,21,25]' });
    expect(h.calls(Calls.saveCompanyInfo)[0]).not.toHaveProperty('buyProducts');
    await until(() => h.router.state.location.pathname === Paths.userCenter, 'back to user_center');
    expect(showSuccess).toHaveBeenCalledWith('已保存');
  });

  it("says 'Avoid duplicate categories.' when a chosen one is added again, and removes from the list", async () => {
    setSession(owner);
    setLanguage('en-US');
    h.serve(Calls.companyInfo, ok(completeCompany()));
    h.serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.buyScope);
    await until(() => testId('sort-23') !== null, 'the catalogue');
    expect(title()).toBe('Purchase scope');
    await click(testId('sort-23'));
    expect(showFail).toHaveBeenCalledWith('Avoid duplicate categories.');
    expect(chosen()).toEqual(['氧化铝']);

    await click(buttonWith(h.container, 'Remove 氧化铝'));
    expect(chosen()).toEqual([]);
    expect(h.container.textContent).toContain('None yet; tap a category below to add it');
    expect((testId('scope-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('stops at the limit from the shared constants', async () => {
    setSession(owner);
    const full = Array.from({ length: MAX_COMPANY_PRODUCTS }, (_, i) => ({ id: 1000 + i, sortName: `品类${i}` }));
    h.serve(Calls.companyInfo, ok(freshCompany({ buyProducts: full })));
    h.serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.buyScope);
    await until(() => testId('sort-12') !== null, 'the catalogue');
    await click(testId('sort-12'));
    expect(showFail).toHaveBeenCalledWith('最多选择30个品类');
    expect(chosen()).toHaveLength(MAX_COMPANY_PRODUCTS);
  });

  it('keeps the choice on screen when the server refuses it', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.marketSorts, ok(sortsCatalogue));
    h.serve(Calls.saveCompanyInfo, fail(CodeFlag.invalidInput, '所选品类不存在'));
    await render(Paths.sellScope);
    await until(() => testId('sort-12') !== null, 'the catalogue');
    await click(testId('sort-12'));
    await click(testId('scope-save'));
    await until(() => h.calls(Calls.saveCompanyInfo).length === 1, 'save');
    expect(h.router.state.location.pathname).toBe(Paths.sellScope);
    expect(chosen()).toEqual(['1#电解铜']);
  });

  it('shows an employee the categories without the catalogue', async () => {
    setSession(employee);
    h.serve(Calls.companyInfo, ok(completeCompany({ editable: false })));
    await render(Paths.sellScope);
    await until(() => chosen().length > 0, 'the categories');
    expect(chosen()).toEqual(['A00铝', '6063铝棒加工费']);
    expect(testId('sort-13')).toBeNull();
    expect(testId('scope-save')).toBeNull();
    expect(h.calls(Calls.marketSorts)).toEqual([]);
  });
});
