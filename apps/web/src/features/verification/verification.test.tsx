// @vitest-environment happy-dom
import { Calls, CodeFlag, type TVerificationStatus } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import AuthResultPage from './pages/AuthResultPage';
import FaceVerifyPage from './pages/FaceVerifyPage';
import { useRealNameGate } from './useRealNameGate';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const status = (over: Partial<TVerificationStatus> = {}): TVerificationStatus => ({
  state: 'unverified',
  verified: false,
  realName: '',
  idNumber: '',
  verifiedAt: null,
  verifiedBy: null,
  attemptsLeft: 3,
  dailyLimit: 3,
  retryAt: null,
  lastAttempt: null,
  escalation: null,
  canEscalate: false,
  ...over,
});
const verified = status({
  state: 'verified',
  verified: true,
  realName: '欧**明',
  idNumber: '4****************7',
  verifiedAt: '2026-11-20T02:00:00.000Z',
  verifiedBy: 'provider',
  attemptsLeft: 2,
});
const limitReached = status({
  state: 'limitReached',
  attemptsLeft: 0,
  retryAt: '2026-11-20T16:00:00.000Z',
  canEscalate: true,
  lastAttempt: {
    outcome: 'mismatch',
    realName: '张*符',
    idNumber: '4****************7',
    createdAt: '2026-11-20T02:00:00.000Z',
  },
});
const escalation = {
  id: 9,
  kind: 'limitReached' as const,
  note: '名字没有填错',
  status: 'pending' as const,
  reason: '',
  createdAt: '2026-11-20T03:30:00.000Z',
  reviewedAt: null,
};
const member = { account: 'trader01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;

function GatedAction() {
  const { guard } = useRealNameGate();
  return (
    <button type="button" onClick={() => void guard(() => void h.fetchMock('/quoted.htmls'))}>
      quote
    </button>
  );
}

const render = (path: string) =>
  h.render(
    {
      [Paths.faceVerify]: FaceVerifyPage,
      [Paths.authResult]: AuthResultPage,
      [Paths.login]: Stub,
      [Paths.root]: Stub,
      '/gated': GatedAction,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const input = (name: string) => h.container.querySelector<HTMLInputElement>(`input[name="${name}"]`);

async function type(name: string, value: string) {
  const element = input(name) ?? h.container.querySelector<HTMLTextAreaElement>(`textarea[name="${name}"]`);
  if (!element) throw new Error(`no field ${name}`);
  await act(async () => {
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function blur(name: string) {
  await act(async () => {
    input(name)?.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input(name)?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}
const submitButton = (label: string) => buttonWith(h.container, label);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession(member);
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('face_verify', () => {
  it('checks as the person types, keeps typos from the server, then shows the success', async () => {
    h.serve(Calls.verificationStatus, ok(status()), ok(verified));
    h.serve(Calls.verificationSubmit, ok(verified));
    await render(Paths.faceVerify);
    await until(() => input('realName') !== null, 'the form');
    expect(testId('attempts-left')?.textContent).toContain('今日还可认证 3 次');
    expect(text()).toContain('身份证号将加密存储');

    await type('realName', '李');
    expect(text()).not.toContain('请输入身份证上的姓名');
    await blur('realName');
    expect(text()).toContain('请输入身份证上的姓名');
    await type('realName', '欧阳小明');
    expect(text()).not.toContain('请输入身份证上的姓名');

    // A whole number is checked at once; spaces and a lower-case x are tidied as typed.
    await type('idNumber', '4406 0519 8503 1210 6');
    expect(input('idNumber')?.value).toBe('44060519850312106');
    await type('idNumber', '440605198503121061');
    expect(text()).toContain('请输入正确的身份证号码');
    await click(submitButton('提交认证'));
    expect(h.calls(Calls.verificationSubmit)).toEqual([]);

    await type('idNumber', '44060519850312106x');
    expect(input('idNumber')?.value).toBe('44060519850312106X');
    expect(text()).not.toContain('请输入正确的身份证号码');
    await click(submitButton('提交认证'));
    await until(() => h.router.state.location.pathname === Paths.authResult, 'the result page');
    expect(h.calls(Calls.verificationSubmit)).toEqual([
      expect.objectContaining({ realName: '欧阳小明', idNumber: '44060519850312106X' }),
    ]);
    await until(() => text().includes('实名认证成功'), 'the success');
    expect(testId('verified-identity')?.textContent).toContain('欧**明');
    expect(testId('verified-identity')?.textContent).toContain('4****************7');
  });

  it('shows the loading state while the check runs, and keeps the input when the provider is down', async () => {
    let answer: (body: unknown) => void = () => {};
    h.serve(Calls.verificationStatus, ok(status()));
    const served = h.fetchMock.getMockImplementation()!;
    h.fetchMock.mockImplementation(async (url, init) => {
      if (String(url) !== `/${Calls.verificationSubmit.path}.htmls`) return served(url, init);
      return new Response(JSON.stringify(await new Promise((resolve) => (answer = resolve))), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    await render(Paths.faceVerify);
    await until(() => input('realName') !== null, 'the form');
    await type('realName', '李明');
    await type('idNumber', '11010519491231002X');
    await click(submitButton('提交认证'));
    await until(() => h.container.querySelector('.adm-button-loading') !== null, 'the loading button');

    const mesg = '提交失败，请重试';
    await act(async () => answer({ codeFlag: CodeFlag.serverFault, mesg, data: status({ attemptsLeft: 3 }) }));
    await until(() => h.container.querySelector('.adm-button-loading') === null, 'the end of loading');
    expect(showFail).toHaveBeenCalledWith(mesg);
    expect(testId('provider-unavailable')?.textContent).toBe('认证服务暂时没有响应，本次未计入认证次数，请稍后再试。');
    expect(h.router.state.location.pathname).toBe(Paths.faceVerify);
    expect(input('realName')?.value).toBe('李明');
    expect(input('idNumber')?.value).toBe('11010519491231002X');
  });

  it("shows the server's field errors beside the fields", async () => {
    h.serve(Calls.verificationStatus, ok(status()));
    h.serve(
      Calls.verificationSubmit,
      fail(CodeFlag.invalidInput, '请输入正确的身份证号码', { errors: { idNumber: '请输入正确的身份证号码' } }),
    );
    await render(Paths.faceVerify);
    await until(() => input('realName') !== null, 'the form');
    await type('realName', '李明');
    await type('idNumber', '11010519491231002X');
    expect(text()).not.toContain('请输入正确的身份证号码');
    await click(submitButton('提交认证'));
    await until(() => text().includes('请输入正确的身份证号码'), 'the field error');
    expect(input('idNumber')?.value).toBe('11010519491231002X');
  });

  it('shows the limit when a check is refused for it, and keeps the input for other refusals', async () => {
    const limit = fail(CodeFlag.tooManyRequests, '认证失败，已达最大尝试次数', {
      data: { ...limitReached, retryAfter: 50_400 },
    });
    // Too frequent (a check still running): no attempt was used, and the server says when to come back.
    const busy = fail(CodeFlag.tooManyRequests, '操作太频繁，请稍后再试', { data: { retryAfter: 1 } });
    h.serve(
      Calls.verificationStatus,
      ok(status({ attemptsLeft: 1 })),
      ok(status({ attemptsLeft: 1 })),
      ok(limitReached),
    );
    h.serve(Calls.verificationSubmit, busy, limit);
    await render(Paths.faceVerify);
    await until(() => input('realName') !== null, 'the form');
    await type('realName', '李明');
    await type('idNumber', '11010519491231002X');
    await click(submitButton('提交认证'));
    await until(() => text().includes('操作太频繁，本次未计入认证次数，请1秒后再试'), 'the wait');
    // The page says the attempts are untouched rather than contradicting a "too frequent" toast.
    expect(text()).toContain('今日还可认证 1 次');
    expect(submitButton('提交认证')?.disabled).toBe(true);
    expect(showFail).not.toHaveBeenCalled();
    expect(h.router.state.location.pathname).toBe(Paths.faceVerify);
    expect(input('idNumber')?.value).toBe('11010519491231002X');

    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    await until(() => submitButton('提交认证')?.disabled === false, 'the form open again');
    expect(text()).not.toContain('操作太频繁');
    await click(submitButton('提交认证'));
    await until(() => text().includes('联系客服'), 'the limit page');
    expect(h.router.state.location.pathname).toBe(Paths.authResult);
    expect(showFail).not.toHaveBeenCalled();
  });

  it('goes to the result page when no check can be made now, and sends visitors to login', async () => {
    h.serve(Calls.verificationStatus, ok(limitReached));
    await render(Paths.faceVerify);
    await until(() => h.router.state.location.pathname === Paths.authResult, 'the result page');
    await h.cleanup();

    h.install();
    clearSession();
    await render(Paths.faceVerify);
    expect(h.router.state.location.pathname).toBe(Paths.login);
    expect(h.calls(Calls.verificationStatus)).toEqual([]);
  });
});

describe('auth_result', () => {
  it('shows a failure with the attempts left and a way to try again', async () => {
    h.serve(
      Calls.verificationStatus,
      ok(
        status({
          state: 'failed',
          attemptsLeft: 2,
          lastAttempt: {
            outcome: 'mismatch',
            realName: '张*符',
            idNumber: '4****************7',
            createdAt: '2026-11-20T02:00:00.000Z',
          },
        }),
      ),
    );
    await render(Paths.authResult);
    await until(() => text().includes('认证失败'), 'the failure');
    expect(text()).toContain('姓名与身份证号码不一致');
    expect(text()).toContain('今日还可认证 2 次');
    await click(testId('retry-now'));
    await until(() => input('realName') !== null, 'the form again');
    expect(h.router.state.location.pathname).toBe(Paths.faceVerify);
  });

  it("says SPEC's 'maximum attempts reached', then takes a note for customer service", async () => {
    h.serve(Calls.verificationStatus, ok(limitReached));
    h.serve(
      Calls.verificationEscalate,
      ok(status({ ...limitReached, state: 'escalationPending', canEscalate: false, escalation })),
    );
    await render(Paths.authResult);
    await until(() => text().includes('认证失败，已达最大尝试次数'), 'the limit');
    expect(text()).toContain('今日还可认证 0 次');
    expect(text()).toContain('请于 2026-11-21 00:00 后再试');
    expect(testId('retry-later')).not.toBeNull();

    await click(testId('contact-service'));
    await until(() => testId('escalation-form') !== null, 'the form');
    expect(testId('contact-service')).toBeNull();
    await click(buttonWith(h.container, '提交给客服'));
    expect(text()).toContain('此项为必填项');
    expect(h.calls(Calls.verificationEscalate)).toEqual([]);

    await type('note', '名字没有填错');
    expect(text()).not.toContain('此项为必填项');
    await click(buttonWith(h.container, '提交给客服'));
    await until(() => text().includes('客服处理中'), 'the pending request');
    expect(h.calls(Calls.verificationEscalate)).toEqual([expect.objectContaining({ note: '名字没有填错' })]);
    expect(text()).toContain('名字没有填错');
    expect(text()).toContain('2026-11-20 11:30');
  });

  it('leaves when the person chooses to retry later', async () => {
    h.serve(Calls.verificationStatus, ok(limitReached));
    await render(Paths.authResult);
    await until(() => testId('retry-later') !== null, 'the limit');
    await click(testId('retry-later'));
    expect(h.router.state.location.pathname).toBe(Paths.root);
  });

  it('offers customer service for a number that verifies another account', async () => {
    h.serve(
      Calls.verificationStatus,
      ok(
        status({
          state: 'idInUse',
          attemptsLeft: 2,
          canEscalate: true,
          lastAttempt: {
            outcome: 'idInUse',
            realName: '*明',
            idNumber: '4****************7',
            createdAt: '2026-11-20T02:00:00.000Z',
          },
        }),
      ),
    );
    await render(Paths.authResult);
    await until(() => text().includes('该身份证号已认证其他账号'), 'the warning');
    expect(testId('contact-service')).not.toBeNull();
    expect(testId('retry-now')).not.toBeNull();
  });

  it("shows customer service's rejection with its reason", async () => {
    h.serve(
      Calls.verificationStatus,
      ok(
        status({
          ...limitReached,
          state: 'escalationRejected',
          canEscalate: false,
          escalation: { ...escalation, status: 'rejected', reason: '请本人到营业厅办理' },
        }),
      ),
    );
    await render(Paths.authResult);
    await until(() => text().includes('客服未通过您的申请'), 'the rejection');
    expect(text()).toContain('原因：请本人到营业厅办理');
    expect(text()).toContain('请于 2026-11-21 00:00 后再试。');
    expect(text()).not.toContain('联系客服');
    expect(testId('contact-service')).toBeNull();
    expect(testId('retry-later')).not.toBeNull();
  });

  it('shows an earlier verification with the masked identity, in English too', async () => {
    setLanguage('en-US');
    h.serve(Calls.verificationStatus, ok({ ...verified, verifiedBy: 'operator' }));
    await render(Paths.authResult);
    await until(() => text().includes('You are verified'), 'the verified identity');
    expect(testId('verified-identity')?.textContent).toContain('欧**明');
    expect(testId('verified-identity')?.textContent).toContain('Customer service');
    expect(text()).not.toContain('Verification successful');
  });

  it("says SPEC's limit message in English", async () => {
    setLanguage('en-US');
    h.serve(Calls.verificationStatus, ok(limitReached));
    await render(Paths.authResult);
    await until(() => text().includes('Verification failed, maximum attempts reached'), 'the limit');
    expect(buttonWith(h.container, 'Contact service')).toBeDefined();
    expect(buttonWith(h.container, 'Retry later')).toBeDefined();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    h.serve(Calls.verificationStatus, fail(CodeFlag.serverFault, '服务器开小差了，请稍后再试'), ok(verified));
    await render(Paths.authResult);
    await until(() => text().includes('服务器开小差了'), 'the error state');
    await click(buttonWith(h.container, '重试'));
    await until(() => text().includes('您已完成实名认证'), 'the verified identity');
  });
});

describe('useRealNameGate', () => {
  it('asks an unverified person to verify first, and runs the action for a verified one', async () => {
    h.serve(Calls.verificationStatus, ok(status()), ok(status()), ok(verified));
    await render('/gated');
    await click(buttonWith(h.container, 'quote'));
    await until(() => buttonWith(document.body, '去认证') !== undefined, 'the dialog');
    expect(document.body.textContent).toContain('该操作需要先完成实名认证，是否立即去认证？');
    expect(h.fetchMock).not.toHaveBeenCalledWith('/quoted.htmls');
    await click(buttonWith(document.body, '去认证'));
    await until(() => input('realName') !== null, 'face_verify');

    await act(async () => h.router.navigate('/gated'));
    await click(buttonWith(h.container, 'quote'));
    await until(() => h.fetchMock.mock.calls.some(([url]) => url === '/quoted.htmls'), 'the action');
  });
});
