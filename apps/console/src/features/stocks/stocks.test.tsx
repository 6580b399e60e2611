// @vitest-environment happy-dom

import { Calls, type TStockReviewItem } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import {
  type Answer,
  button,
  click,
  confirmButton,
  createConsoleHarness,
  modalButton,
  ok,
  pageText,
  type,
  until,
} from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'service' as const };

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
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid=queue-row]')];
const fact = (key: string) => document.querySelector(`[data-testid=fact-${key}]`)?.textContent;
/** The operator is logged in and the queue answers `list` in turn. */
const serveQueue = (...list: [Answer<typeof Calls.pendingStocks>, ...Answer<typeof Calls.pendingStocks>[]]) => {
  h.serve(Calls.operatorWhoami, ok(operator));
  h.serve(Calls.pendingStocks, ...list);
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
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

  it('puts a listing on sale after a confirmation that says what approving does', async () => {
    serveQueue(ok([listing(1)]), ok([]));
    h.serve(Calls.reviewStock, ok(listing(1, { status: 'sale' })));
    await h.render('/reviews/stock/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(pageText()).toContain('通过后现货立即上架');
    expect(h.calls(Calls.reviewStock)).toEqual([]);
    await click(confirmButton('通过'));
    await until(() => h.path === '/reviews/stock', 'back at the queue');
    expect(h.calls(Calls.reviewStock)).toEqual([
      expect.objectContaining({ id: '1', approve: '1', session_id: 'operator-session' }),
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已通过，用户会收到通知');
  });

  it('rejects only with a reason, which is sent', async () => {
    serveQueue(ok([listing(1), listing(2)]), ok([listing(2)]));
    h.serve(Calls.reviewStock, ok(listing(1, { status: 'rejected', reason: '价格明显不实' })));
    await h.render('/reviews/stock/1');
    await until(() => !!button('驳回'), 'the reject button');
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    await click(modalButton('驳回'));
    await until(() => pageText().includes('驳回时请填写原因'), 'the reason required');
    await type(document.querySelector('.ant-modal textarea'), '价格明显不实');
    await click(modalButton('驳回'));
    await until(() => h.path === '/reviews/stock', 'back at the queue');
    expect(h.calls(Calls.reviewStock)).toEqual([
      expect.objectContaining({ id: '1', approve: '0', reason: '价格明显不实' }),
    ]);
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
