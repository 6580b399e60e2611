// @vitest-environment happy-dom

import { Calls, type TShopApplication } from '@metal/shared';
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
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid=queue-row]')];
const fact = (key: string) => document.querySelector(`[data-testid=fact-${key}]`)?.textContent;
/** The operator is logged in and the queue answers `list` in turn. */
const serveQueue = (
  ...list: [Answer<typeof Calls.pendingShopApplications>, ...Answer<typeof Calls.pendingShopApplications>[]]
) => {
  h.serve(Calls.operatorWhoami, ok(operator));
  h.serve(Calls.pendingShopApplications, ...list);
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
    await h.render('/reviews/shop-openings/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(h.calls(Calls.reviewShopApplication)).toEqual([]);
    await click(confirmButton('通过'));
    await until(() => h.path === '/reviews/shop-openings', 'back at the queue');
    expect(h.calls(Calls.reviewShopApplication)).toEqual([
      expect.objectContaining({ id: '1', approve: '1', session_id: 'operator-session' }),
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已通过，用户会收到通知');
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it('fails the audit only with a reason, which is sent', async () => {
    serveQueue(ok([application(1), application(2)]), ok([application(2)]));
    h.serve(Calls.reviewShopApplication, ok(application(1, { status: 'failed', reason: '经营地址与执照不符' })));
    await h.render('/reviews/shop-openings/1');
    await until(() => !!button('驳回'), 'the reject button');
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    await click(modalButton('驳回'));
    await until(() => pageText().includes('驳回时请填写原因'), 'the reason required');
    await type(document.querySelector('.ant-modal textarea'), '经营地址与执照不符');
    await click(modalButton('驳回'));
    await until(() => h.path === '/reviews/shop-openings', 'back at the queue');
    expect(h.calls(Calls.reviewShopApplication)).toEqual([
      expect.objectContaining({ id: '1', approve: '0', reason: '经营地址与执照不符' }),
    ]);
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
