// @vitest-environment happy-dom
import { Calls, CodeFlag, type TNameChangeReviewItem } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import {
  button,
  click,
  confirmButton,
  createConsoleHarness,
  fail,
  modalButton,
  ok,
  pageText,
  type,
  until,
} from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'admin' as const };

const change = (id: number, over: Partial<TNameChangeReviewItem> = {}): TNameChangeReviewItem => ({
  id,
  rootId: 100 + id,
  companyName: `旧名${id}铝业有限公司`,
  modifyCompanyName: `新名${id}铝业有限公司`,
  status: 'pending',
  reason: '',
  createdAt: `2026-11-2${id}T01:00:00.000Z`,
  reviewedAt: null,
  licence: {
    url: `/files/private/licence-${id}.jpg?exp=1&sig=x`,
    thumbUrl: `/files/private/licence-${id}-t.jpg?exp=1&sig=x`,
  },
  submittedAt: `2026-11-2${id}T01:00:00.000Z`,
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid=queue-row]')];
const badge = () => document.querySelector('[data-testid=badge-company-names]')?.textContent ?? '';

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('the company names queue', () => {
  it('lists the waiting changes oldest first, with their count in the side menu', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(1), change(2)]));
    await h.render('/');
    await until(() => rows().length === 2, 'two rows');
    expect(h.path).toBe('/reviews/company-names');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('旧名1铝业有限公司新名1铝业有限公司'),
      expect.stringContaining('旧名2铝业有限公司新名2铝业有限公司'),
    ]);
    expect(rows()[0]?.textContent).toContain('2026-11-21 09:00:00');
    expect(badge()).toContain('2');
    expect(document.querySelector('[data-testid=queue-count]')?.textContent).toBe('待审核 2 条，最早提交的排在最前');
    expect(h.calls(Calls.pendingNameChanges)[0]).toMatchObject({ session_id: 'operator-session' });
  });

  it('says so when nothing is waiting', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    await h.render('/reviews/company-names');
    await until(() => pageText().includes('队列已清空'), 'the empty state');
    expect(pageText()).toContain('暂无待审核的申请，新的申请会自动出现在这里。');
  });

  it('shows the name in force beside the name asked for, and says when an earlier request has no licence', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(1, { licence: null })]));
    await h.render('/reviews/company-names');
    await until(() => rows().length === 1, 'the row');
    await click(rows()[0]);
    await until(() => h.path === '/reviews/company-names/1', 'the detail');
    const name = document.querySelector('[data-testid=compare-name]');
    expect(name?.querySelector('.mc-compare-before')?.textContent).toBe('旧名1铝业有限公司');
    expect(name?.querySelector('.mc-compare-after')?.textContent).toBe('新名1铝业有限公司');
    expect(name?.textContent).toContain('已变更');
    expect(document.querySelector('[data-testid=compare-table] img')).toBeNull();
    expect(document.querySelector('[data-testid=compare-licence]')?.textContent).toContain('未附营业执照');
  });

  it('shows the new business licence the request carries beside the names', async () => {
    const withLicence = change(1);
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([withLicence]));
    await h.render('/reviews/company-names/1');
    await until(() => !!document.querySelector('[data-testid=compare-licence]'), 'the licence row');
    const row = document.querySelector('[data-testid=compare-licence]');
    expect(row?.textContent).toContain('营业执照');
    expect(row?.querySelector('.mc-compare-after img')?.getAttribute('src')).toBe(withLicence.licence?.url);
    expect(row?.querySelector('.mc-compare-before img')).toBeNull();
  });

  it('approves after a confirmation: the change leaves the queue and a success message shows', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(1), change(2)]), ok([change(2)]));
    h.serve(Calls.reviewNameChange, ok({ ...change(1), status: 'approved' }));
    await h.render('/reviews/company-names/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => pageText().includes('确定通过这条申请吗？'), 'the confirmation');
    expect(h.calls(Calls.reviewNameChange)).toEqual([]);
    await click(confirmButton('通过'));
    await until(() => h.path === '/reviews/company-names', 'back at the queue');
    expect(h.calls(Calls.reviewNameChange)).toEqual([
      expect.objectContaining({
        id: '1',
        approve: '1',
        submittedAt: '2026-11-21T01:00:00.000Z',
        session_id: 'operator-session',
      }),
    ]);
    expect(h.calls(Calls.reviewNameChange)[0]).not.toHaveProperty('reason');
    expect(showSuccess).toHaveBeenCalledWith('已通过，用户会收到通知');
    await until(() => rows().length === 1, 'one row left');
    expect(rows()[0]?.textContent).toContain('新名2铝业有限公司');
    expect(badge()).toContain('1');
  });

  it('rejects only with a reason, which is sent with the decision', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(1)]), ok([]));
    h.serve(Calls.reviewNameChange, ok({ ...change(1), status: 'rejected', reason: '与营业执照不一致' }));
    await h.render('/reviews/company-names/1');
    await until(() => !!button('驳回'), 'the reject button');
    await click(button('驳回'));
    await until(() => !!document.querySelector('.ant-modal textarea'), 'the reason box');
    const submit = () => modalButton('驳回');
    await click(submit());
    await until(() => pageText().includes('驳回时请填写原因'), 'the reason required');
    await type(document.querySelector('.ant-modal textarea'), '   ');
    await click(submit());
    expect(h.calls(Calls.reviewNameChange)).toEqual([]);

    await type(document.querySelector('.ant-modal textarea'), '与营业执照不一致');
    await click(submit());
    await until(() => h.path === '/reviews/company-names', 'back at the queue');
    expect(h.calls(Calls.reviewNameChange)).toEqual([
      expect.objectContaining({
        id: '1',
        approve: '0',
        reason: '与营业执照不一致',
        submittedAt: '2026-11-21T01:00:00.000Z',
      }),
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已驳回，用户会收到通知');
    await until(() => pageText().includes('队列已清空'), 'the queue emptied');
  });

  it("shows the server's message when the decision fails, and fetches the queue again", async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(1)]), ok([]));
    h.serve(Calls.reviewNameChange, fail(CodeFlag.conflict, '该申请已处理'));
    await h.render('/reviews/company-names/1');
    await until(() => !!button('通过'), 'the approve button');
    await click(button('通过'));
    await until(() => !!confirmButton('通过'), 'the confirmation');
    await click(confirmButton('通过'));
    await until(() => vi.mocked(showError).mock.calls.length > 0, 'the error');
    expect(showError).toHaveBeenCalledWith('该申请已处理');
    expect(showSuccess).not.toHaveBeenCalled();
    await until(() => pageText().includes('该申请已不在队列中'), 'the request gone');
    expect(h.calls(Calls.pendingNameChanges)).toHaveLength(2);
  });

  it('says a request is no longer waiting when it was decided elsewhere', async () => {
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([change(2)]));
    await h.render('/reviews/company-names/1');
    await until(() => pageText().includes('该申请已不在队列中'), 'the request gone');
    await click(button('返回队列'));
    await until(() => h.path === '/reviews/company-names', 'the queue');
  });
});
