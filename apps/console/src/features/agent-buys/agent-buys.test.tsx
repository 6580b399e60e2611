// @vitest-environment happy-dom

import { Calls, type TAgentBuyReviewItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, approveFirst, rejectFirst } = reviewQueueFixture({
  path: '/reviews/agent-buys',
  list: Calls.pendingAgentBuys,
  review: Calls.reviewAgentBuy,
});

const request = (id: number, over: Partial<TAgentBuyReviewItem> = {}): TAgentBuyReviewItem => ({
  id,
  kind: 'buy',
  status: 'review',
  reason: '',
  text: '求购A00铝锭50吨，佛山交货',
  voice: { url: '/files/voices/1/v.webm', seconds: 18 },
  photos: [{ url: '/files/images/1/a.png', thumbUrl: '/files/images/1/a.thumb.png' }],
  sortId: 13,
  sortName: 'A00铝',
  userId: 100 + id,
  nickName: `买家${id}`,
  companyName: '',
  phone: '13800000001',
  views: 0,
  quoteCount: 0,
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  expiresAt: null,
  mine: false,
  myQuote: null,
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

describe('the agent request queue', () => {
  it('lists requests oldest first with kind, poster, words and what else they carry', async () => {
    serveQueue(ok([request(1), request(2, { kind: 'sell', text: '', voice: null, photos: [] })]));
    await h.render('/reviews/agent-buys');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('帮我买买家1');
    expect(rows()[0]?.textContent).toContain('求购A00铝锭50吨，佛山交货语音 18 秒 · 图片 1 张');
    expect(rows()[1]?.textContent).toContain('帮我卖买家2');
    expect(rows()[1]?.textContent).toContain('（无文字）语音 无 · 图片 0 张');
    expect(document.querySelector('[data-testid=badge-agent-buys]')?.textContent).toContain('2');
  });

  it('shows the words, the recording, the photos and the phone on the item’s page', async () => {
    serveQueue(ok([request(1)]));
    await h.render('/reviews/agent-buys/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('text')).toBe('求购A00铝锭50吨，佛山交货');
    expect(fact('phone')).toBe('13800000001');
    expect(fact('category')).toBe('A00铝');
    expect(document.querySelector('[data-testid=agent-buy-voice]')?.getAttribute('src')).toBe('/files/voices/1/v.webm');
    expect(document.querySelector('[data-testid=fact-photos] img')?.getAttribute('src')).toBe(
      '/files/images/1/a.thumb.png',
    );
  });

  it('approves after a confirmation that says it shows for 7 days', async () => {
    serveQueue(ok([request(1)]), ok([]));
    h.serve(Calls.reviewAgentBuy, ok(request(1, { status: 'open' })));
    await approveFirst('展示7天');
  });

  it('rejects only with a reason', async () => {
    serveQueue(ok([request(1)]), ok([]));
    h.serve(Calls.reviewAgentBuy, ok(request(1, { status: 'rejected' })));
    await rejectFirst('内容过于简单');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([request(1)]));
    await h.render('/reviews/agent-buys/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(fact('kind')).toBe('Help me buy');
    expect(pageText()).toContain('Agent request review');
  });
});
