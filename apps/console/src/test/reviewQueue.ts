import { type CallContract, Calls, type OperatorRole } from '@metal/shared';
import { afterEach, beforeEach, expect } from 'vitest';
import { showSuccess } from '../lib/feedback';
import { setLanguage } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
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
} from './harness';

const operatorAs = (role: OperatorRole) => ({ userId: 9, account: '13800000009', name: '审核员甲', role });

/**
 * A console review queue's page tests, set up once: a logged-in operator (customer service unless
 * `role` says otherwise) in Chinese, the queue's `list`
 * call served in turn, and the approve and reject steps every queue takes alike. A test file calls it
 * at its top (it registers the beforeEach and afterEach); the test file still mocks `lib/feedback`.
 */
export function reviewQueueFixture<List extends CallContract, Review extends CallContract>({
  path,
  list,
  review,
  role = 'service',
}: {
  /** The queue's route, e.g. `/reviews/inquiries`. */
  path: string;
  list: List;
  review: Review;
  /** The logged-in operator's role in every test, unless a test calls `logInAs`. */
  role?: OperatorRole;
}) {
  const h = createConsoleHarness();
  let operator = operatorAs(role);
  /** The version item 1 showed in the queue's first answer: what a decision on it names. */
  let firstListed: string | undefined;
  const logInAs = (as: OperatorRole) => {
    operator = operatorAs(as);
    setSession({ sessionId: 'operator-session', ...operator });
  };
  beforeEach(() => {
    h.install();
    setLanguage('zh-CN');
    logInAs(role);
  });
  afterEach(async () => {
    await h.cleanup();
    clearSession();
  });

  return {
    h,
    /** The operator, logged in with another role (before `serveQueue`, so `console/whoami` says the same). */
    logInAs,
    rows: () => [...document.querySelectorAll('[data-testid=queue-row]')],
    fact: (key: string) => document.querySelector(`[data-testid=fact-${key}]`)?.textContent,
    /** The operator is logged in and the queue answers `list` in turn. */
    serveQueue(...answers: [Answer<List>, ...Answer<List>[]]) {
      const [first] = answers;
      const items =
        'data' in first && Array.isArray(first.data) ? (first.data as { id: number; submittedAt?: string }[]) : [];
      firstListed = items.find((item) => item.id === 1)?.submittedAt;
      h.serve(Calls.operatorWhoami, ok(operator));
      h.serve(list, ...answers);
    },
    /**
     * Approves item 1 through the confirmation, which says `confirmation` (nothing is sent before it is
     * confirmed), naming the version the queue listed, and is back at the queue with the operator told
     * the user will hear of it.
     */
    async approveFirst(confirmation: string) {
      expect(firstListed, 'item 1 of the first list answer carries its version').toEqual(expect.any(String));
      await h.render(`${path}/1`);
      await until(() => !!button('通过'), 'the approve button');
      await click(button('通过'));
      await until(() => !!confirmButton('通过'), 'the confirmation');
      expect(pageText()).toContain(confirmation);
      expect(h.calls(review)).toEqual([]);
      await click(confirmButton('通过'));
      await until(() => h.path === path, 'back at the queue');
      expect(h.calls(review)).toEqual([
        expect.objectContaining({ id: '1', approve: '1', submittedAt: firstListed, session_id: 'operator-session' }),
      ]);
      expect(showSuccess).toHaveBeenCalledWith('已通过，用户会收到通知');
    },
    /**
     * Rejecting item 1 asks for a reason first (sending nothing without one), then sends `reason` with
     * the version the queue listed, and is back at the queue.
     */
    async rejectFirst(reason: string) {
      expect(firstListed, 'item 1 of the first list answer carries its version').toEqual(expect.any(String));
      await h.render(`${path}/1`);
      await until(() => !!button('驳回'), 'the reject button');
      await click(button('驳回'));
      await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
      await click(modalButton('驳回'));
      await until(() => pageText().includes('驳回时请填写原因'), 'the reason required');
      expect(h.calls(review)).toEqual([]);
      await type(document.querySelector('.ant-modal textarea'), reason);
      await click(modalButton('驳回'));
      await until(() => h.path === path, 'back at the queue');
      expect(h.calls(review)).toEqual([
        expect.objectContaining({ id: '1', approve: '0', reason, submittedAt: firstListed }),
      ]);
    },
  };
}
