// @vitest-environment happy-dom

import { Calls, type TAgentBuy } from '@metal/shared';
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

const request = (id: number, over: Partial<TAgentBuy> = {}): TAgentBuy => ({
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
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid=queue-row]')];
const fact = (key: string) => document.querySelector(`[data-testid=fact-${key}]`)?.textContent;
/** The operator is logged in and the queue answers `list` in turn. */
const serveQueue = (...list: [Answer<typeof Calls.pendingAgentBuys>, ...Answer<typeof Calls.pendingAgentBuys>[]]) => {
  h.serve(Calls.operatorWhoami, ok(operator));
  h.serve(Calls.pendingAgentBuys, ...list);
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
    await h.render('/reviews/agent-buys/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(pageText()).toContain('展示7天');
    await click(confirmButton('通过'));
    await until(() => h.path === '/reviews/agent-buys', 'back at the queue');
    expect(h.calls(Calls.reviewAgentBuy)).toEqual([expect.objectContaining({ id: '1', approve: '1' })]);
    expect(showSuccess).toHaveBeenCalled();
  });

  it('rejects only with a reason', async () => {
    serveQueue(ok([request(1)]), ok([]));
    h.serve(Calls.reviewAgentBuy, ok(request(1, { status: 'rejected' })));
    await h.render('/reviews/agent-buys/1');
    await until(() => !!button('驳回'), 'the reject button');
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    await click(modalButton('驳回'));
    await until(() => pageText().includes('驳回时请填写原因'), 'the reason required');
    await type(document.querySelector('.ant-modal textarea'), '内容过于简单');
    await click(modalButton('驳回'));
    await until(() => h.calls(Calls.reviewAgentBuy).length === 1, 'the decision');
    expect(h.calls(Calls.reviewAgentBuy)[0]).toMatchObject({ id: '1', approve: '0', reason: '内容过于简单' });
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
