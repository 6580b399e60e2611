// @vitest-environment happy-dom

import { Calls, type TLicence, type TLicenceReviewItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { click, ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/licences',
  list: Calls.pendingLicences,
  review: Calls.reviewLicence,
});

const links = (name: string) => ({
  url: `/files/private/${name}.jpg?expires=1&signature=x`,
  thumbUrl: `/files/private/${name}-t.jpg?expires=1&signature=x`,
});

const licence = (id: number, over: Partial<TLicenceReviewItem> = {}): TLicenceReviewItem => ({
  id,
  rootId: 100 + id,
  companyName: `佛山${id}铝业有限公司`,
  image: links(`new-${id}`),
  current: links(`approved-${id}`),
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

/** What console/licence/review answers: the licence as the review left it. */
const reviewed = (id: number, status: TLicence['status'], reason = ''): TLicence => ({
  id,
  status,
  image: links(`new-${id}`),
  reason,
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  reviewedAt: '2026-11-25T02:00:00.000Z',
  forName: null,
});

describe('the business licences queue', () => {
  it('lists licences oldest first with their thumbnails and whether they replace an approved one, counted in the menu', async () => {
    serveQueue(ok([licence(1), licence(2, { current: null, companyName: '' })]));
    await h.render('/reviews/licences');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('2026-11-21 09:00:00');
    expect(rows()[0]?.textContent).toContain('佛山1铝业有限公司公司编号 101');
    expect(rows()[0]?.textContent).toContain('更换执照');
    expect(rows()[0]?.querySelector('img')?.getAttribute('src')).toBe(licence(1).image.thumbUrl);
    // A company may send its licence before it has a name.
    expect(rows()[1]?.textContent).toContain('尚未填写公司名称');
    expect(rows()[1]?.textContent).toContain('首次提交');
    expect(document.querySelector('[data-testid=badge-licences]')?.textContent).toContain('2');
    expect(pageText()).toContain('营业执照审核');
    expect(h.calls(Calls.pendingLicences)[0]).toMatchObject({ session_id: 'operator-session' });
  });

  it('shows the new licence beside the approved one, opening full size on a click and stepping between the two', async () => {
    const item = licence(1);
    serveQueue(ok([item]));
    await h.render('/reviews/licences/1');
    await until(() => !!document.querySelector('[data-testid=compare-licence]'), 'the licence row');
    expect(document.querySelector('[data-testid=fact-companyName]')?.textContent).toBe('佛山1铝业有限公司');
    expect(document.querySelector('[data-testid=fact-rootId]')?.textContent).toBe('101');
    const row = document.querySelector('[data-testid=compare-licence]');
    expect(row?.querySelector('.mc-compare-before img')?.getAttribute('src')).toBe(item.current?.url);
    expect(row?.querySelector('.mc-compare-after img')?.getAttribute('src')).toBe(item.image.url);
    expect(row?.textContent).toContain('已变更');
    expect(row?.textContent).toContain('点击图片放大查看');

    await click(row?.querySelector('.mc-compare-after .ant-image'));
    await until(() => !!document.querySelector('.ant-image-preview img'), 'the preview');
    expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe(item.image.url);
    // The full-size view steps back to the approved licence, to compare the two at their size.
    const caption = () => document.querySelector('[data-testid=preview-caption]')?.textContent;
    expect(caption()).toBe('营业执照 · 申请内容 · 2 / 2');
    await click(document.querySelector('.ant-image-preview-switch-prev'));
    await until(
      () => document.querySelector('.ant-image-preview img')?.getAttribute('src') === item.current?.url,
      'the approved licence at full size',
    );
    expect(caption()).toBe('营业执照 · 原内容 · 1 / 2');
  });

  it('says when the company has no approved licence yet', async () => {
    serveQueue(ok([licence(1, { current: null })]));
    await h.render('/reviews/licences/1');
    await until(() => !!document.querySelector('[data-testid=compare-licence]'), 'the licence row');
    const row = document.querySelector('[data-testid=compare-licence]');
    expect(row?.querySelector('.mc-compare-before')?.textContent).toBe('暂无已通过的营业执照');
    expect(row?.querySelectorAll('img')).toHaveLength(1);
  });

  it('approves after a confirmation, and the licence leaves the queue', async () => {
    serveQueue(ok([licence(1), licence(2)]), ok([licence(2)]));
    h.serve(Calls.reviewLicence, ok(reviewed(1, 'approved')));
    await approveFirst('确定通过这条申请吗？');
    expect(h.calls(Calls.reviewLicence)[0]).not.toHaveProperty('reason');
    await until(() => rows().length === 1, 'one row left');
    expect(rows()[0]?.textContent).toContain('佛山2铝业有限公司');
  });

  it('rejects only with a reason, which is sent', async () => {
    serveQueue(ok([licence(1)]), ok([]));
    h.serve(Calls.reviewLicence, ok(reviewed(1, 'rejected', '照片模糊，请重新拍摄')));
    await rejectFirst('照片模糊，请重新拍摄');
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([licence(1, { current: null })]));
    await h.render('/reviews/licences/1');
    await until(() => !!document.querySelector('[data-testid=compare-licence]'), 'the licence row');
    expect(pageText()).toContain('Business licences #1');
    expect(pageText()).toContain('No approved licence yet');
    expect(pageText()).toContain('Click the image to see it full size');
  });
});
