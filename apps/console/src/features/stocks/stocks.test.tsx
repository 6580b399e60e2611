// @vitest-environment happy-dom

import { Calls, CodeFlag, type TStockReviewItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { button, click, confirmButton, fail, ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/stock',
  list: Calls.pendingStocks,
  review: Calls.reviewStock,
});

const listing = (id: number, over: Partial<TStockReviewItem> = {}): TStockReviewItem => ({
  id,
  rootId: 300 + id,
  status: 'review',
  reason: '',
  sortId: 13,
  sortName: 'A00铝',
  specifications: 'AL99.70',
  quantityKg: 30_500,
  grossWeightKg: null,
  pieceWeightKg: 25,
  pieces: 1220,
  properties: '',
  productName: '铝锭',
  boxNumber: '',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  storageAddress: '里水仓库',
  productionDate: '',
  manufacturer: '南海铝厂',
  brand: '南铝',
  price: {
    type: 'market',
    unitPriceFen: 2_034_950,
    quoteDate: '2026-11-20',
    seriesId: 1,
    seriesName: '长江A00铝',
    processingFeeFen: -15_050,
    intro: '款到发货',
  },
  fixedPrice: false,
  splittable: true,
  specialSale: false,
  freightIncluded: true,
  additionalInfo: '可看货',
  transportInfo: '',
  paymentDays: null,
  images: [
    { url: '/files/a.png', thumbUrl: '/files/a.thumb.png' },
    { url: '/files/b.png', thumbUrl: '/files/b.thumb.png' },
  ],
  isDemo: false,
  companyName: `佛山${id}铝业有限公司`,
  posterAccount: '13900000001',
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  resubmitted: false,
  reviewedAt: null,
  // The version: the seller's last change (a batch edit after posting moves it past createdAt).
  submittedAt: `2026-11-2${id}T01:30:00.123Z`,
  ...over,
});

describe('the stock review queue', () => {
  it('lists listings oldest first with company, product, quantity, picture and kind, counted in the menu', async () => {
    serveQueue(ok([listing(1), listing(2, { resubmitted: true, images: [], isDemo: true })]));
    await h.render('/reviews/stock');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('佛山1铝业有限公司公司编号 301铝锭 AL99.70A00铝30.5 吨');
    expect(rows()[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/a.thumb.png');
    expect(rows()[0]?.textContent).toContain('新发布');
    expect(rows()[1]?.textContent).toContain('演示数据');
    expect(rows()[1]?.textContent).toContain('未上传图片');
    expect(rows()[1]?.textContent).toContain('修改后重新提交');
    expect(document.querySelector('[data-testid=badge-stock]')?.textContent).toContain('2');
    expect(pageText()).toContain('现货审核');
  });

  it('shows every field, the price worked out from the quote, and all pictures', async () => {
    serveQueue(ok([listing(1, { resubmitted: true, paymentDays: 7 })]));
    await h.render('/reviews/stock/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('companyName')).toBe('佛山1铝业有限公司');
    expect(fact('poster')).toBe('13900000001');
    expect(fact('kind')).toContain('曾经上架');
    expect(fact('quantity')).toBe('30.5 吨');
    expect(fact('pieceWeight')).toBe('0.025 吨');
    expect(fact('grossWeight')).toBe('未填写');
    expect(fact('price')).toBe('20349.50 元/吨 · 跟随 长江A00铝（2026-11-20）-150.50 元/吨');
    expect(fact('flags')).toBe('可拆分含运费');
    expect(fact('storage')).toBe('广东省 佛山市 南海区 里水仓库');
    expect(fact('paymentDays')).toBe('货到 7 天内付款');
    expect(fact('pictures')).toBe('2 张');
    const pictures = document.querySelectorAll('[data-testid=stock-pictures] img');
    expect([...pictures].map((img) => img.getAttribute('src'))).toEqual(['/files/a.thumb.png', '/files/b.thumb.png']);
  });

  it('puts a listing on sale after a confirmation that says what approving does, naming the version listed', async () => {
    serveQueue(ok([listing(1, { submittedAt: '2026-11-21T05:06:07.089Z' })]), ok([]));
    h.serve(Calls.reviewStock, ok(listing(1, { status: 'sale' })));
    await approveFirst('通过后现货立即上架');
    // The seller's last change, not when the listing was sent for review.
    expect(h.calls(Calls.reviewStock)[0]).toMatchObject({ submittedAt: '2026-11-21T05:06:07.089Z' });
    expect(h.calls(Calls.reviewStock)[0]).not.toMatchObject({ submittedAt: '2026-11-21T01:00:00.000Z' });
  });

  it('says so when the seller changed the listing after the list was loaded, decides nothing and shows the change', async () => {
    const refusal = '提交方已修改该内容，请查看修改后的内容再审核';
    serveQueue(ok([listing(1)]), ok([listing(1, { quantityKg: 3_000, submittedAt: '2026-11-21T02:00:00.000Z' })]));
    h.serve(Calls.reviewStock, fail(CodeFlag.invalidInput, refusal, { errors: { submittedAt: refusal } }));
    await h.render('/reviews/stock/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    await click(confirmButton('通过'));
    await until(() => h.calls(Calls.reviewStock).length === 1, 'the decision');
    expect(h.calls(Calls.reviewStock)[0]).toMatchObject({ submittedAt: '2026-11-21T01:30:00.123Z' });
    await until(() => vi.mocked(showError).mock.calls.length > 0, 'the error');
    expect(vi.mocked(showError).mock.calls.at(-1)?.[0]).toBe(refusal);
    expect(showSuccess).not.toHaveBeenCalled();
    // The queue is asked again at once: the page shows the changed listing, and decides that version.
    await until(() => fact('quantity') === '3 吨', 'the changed listing');
    h.serve(Calls.reviewStock, ok(listing(1, { status: 'sale' })));
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation again');
    await click(confirmButton('通过'));
    await until(() => h.calls(Calls.reviewStock).length === 2, 'the second decision');
    expect(h.calls(Calls.reviewStock)[1]).toMatchObject({ submittedAt: '2026-11-21T02:00:00.000Z' });
  });

  it('rejects only with a reason, which is sent', async () => {
    serveQueue(ok([listing(1), listing(2)]), ok([listing(2)]));
    h.serve(Calls.reviewStock, ok(listing(1, { status: 'rejected', reason: '价格明显不实' })));
    await rejectFirst('价格明显不实');
    await until(() => rows().length === 1, 'one row left');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([listing(1, { price: { ...listing(1).price, type: 'fixed', unitPriceFen: 2_100_000 } })]));
    await h.render('/reviews/stock/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('price')).toBe('21000 yuan/t · Fixed price');
    expect(fact('quantity')).toBe('30.5 t');
    expect(pageText()).toContain('Stock listings');
  });
});
