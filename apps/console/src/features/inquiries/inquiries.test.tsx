// @vitest-environment happy-dom

import { Calls, CodeFlag, type TInquiryDetail } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { button, click, confirmButton, fail, ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/inquiries',
  list: Calls.pendingInquiries,
  review: Calls.reviewInquiry,
});

const inquiry = (id: number, over: Partial<TInquiryDetail> = {}): TInquiryDetail => ({
  id,
  rootId: 500 + id,
  status: 'review',
  visibility: 'public',
  sortId: 13,
  sortName: 'A00铝',
  title: 'A00铝锭 AL99.70',
  specCount: 2,
  totalQuantityKg: 120_500,
  province: '广东省',
  city: '佛山市',
  buyerCompanyName: `佛山${id}采购有限公司`,
  quoteDeadline: '2026-11-27T09:00:00.000Z',
  quoteCount: 0,
  views: 0,
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  reason: '',
  specs: [
    {
      id: 1,
      productName: 'A00铝锭',
      specification: 'AL99.70',
      quantityKg: 100_000,
      attributes: [{ name: '品牌', value: '中铝' }],
    },
    { id: 2, productName: '', specification: 'Φ178mm', quantityKg: 20_500, attributes: [] },
  ],
  taxIncluded: true,
  freightIncluded: false,
  paymentMethod: 'credit',
  creditDays: 30,
  deliveryDate: '2026-12-05',
  supplierProvince: '河南省',
  supplierCity: '',
  receiver: '王五',
  receiverPhone: '13900002222',
  district: '南海区',
  address: '狮山镇工业大道8号',
  designatedRootIds: [],
  attachments: [{ url: '/files/images/9/d.png', name: '图纸.png', type: 'image/png', size: 1000 }],
  remark: '需提供质保书',
  mine: true,
  designatedSuppliers: [],
  supplierState: null,
  handlerName: '',
  posterUserId: 1,
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

describe('the inquiry queue', () => {
  it('lists inquiries oldest first with the buyer, the products and the deadline', async () => {
    serveQueue(ok([inquiry(1), inquiry(2, { specCount: 1, totalQuantityKg: 5000, title: 'A00铝' })]));
    await h.render('/reviews/inquiries');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('佛山1采购有限公司公司编号 501');
    expect(rows()[0]?.textContent).toContain('A00铝锭 AL99.70共 2 个产品 · 合计 120.5 吨');
    expect(rows()[0]?.textContent).toContain('2026-11-27 17:00:00');
    expect(document.querySelector('[data-testid=badge-inquiries]')?.textContent).toContain('2');
  });

  it('shows every product, the terms and the delivery contact on the item’s page', async () => {
    serveQueue(ok([inquiry(1)]));
    await h.render('/reviews/inquiries/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('products')).toBe('A00铝锭 AL99.70 · 100 吨品牌: 中铝A00铝 Φ178mm · 20.5 吨');
    expect(fact('taxIncluded')).toBe('是');
    expect(fact('freightIncluded')).toBe('否');
    expect(fact('payment')).toBe('账期 30 天');
    expect(fact('supplierPlace')).toBe('河南省');
    expect(fact('delivery')).toBe('王五 13900002222 · 广东省 佛山市 南海区 狮山镇工业大道8号');
    expect(fact('remark')).toBe('需提供质保书');
    expect(fact('attachments')).toBe('图纸.png');
  });

  it('approves after a confirmation that says every supplier may quote', async () => {
    serveQueue(ok([inquiry(1)]), ok([]));
    h.serve(Calls.reviewInquiry, ok(inquiry(1, { status: 'open' })));
    await approveFirst('通过后该询价将展示在采购大厅');
  });

  it('names the version it showed with the approval', async () => {
    serveQueue(ok([inquiry(1, { submittedAt: '2026-11-23T04:05:06.789Z' })]), ok([]));
    h.serve(Calls.reviewInquiry, ok(inquiry(1, { status: 'open' })));
    await approveFirst('通过后该询价将展示在采购大厅');
    expect(h.calls(Calls.reviewInquiry)[0]).toMatchObject({
      id: '1',
      approve: '1',
      submittedAt: '2026-11-23T04:05:06.789Z',
    });
  });

  it('says so when the buyer changed the inquiry after the list was loaded, decides nothing and shows the change', async () => {
    serveQueue(ok([inquiry(1)]), ok([inquiry(1, { submittedAt: '2026-11-24T08:00:00.000Z', remark: '改为含税价' })]));
    h.serve(
      Calls.reviewInquiry,
      fail(CodeFlag.invalidInput, '提交方已修改该内容，请查看修改后的内容再审核', {
        errors: { submittedAt: '提交方已修改该内容，请查看修改后的内容再审核' },
      }),
    );
    await h.render('/reviews/inquiries/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    await click(confirmButton('通过'));
    await until(() => h.calls(Calls.reviewInquiry).length === 1, 'the decision');
    expect(h.calls(Calls.reviewInquiry)[0]).toMatchObject({ submittedAt: '2026-11-21T01:00:00.000Z' });
    await until(() => vi.mocked(showError).mock.calls.length > 0, 'the error');
    expect(vi.mocked(showError).mock.calls.at(-1)?.[0]).toBe('提交方已修改该内容，请查看修改后的内容再审核');
    expect(showSuccess).not.toHaveBeenCalled();
    // The queue is asked again at once: the page shows the edited inquiry, and approves that version.
    await until(() => fact('remark') === '改为含税价', 'the edited inquiry');
  });

  it('rejects only with a reason', async () => {
    serveQueue(ok([inquiry(1)]), ok([]));
    h.serve(Calls.reviewInquiry, ok(inquiry(1, { status: 'rejected' })));
    await rejectFirst('联系方式不实');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([inquiry(1)]));
    await h.render('/reviews/inquiries/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('payment')).toBe('Credit, 30 days');
    expect(pageText()).toContain('Inquiry review');
  });
});
