// @vitest-environment happy-dom

import { Calls, type TShopApplication } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/shop-openings',
  list: Calls.pendingShopApplications,
  review: Calls.reviewShopApplication,
});

const application = (id: number, over: Partial<TShopApplication> = {}): TShopApplication => ({
  id,
  rootId: 200 + id,
  companyName: `南海${id}铜业有限公司`,
  businessModel: 'producer',
  city: '佛山市',
  status: 'waiting',
  reason: '',
  listings: { stock: 12, capacity: 3 },
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  reviewedAt: null,
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

describe('the shop openings queue', () => {
  it('lists applications oldest first with company, business model, city and listings, counted in the menu', async () => {
    serveQueue(
      ok([application(1), application(2, { businessModel: '', city: '', listings: { stock: 0, capacity: 7 } })]),
    );
    await h.render('/reviews/shop-openings');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('2026-11-21 09:00:00');
    expect(rows()[0]?.textContent).toContain('南海1铜业有限公司公司编号 201生产商佛山市库存 12 · 产能 3');
    expect(rows()[1]?.textContent).toContain('南海2铜业有限公司公司编号 202未填写未填写库存 0 · 产能 7');
    expect(document.querySelector('[data-testid=badge-shop-openings]')?.textContent).toContain('2');
    expect(pageText()).toContain('开通店铺审核');
  });

  it('shows what the application rests on, and opens the public shop page in a new tab', async () => {
    serveQueue(ok([application(1, { businessModel: 'trader' })]));
    await h.render('/reviews/shop-openings/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('companyName')).toBe('南海1铜业有限公司');
    expect(fact('rootId')).toBe('201');
    expect(fact('businessModel')).toBe('贸易商');
    expect(fact('city')).toBe('佛山市');
    expect(fact('listings')).toBe('库存 12 · 产能 3');
    const link = document.querySelector('[data-testid=shop-page-link]');
    expect(link?.getAttribute('href')).toBe('/#/pages/company/company?id=201');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    // Nothing in force is replaced, so there is no side-by-side table.
    expect(document.querySelector('[data-testid=compare-table]')).toBeNull();
  });

  it('opens the shop after a confirmation', async () => {
    serveQueue(ok([application(1)]), ok([]));
    h.serve(Calls.reviewShopApplication, ok(application(1, { status: 'passed' })));
    await approveFirst('确定通过这条申请吗？');
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it('fails the audit only with a reason, which is sent', async () => {
    serveQueue(ok([application(1), application(2)]), ok([application(2)]));
    h.serve(Calls.reviewShopApplication, ok(application(1, { status: 'failed', reason: '经营地址与执照不符' })));
    await rejectFirst('经营地址与执照不符');
    await until(() => rows().length === 1, 'one row left');
    expect(rows()[0]?.textContent).toContain('南海2铜业有限公司');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([application(1, { businessModel: 'buyer' })]));
    await h.render('/reviews/shop-openings');
    await until(() => rows().length === 1, 'the row');
    // City names are the region table's, in Chinese in both languages.
    expect(rows()[0]?.textContent).toContain('Buyer佛山市');
    expect(rows()[0]?.textContent).toContain('Stock 12 · capacity 3');
    expect(pageText()).toContain('Shop openings');
  });
});
