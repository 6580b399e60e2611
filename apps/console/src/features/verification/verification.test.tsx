// @vitest-environment happy-dom

import { Calls, type TVerificationReviewItem } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { button, click, confirmButton, ok, pageText, until } from '../../test/harness';
import { reviewQueueFixture } from '../../test/reviewQueue';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const { h, rows, fact, serveQueue, rejectFirst } = reviewQueueFixture({
  path: '/reviews/verifications',
  list: Calls.pendingVerificationEscalations,
  review: Calls.reviewVerificationEscalation,
});

const attempt = (id: number, outcome: TVerificationReviewItem['attempts'][number]['outcome'], minute: number) => ({
  id,
  outcome,
  realName: '张*符',
  idNumber: '4****************7',
  createdAt: `2026-11-20T01:${String(minute).padStart(2, '0')}:00.000Z`,
});

const request = (id: number, over: Partial<TVerificationReviewItem> = {}): TVerificationReviewItem => ({
  id,
  kind: 'limitReached',
  note: '名字没有填错，\n请人工核实',
  status: 'pending',
  reason: '',
  createdAt: `2026-11-2${id}T02:00:00.000Z`,
  reviewedAt: null,
  userId: 300 + id,
  account: `1390000000${id}`,
  nickName: `申请人${id}`,
  realName: '张*符',
  idNumber: '4****************7',
  attempts: [attempt(3, 'mismatch', 30), attempt(2, 'unavailable', 20), attempt(1, 'mismatch', 10)],
  holder: null,
  submittedAt: `2026-11-2${id}T02:00:00.000Z`,
  ...over,
});

const holder = { userId: 77, account: '13700000077', verifiedAt: '2026-10-01T00:00:00.000Z' };

describe('the verification requests queue', () => {
  it('lists requests oldest first with the user, why they asked and the masked values, counted in the menu', async () => {
    serveQueue(ok([request(1), request(2, { kind: 'idInUse', nickName: '', holder })]));
    await h.render('/reviews/verifications');
    await until(() => rows().length === 2, 'two rows');
    expect(rows()[0]?.textContent).toContain('2026-11-21 10:00:00');
    expect(rows()[0]?.textContent).toContain('申请人113900000001认证次数已用完张*符4****************7');
    expect(rows()[1]?.textContent).toContain('未设置昵称13900000002身份证号已被认证');
    expect(document.querySelector('[data-testid=badge-verifications]')?.textContent).toContain('2');
    expect(pageText()).toContain('实名认证人工审核');
  });

  it('shows the masked values asked about, the note, and every attempt with its result', async () => {
    serveQueue(ok([request(1)]));
    await h.render('/reviews/verifications/1');
    await until(() => !!document.querySelector('[data-testid=fact-list]'), 'the facts');
    expect(pageText()).toContain('申请人1 · 13900000001');
    expect(fact('account')).toBe('13900000001');
    expect(fact('userId')).toBe('301');
    expect(fact('kind')).toContain('认证次数已用完');
    expect(fact('realName')).toBe('张*符');
    expect(fact('idNumber')).toBe('4****************7');
    expect(fact('note')).toBe('名字没有填错，\n请人工核实');
    expect(fact('holder')).toBe('无，该身份证号未认证其他账号');
    const attempts = [...document.querySelectorAll('[data-testid=attempt-row]')].map((row) => row.textContent);
    expect(attempts).toEqual([
      '2026-11-20 09:30:00姓名与号码不一致张*符4****************7',
      '2026-11-20 09:20:00服务无响应（未计次）张*符4****************7',
      '2026-11-20 09:10:00姓名与号码不一致张*符4****************7',
    ]);
    // Only what the list call answered: the console asks for nothing more about the person.
    const asked = h.fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('verif'));
    expect(new Set(asked)).toEqual(new Set([`/${Calls.pendingVerificationEscalations.path}.htmls`]));
  });

  it('names the account the number verifies now, and warns that approving takes it away from it', async () => {
    serveQueue(ok([request(1, { kind: 'idInUse', holder })]), ok([]));
    h.serve(Calls.reviewVerificationEscalation, ok(request(1, { kind: 'idInUse', holder, status: 'approved' })));
    await h.render('/reviews/verifications/1');
    await until(() => !!document.querySelector('[data-testid=fact-holder]'), 'the holder');
    expect(fact('holder')).toBe('13700000077（用户编号 77），2026-10-01 08:00:00 认证');
    expect(fact('kind')).toContain('身份证号已被认证');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(document.querySelector('.ant-popconfirm')?.textContent).toContain(
      '通过后，该身份证号的认证将从账号 13700000077 转到本用户，账号 13700000077 失去实名认证并会收到通知。',
    );
    expect(h.calls(Calls.reviewVerificationEscalation)).toEqual([]);
    await click(confirmButton('通过'));
    await until(() => h.path === '/reviews/verifications', 'back at the queue');
    expect(h.calls(Calls.reviewVerificationEscalation)).toEqual([
      expect.objectContaining({
        id: '1',
        approve: '1',
        submittedAt: '2026-11-21T02:00:00.000Z',
        session_id: 'operator-session',
      }),
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已通过，用户会收到通知');
  });

  it('says what approving does when no other account holds the number', async () => {
    serveQueue(ok([request(1)]));
    await h.render('/reviews/verifications/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    expect(document.querySelector('.ant-popconfirm')?.textContent).toContain(
      '通过后，该用户以上述姓名和身份证号完成实名认证。',
    );
  });

  it('turns a request down only with a reason, which is sent', async () => {
    serveQueue(ok([request(1)]), ok([]));
    h.serve(
      Calls.reviewVerificationEscalation,
      ok(request(1, { status: 'rejected', reason: '请本人携带身份证到营业厅办理' })),
    );
    await rejectFirst('请本人携带身份证到营业厅办理');
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serveQueue(ok([request(1, { kind: 'idInUse', holder })]));
    await h.render('/reviews/verifications/1');
    await until(() => !!document.querySelector('[data-testid=fact-holder]'), 'the holder');
    expect(fact('kind')).toContain('ID number in use');
    expect(fact('holder')).toBe('13700000077 (user ID 77), verified 2026-10-01 08:00:00');
    expect(pageText()).toContain('Attempts (newest first)');
    expect(pageText()).toContain('Name and number do not match');
  });
});
