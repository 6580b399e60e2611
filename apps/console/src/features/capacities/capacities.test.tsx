// @vitest-environment happy-dom

import { Calls, CodeFlag, type TCapacityReviewItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { button, click, confirmButton, fail, ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/capacities',
  list: Calls.pendingCapacities,
  review: Calls.reviewCapacity,
});

const capacity = (id: number, over: Partial<TCapacityReviewItem> = {}): TCapacityReviewItem => ({
  id,
  rootId: 300 + id,
  companyName: `佛山${id}铝材有限公司`,
  city: '佛山市',
  sortName: 'A00铝',
  productName: `6063铝棒${id}`,
  minOrderKg: 20_500,
  monthlyOutputKg: 3_000_000,
  attributes: [
    { name: 'grade', value: '6063' },
    { name: '直径', value: 'Φ120mm' },
  ],
  info: '月底前交货',
  images: [
    { id: 40 + id, url: `/files/images/${id}/a.png`, thumbUrl: `/files/images/${id}/a.thumb.png` },
    { id: 50 + id, url: `/files/images/${id}/b.png`, thumbUrl: `/files/images/${id}/b.thumb.png` },
  ],
  contactName: '李四',
  contactPhone: '13900001111',
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  reviewStartAt: `2026-11-2${id}T01:00:00.000Z`,
  dueDate: `2026-11-2${id + 6}`,
  overdue: false,
  resubmitted: false,
  isDemo: false,
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

describe('the capacity queue', () => {
  it('lists capacities as the server orders them (earliest due first) with image, tonnage and due date, overdue in red', async () => {
    serveQueue(
      ok([capacity(1, { overdue: true, dueDate: '2026-11-18', resubmitted: true }), capacity(2, { images: [] })]),
    );
    await h.render('/reviews/capacities');
    await until(() => rows().length === 2, 'two rows');
    const [late, fresh] = rows();
    expect(late?.textContent).toContain('2026-11-21 09:00:00');
    expect(late?.textContent).toContain('佛山1铝材有限公司公司编号 301');
    expect(late?.textContent).toContain('6063铝棒1起订 20.5 吨 · 月产 3000 吨');
    expect(late?.querySelector('img')?.getAttribute('src')).toBe('/files/images/1/a.thumb.png');
    const due = late?.querySelector('[data-testid=capacity-due]');
    expect(due?.textContent).toContain('已超期（2026-11-18）');
    expect(due?.querySelector('.ant-tag-red')).not.toBeNull();
    expect(due?.textContent).toContain('修改后重新提交');
    expect(fresh?.textContent).toContain('无图片');
    expect(fresh?.querySelector('[data-testid=capacity-due]')?.textContent).toBe('2026-11-28');
    expect(document.querySelector('[data-testid=badge-capacities]')?.textContent).toContain('2');
    expect(pageText()).toContain('产能审核');
  });

  it('shows every field, the images, the company and the due date on the item’s page', async () => {
    serveQueue(ok([capacity(1, { isDemo: true })]));
    await h.render('/reviews/capacities/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('companyName')).toBe('佛山1铝材有限公司演示');
    expect(fact('rootId')).toBe('301');
    expect(fact('category')).toBe('A00铝');
    expect(fact('productName')).toBe('6063铝棒1');
    expect(fact('minOrder')).toBe('20.5 吨');
    expect(fact('monthlyOutput')).toBe('3000 吨');
    expect(fact('attributes')).toBe('牌号: 6063直径: Φ120mm');
    expect(fact('info')).toBe('月底前交货');
    expect(fact('contactName')).toBe('李四');
    expect(fact('contactPhone')).toBe('13900001111');
    expect(fact('reviewStart')).toBe('2026-11-21 09:00:00');
    expect(fact('dueDate')).toBe('2026-11-27');
    const images = [...document.querySelectorAll('[data-testid=capacity-images] img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/files/images/1/a.thumb.png',
      '/files/images/1/b.thumb.png',
    ]);
    const link = document.querySelector('[data-testid=shop-page-link]');
    expect(link?.getAttribute('href')).toBe('/#/pages/company/company?id=301');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('passes a capacity after a confirmation that says it becomes public', async () => {
    serveQueue(ok([capacity(1)]), ok([]));
    h.serve(Calls.reviewCapacity, ok(capacity(1)));
    await approveFirst('通过后该产能将公开展示在公司店铺中');
    expect(h.calls(Calls.reviewCapacity)[0]).toMatchObject({ submittedAt: '2026-11-21T01:00:00.000Z' });
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it('does not pass a capacity without a reason, and sends the reason', async () => {
    serveQueue(ok([capacity(1), capacity(2)]), ok([capacity(2)]));
    h.serve(Calls.reviewCapacity, ok(capacity(1)));
    await rejectFirst('图片与产品不符');
    await until(() => rows().length === 1, 'one row left');
  });

  it('says so when the company changed the capacity after the list was loaded, and shows it again', async () => {
    const changed = { createdAt: '2026-11-22T03:00:00.000Z', submittedAt: '2026-11-22T03:00:00.000Z' };
    serveQueue(ok([capacity(1)]), ok([capacity(1, { ...changed, productName: '6063铝棒 Φ200' })]));
    const refusal = '提交方已修改该内容，请查看修改后的内容再审核';
    h.serve(Calls.reviewCapacity, fail(CodeFlag.invalidInput, refusal, { errors: { submittedAt: refusal } }));
    await h.render('/reviews/capacities/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    await click(confirmButton('通过'));
    await until(() => h.calls(Calls.reviewCapacity).length === 1, 'the decision');
    expect(h.calls(Calls.reviewCapacity)[0]).toMatchObject({ submittedAt: '2026-11-21T01:00:00.000Z' });
    await until(() => vi.mocked(showError).mock.calls.length > 0, 'the error');
    expect(vi.mocked(showError).mock.calls.at(-1)?.[0]).toBe(refusal);
    expect(showSuccess).not.toHaveBeenCalled();
    // The queue is asked again at once: the page shows the changed capacity, and approves that version.
    await until(() => fact('productName') === '6063铝棒 Φ200', 'the changed capacity');
  });

  it('reads in English, attribute presets included', async () => {
    setLanguage('en-US');
    serveQueue(ok([capacity(1, { overdue: true, dueDate: '2026-11-18' })]));
    await h.render('/reviews/capacities/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('attributes')).toBe('Grade: 6063直径: Φ120mm');
    expect(fact('minOrder')).toBe('20.5 t');
    expect(fact('dueDate')).toBe('Overdue (2026-11-18)');
    expect(pageText()).toContain('Capacity');
  });
});
