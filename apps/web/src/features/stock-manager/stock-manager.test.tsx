// @vitest-environment happy-dom
import { Calls, CodeFlag, type TManagedStock, type TStockMinePage, type TStockMineSorts } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile, managedStock } from '../../test/fixtures';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { DateRangeSheet } from './components/DateRangeSheet';
import SameAttrPage from './pages/SameAttrPage';
import StockManagerPage from './pages/StockManagerPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const stock = (id: number, over: Partial<TManagedStock> = {}): TManagedStock =>
  managedStock({
    id,
    rootId: 7,
    productName: `铝锭${id}`,
    specifications: '99.70%',
    brand: '',
    splittable: false,
    refreshedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });

const counts = { sale: 2, review: 0, rejected: 1, offline: 0, soldOut: 0, onTheWay: 0, expired: 0 };
const page = (list: TManagedStock[], over: Partial<TStockMinePage> = {}): TStockMinePage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  counts,
  ...over,
});
const sorts: TStockMineSorts = [
  { sortId: 13, sortName: 'A00铝', count: 2 },
  { sortId: 12, sortName: '1#电解铜', count: 1 },
];

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.stockManager]: StockManagerPage,
      [Paths.sameAttr]: SameAttrPage,
      [Paths.login]: Stub,
      '/pages/stock_detail/stock_detail': Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const bodyText = () => document.body.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
/** The newest element with this text anywhere in the page (dialogs and sheets render outside it). */
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const checkboxes = () => [...h.container.querySelectorAll('[data-testid="managed-stock"] .adm-checkbox')];
const logIn = () =>
  setSession({ account: 'seller01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });

async function selectFirstTwo() {
  await click(testId('toggle-select'));
  await click(checkboxes()[0]);
  await click(checkboxes()[1]);
  await until(() => text().includes('已选 2 条'), 'the selection');
}

async function chooseAction(label: string) {
  await click(testId('batch-actions'));
  await until(() => newest('.adm-action-sheet-button-item', label) !== undefined, 'the actions');
  await click(newest('.adm-action-sheet-button-item', label));
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  logIn();
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('stock manager', () => {
  it('shows the on-sale tab with every tab’s count and the rows, and a rejected one with its reason', async () => {
    serve(
      Calls.stockMine,
      ok(page([stock(1), stock(2, { paymentDays: 30, freightIncluded: true })])),
      ok(page([stock(3, { status: 'rejected', reason: '图片与品类不符', everPublished: false })])),
    );
    serve(Calls.stockMineSorts, ok(sorts));
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭1'), 'the rows');
    expect(calls(Calls.stockMine)[0]).toMatchObject({ status: 'sale', page: '1' });
    expect(text()).toContain('在售 2');
    expect(text()).toContain('未通过 1');
    expect(text()).toContain('¥20500元/吨');
    expect(text()).toContain('30 吨');
    expect(text()).toContain('账期 30 天');
    expect(text()).toContain('含运费');

    await click(
      [...h.container.querySelectorAll('.adm-tabs-tab')].find((tab) => tab.textContent?.startsWith('未通过')),
    );
    await until(() => testId('rejected-reason') !== null, 'the rejected tab');
    expect(calls(Calls.stockMine)[1]).toMatchObject({ status: 'rejected' });
    expect(testId('rejected-reason')?.textContent).toBe('未通过原因：图片与品类不符');
    expect(buttonWith(h.container, '刷新')).toBeUndefined();
  });

  it('searches by keyword and says when nothing matches', async () => {
    serve(Calls.stockMine, ok(page([stock(1)])), ok(page([])));
    serve(Calls.stockMineSorts, ok(sorts));
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭1'), 'the rows');
    await typeInto(h.container.querySelector('.mm-search-field input'), ' 铝棒 ');
    await click(buttonWith(h.container, '搜索'));
    await until(() => text().includes('没有符合筛选条件的库存'), 'the empty result');
    expect(calls(Calls.stockMine)[1]).toMatchObject({ keyword: '铝棒' });
  });

  it('takes the selected listings offline after a confirmation, in one batch', async () => {
    serve(Calls.stockMine, ok(page([stock(1), stock(2)])), ok(page([])));
    serve(Calls.stockMineSorts, ok(sorts));
    serve(Calls.stockBatchStatus, ok({ ids: [1, 2], changed: 2 }));
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭2'), 'the rows');
    await selectFirstTwo();
    await chooseAction('下架');
    await until(() => bodyText().includes('确定将所选 2 条库存下架吗'), 'the confirmation');
    expect(calls(Calls.stockBatchStatus)).toEqual([]);
    await click(newest('.adm-dialog-button', '下架'));
    await until(() => calls(Calls.stockBatchStatus).length === 1, 'the batch');
    expect(calls(Calls.stockBatchStatus)[0]).toMatchObject({ ids: '[1,2]', status: 'offline' });
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the success');
    expect(showSuccess).toHaveBeenCalledWith('已处理 2 条库存');
  });

  it('deletes only after a confirmation, and cancelling sends nothing', async () => {
    serve(Calls.stockMine, ok(page([stock(1), stock(2)])));
    serve(Calls.stockMineSorts, ok(sorts));
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭2'), 'the rows');
    await selectFirstTwo();
    await chooseAction('删除');
    await until(() => bodyText().includes('确定删除所选 2 条库存吗？删除后不可恢复。'), 'the confirmation');
    await click(newest('.adm-dialog-button', '取消'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(calls(Calls.stockBatchStatus)).toEqual([]);
  });

  it('marks the listings a refused batch names', async () => {
    serve(
      Calls.stockMine,
      ok(page([stock(1, { status: 'offline' }), stock(2, { status: 'offline', everPublished: false })])),
    );
    serve(Calls.stockMineSorts, ok(sorts));
    serve(
      Calls.stockBatchStatus,
      fail(CodeFlag.conflict, '只有上架过的已下架、已售罄、在途或已过期库存可以重新上架', { data: { ids: [2] } }),
    );
    await render(`${Paths.stockManager}?tab=offline`);
    await until(() => text().includes('铝锭2'), 'the rows');
    expect(calls(Calls.stockMine)[0]).toMatchObject({ status: 'offline' });
    await selectFirstTwo();
    await chooseAction('重新上架');
    await until(() => newest('.adm-dialog-button', '重新上架') !== undefined, 'the confirmation');
    await click(newest('.adm-dialog-button', '重新上架'));
    await until(() => h.container.querySelector('.mm-stock-row.is-flagged') !== null, 'the flagged row');
    expect(h.container.querySelector('.mm-stock-row.is-flagged')?.textContent).toContain('铝锭2');
    expect(showFail).toHaveBeenCalledWith('只有上架过的已下架、已售罄、在途或已过期库存可以重新上架');
  });

  it("checks a price adjustment ('Please enter numbers', not 0) before sending it, and shows the server's refusal in the sheet", async () => {
    serve(Calls.stockMine, ok(page([stock(1), stock(2)])));
    serve(Calls.stockMineSorts, ok(sorts));
    serve(
      Calls.stockBatchEdit,
      fail(CodeFlag.invalidInput, '调整后一口价须大于0，请减小降价金额', {
        errors: { value: '调整后一口价须大于0，请减小降价金额' },
      }),
      ok({ ids: [1, 2], changed: 2 }),
    );
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭2'), 'the rows');
    await selectFirstTwo();
    await chooseAction('调整价格');
    const input = () => document.body.querySelector<HTMLInputElement>('.mm-edit-input input');
    const submit = () => document.body.querySelector('[data-testid="edit-submit"]');
    const error = () => document.body.querySelector('.mm-sheet-error')?.textContent;
    await until(() => input() !== null, 'the sheet');
    for (const [value, mesg] of [
      ['abc', '请输入数字'],
      ['1.234', '请输入数字'],
      ['', '请输入数字'],
      ['0', '调整金额不能为0'],
    ] as const) {
      await typeInto(input(), value);
      await click(submit());
      await until(() => error() === mesg, `the message for '${value}'`);
    }
    expect(calls(Calls.stockBatchEdit)).toEqual([]);

    await typeInto(input(), '-30000');
    await click(submit());
    await until(() => error() === '调整后一口价须大于0，请减小降价金额', "the server's refusal");
    expect(calls(Calls.stockBatchEdit)[0]).toMatchObject({ ids: '[1,2]', field: 'price', value: '-30000' });
    expect(showFail).not.toHaveBeenCalled();

    await typeInto(input(), '100.5');
    await click(submit());
    await until(() => calls(Calls.stockBatchEdit).length === 2, 'the adjustment');
    expect(calls(Calls.stockBatchEdit)[1]).toMatchObject({ field: 'price', value: '100.5' });
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the success');
    expect(showSuccess).toHaveBeenCalledWith('已修改 2 条库存');
  });

  it("accepts only positive integers for payment days ('Only positive integers')", async () => {
    setLanguage('en-US');
    serve(Calls.stockMine, ok(page([stock(1), stock(2)])));
    serve(Calls.stockMineSorts, ok(sorts));
    serve(Calls.stockBatchEdit, ok({ ids: [1], changed: 1 }));
    await render(Paths.stockManager);
    await until(() => text().includes('铝锭2'), 'the rows');
    await click(testId('toggle-select'));
    await click(checkboxes()[0]);
    await chooseAction('Set payment days');
    const input = () => document.body.querySelector<HTMLInputElement>('.mm-edit-input input');
    await until(() => input() !== null, 'the sheet');
    for (const value of ['0', '-3', '1.5', 'x', '366']) {
      await typeInto(input(), value);
      await click(document.body.querySelector('[data-testid="edit-submit"]'));
      await until(
        () => document.body.querySelector('.mm-sheet-error')?.textContent === 'Only positive integers',
        `the message for '${value}'`,
      );
    }
    await typeInto(input(), '45');
    await click(document.body.querySelector('[data-testid="edit-submit"]'));
    await until(() => calls(Calls.stockBatchEdit).length === 1, 'the change');
    expect(calls(Calls.stockBatchEdit)[0]).toMatchObject({ ids: '[1]', field: 'paymentDays', value: '45' });
    expect(showSuccess).toHaveBeenCalledWith('1 listing changed');
  });

  it('refreshes one listing through stock/refresh', async () => {
    serve(Calls.stockMine, ok(page([stock(1)])));
    serve(Calls.stockMineSorts, ok(sorts));
    serve(Calls.stockRefresh, ok(stock(1)));
    await render(Paths.stockManager);
    await until(() => buttonWith(h.container, '刷新') !== undefined, 'the refresh button');
    await click(buttonWith(h.container, '刷新'));
    await until(() => calls(Calls.stockRefresh).length === 1, 'the refresh');
    expect(calls(Calls.stockRefresh)[0]).toMatchObject({ id: '1' });
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the success');
    expect(showSuccess).toHaveBeenCalledWith('已刷新');
  });

  it('shows an empty tab with the way to post stock, and a failed load with retry', async () => {
    serve(Calls.stockMine, fail(CodeFlag.serverFault, '服务器繁忙'), ok(page([], { counts: { ...counts, sale: 0 } })));
    serve(Calls.stockMineSorts, ok(sorts));
    await render(Paths.stockManager);
    await until(() => text().includes('服务器开小差了'), 'the error');
    await click(buttonWith(h.container, '重试'));
    await until(() => text().includes('暂无在售现货'), 'the empty tab');
    expect(buttonWith(h.container, '发布现货')).toBeDefined();
  });
});

describe('stock manager for an employee', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['stock'], true],
  ] as const)(
    "shows the batch, same-attribute and refresh actions only to one %s 'stock'",
    async (_, permissions, shown) => {
      serve(Calls.info, ok(employeeProfile([...permissions])));
      serve(Calls.stockMine, ok(page([stock(1)])));
      serve(Calls.stockMineSorts, ok(sorts));
      await render(Paths.stockManager);
      await until(() => text().includes('铝锭1') && calls(Calls.info).length === 1, 'the rows and the profile');
      await until(() => (testId('toggle-select') !== null) === shown, 'the actions settled');
      expect(testId('same-attr-entry') !== null).toBe(shown);
      expect(buttonWith(h.container, '刷新') !== undefined).toBe(shown);
    },
  );
});

describe('date range', () => {
  it("refuses a start after the end ('start date before end date') and applies a good range", async () => {
    const onApply = vi.fn();
    const Sheet = ({ start, end }: { start: string; end: string }) => (
      <DateRangeSheet visible startDate={start} endDate={end} onApply={onApply} onClose={() => {}} />
    );
    await h.render({ '/': () => <Sheet start="2026-11-20" end="2026-11-19" /> }, '/');
    await until(() => document.body.querySelector('[data-testid="date-apply"]') !== null, 'the sheet');
    await click(document.body.querySelector('[data-testid="date-apply"]'));
    await until(() => bodyText().includes('开始日期不能晚于结束日期'), 'the message');
    expect(onApply).not.toHaveBeenCalled();
    await click(newest('button', '清除日期'));
    await click(document.body.querySelector('[data-testid="date-apply"]'));
    expect(onApply).toHaveBeenCalledWith({ startDate: '', endDate: '' });
  });
});

describe('same_attr', () => {
  it("asks for a category first, checks the value, and changes all of the category's listings after a confirmation", async () => {
    serve(Calls.stockMineSorts, ok(sorts));
    serve(Calls.stockSameAttr, ok({ ids: [1, 2], changed: 2 }));
    await render(Paths.sameAttr);
    await until(() => text().includes('A00铝 (2)'), 'the categories');
    await click(testId('same-attr-submit'));
    await until(() => text().includes('请先选择品类'), 'the category message');
    expect(calls(Calls.stockSameAttr)).toEqual([]);

    await click(newest('.adm-selector-item', 'A00铝 (2)'));
    await click(newest('.adm-selector-item', '付款账期'));
    await typeInto(h.container.querySelector('.mm-edit-input input'), '1.5');
    await click(testId('same-attr-submit'));
    await until(() => text().includes('只能输入正整数'), 'the value message');
    expect(calls(Calls.stockSameAttr)).toEqual([]);

    await typeInto(h.container.querySelector('.mm-edit-input input'), '30');
    await click(testId('same-attr-submit'));
    await until(() => bodyText().includes('确定修改「A00铝」2 条库存的付款账期吗'), 'the confirmation');
    await click(newest('.adm-dialog-button', '确定'));
    await until(() => calls(Calls.stockSameAttr).length === 1, 'the change');
    expect(calls(Calls.stockSameAttr)[0]).toEqual(
      expect.objectContaining({ sortId: '13', field: 'paymentDays', value: '30' }),
    );
    expect(calls(Calls.stockSameAttr)[0]).not.toHaveProperty('ids');
    await until(() => vi.mocked(showSuccess).mock.calls.length > 0, 'the success');
    expect(showSuccess).toHaveBeenCalledWith('已修改 2 条库存');
  });

  it('changes only the picked listings when asked to', async () => {
    serve(Calls.stockMineSorts, ok(sorts));
    serve(Calls.stockMine, ok(page([stock(1), stock(2, { status: 'offline' })])));
    serve(Calls.stockSameAttr, ok({ ids: [2], changed: 1 }));
    await render(Paths.sameAttr);
    await until(() => text().includes('A00铝 (2)'), 'the categories');
    await click(newest('.adm-selector-item', 'A00铝 (2)'));
    await click(newest('.adm-selector-item', '是否含运费'));
    await click(newest('.adm-selector-item', '含运费'));
    await click(newest('.adm-radio', '选择部分库存（已选 0 条）'));
    await until(() => testId('same-attr-listings') !== null, 'the listings');
    expect(calls(Calls.stockMine)[0]).toMatchObject({ status: 'all', sortId: '13' });
    expect(text()).toContain('已下架');
    await click(testId('same-attr-submit'));
    await until(() => text().includes('请先选择库存'), 'the selection message');
    await click(h.container.querySelectorAll('[data-testid="same-attr-listings"] .adm-checkbox')[1]);
    await click(testId('same-attr-submit'));
    await until(() => newest('.adm-dialog-button', '确定') !== undefined, 'the confirmation');
    await click(newest('.adm-dialog-button', '确定'));
    await until(() => calls(Calls.stockSameAttr).length === 1, 'the change');
    expect(calls(Calls.stockSameAttr)[0]).toMatchObject({
      sortId: '13',
      field: 'freightIncluded',
      value: '1',
      ids: '[2]',
    });
  });
});
