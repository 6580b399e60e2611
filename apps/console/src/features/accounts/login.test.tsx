// @vitest-environment happy-dom
import { Calls, CodeFlag, type TOperatorIdentity } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, getSession } from '../../lib/session';
import { button, click, createConsoleHarness, fail, ok, pageText, type, until } from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const loginAnswer = ok({ account: '13800000009', rootId: 9, userId: 9, sessionId: 'fresh-session', lastLoginDate: '' });
const operator: TOperatorIdentity = { userId: 9, account: '13800000009', name: '客服小王', role: 'service' };

async function fillAndSubmit(account = '13800000009', password = 'demo1234') {
  await until(() => !!document.querySelector('input#account'), 'the login form');
  await type(document.querySelector('input#account'), account);
  await type(document.querySelector('input#password'), password);
  await until(() => !!button('登录'), 'the login button');
  await click(button('登录'));
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  localStorage.clear();
});
afterEach(() => h.cleanup());

describe('console login', () => {
  it('logs an operator in, checking the new session with console/whoami before keeping it apart from the web app', async () => {
    localStorage.setItem('metal.session', JSON.stringify({ sessionId: 'web-app-session' }));
    h.serve(Calls.login, loginAnswer);
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    await h.render('/login');
    await fillAndSubmit();
    await until(() => h.path === '/reviews/company-names', 'the first queue');

    expect(h.calls(Calls.login)[0]).toMatchObject({ account: '13800000009', password: 'demo1234', session_id: '' });
    expect(h.calls(Calls.operatorWhoami)[0]).toMatchObject({ session_id: 'fresh-session', lang: 'zh-CN' });
    expect(getSession()).toEqual({ sessionId: 'fresh-session', ...operator });
    expect(JSON.parse(localStorage.getItem('metal.console.session') ?? '{}')).toMatchObject({ role: 'service' });
    expect(JSON.parse(localStorage.getItem('metal.session') ?? '{}')).toEqual({ sessionId: 'web-app-session' });
    expect(showSuccess).toHaveBeenCalledWith('欢迎，客服小王');
    await until(() => pageText().includes('客服小王') && pageText().includes('客服'), 'the operator in the header');
    expect(h.calls(Calls.pendingNameChanges)[0]).toMatchObject({ session_id: 'fresh-session' });
  });

  it('tells a user who is not an operator so, ends that session and keeps nothing', async () => {
    h.serve(Calls.login, loginAnswer);
    h.serve(Calls.operatorWhoami, fail(CodeFlag.forbidden, '无权进行此操作'));
    h.serve(Calls.logout, ok(null));
    await h.render('/login');
    await fillAndSubmit('13800000001');
    await until(() => pageText().includes('该账号不是运营人员，不能进入运营后台'), 'the refusal');

    expect(h.calls(Calls.logout)).toEqual([expect.objectContaining({ session_id: 'fresh-session' })]);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('metal.console.session')).toBeNull();
    expect(h.path).toBe('/login');
    // The refusal is the page's own; the forbidden answer is not also shown as an error message.
    expect(showError).not.toHaveBeenCalled();
  });

  it('asks for the image captcha when the server does, and sends it with the next try', async () => {
    h.serve(Calls.login, fail(CodeFlag.invalidInput, '账号或密码错误', { data: { needCaptcha: true } }), loginAnswer);
    h.serve(Calls.captchaImage, ok({ captchaKey: 'captcha-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.pendingNameChanges, ok([]));
    await h.render('/login');
    await fillAndSubmit('13800000009', 'wrong123');
    await until(() => !!document.querySelector('input[name=captcha]'), 'the captcha field');
    expect(showError).toHaveBeenCalledWith('账号或密码错误');
    await until(() => !!document.querySelector('.mc-captcha img'), 'the captcha picture');

    await type(document.querySelector('input[name=captcha]'), 'ab12');
    await fillAndSubmit();
    await until(() => h.path === '/reviews/company-names', 'the first queue');
    expect(h.calls(Calls.login)[1]).toMatchObject({ captchaKey: 'captcha-1', captcha: 'ab12' });
  });

  it('does not send an empty form', async () => {
    await h.render('/login');
    await until(() => !!button('登录'), 'the login button');
    await click(button('登录'));
    await until(() => pageText().includes('请输入账号') && pageText().includes('请输入密码'), 'the field errors');
    expect(h.calls(Calls.login)).toEqual([]);
  });

  it('sends a visitor to the login and back to the page asked for', async () => {
    h.serve(Calls.login, loginAnswer);
    h.serve(Calls.operatorWhoami, ok(operator));
    h.serve(Calls.operatorActions, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    await h.render('/operator-actions');
    await until(() => h.path === '/login', 'the login');
    await fillAndSubmit();
    await until(() => h.path === '/operator-actions', 'the page asked for');
  });
});
