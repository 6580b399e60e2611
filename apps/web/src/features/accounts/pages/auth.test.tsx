// @vitest-environment happy-dom
import { Calls, CodeFlag, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../../lib/feedback';
import { setLanguage } from '../../../lib/language';
import { Paths } from '../../../lib/navigation';
import { clearSession, getSession } from '../../../lib/session';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../../test/pageHarness';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

vi.mock('../../../lib/feedback', async () => (await import('../../../test/pageHarness')).feedbackMock);

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-abc', lastLoginDate: '2025-01-02 08:00:00' };
const h = createPageHarness();
const { serve, calls, fetchMock } = h;

function RootStub() {
  return <p>root</p>;
}

const render = (path: string) =>
  h.render({ [Paths.login]: LoginPage, [Paths.register]: RegisterPage, [Paths.root]: RootStub }, path);
const container = () => h.container;
const type = (name: string, value: string) => typeInto(h.container.querySelector(`input[name="${name}"]`), value);

const submit = () => click(container().querySelector('button[type="submit"]'));
const agree = () => click(container().querySelector('.mm-terms input[type="checkbox"]'));

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('login page', () => {
  it('will not log in before the terms are agreed to', async () => {
    await render(Paths.login);
    await type('account', 'trader01');
    await type('password', 'abc123');
    await submit();
    expect(showFail).toHaveBeenCalledWith(translate('terms.required', 'zh-CN'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows field errors from the shared schema in the UI language', async () => {
    setLanguage('en-US');
    await render(Paths.login);
    await type('account', 'bad account!');
    await submit();
    expect(container().textContent).toContain(translate('account.invalid', 'en-US'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the image captcha when the server says so, and sends it with the next try', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>ab12</text></svg>';
    serve(Calls.login, fail(CodeFlag.invalidInput, '账号或密码错误', { data: { needCaptcha: true } }), ok(user));
    serve(Calls.captchaImage, ok({ captchaKey: 'key-1', svg }));
    await render(Paths.login);
    await type('account', 'trader01');
    await type('password', 'abc123');
    await agree();
    await submit();
    await until(() => container().querySelector('.mm-captcha img') !== null, 'the captcha image');
    const img = container().querySelector<HTMLImageElement>('.mm-captcha img');
    expect(img?.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);

    await type('captcha', 'ab12');
    await submit();
    await until(() => getSession() !== null, 'the session');
    expect(calls(Calls.login)[1]).toMatchObject({ account: 'trader01', captchaKey: 'key-1', captcha: 'ab12' });
    expect(getSession()).toEqual(user);
  });
});

describe('register page', () => {
  it('fills in the sandbox code, validates, registers and opens the me tab', async () => {
    serve(Calls.sendCode, ok({ resendAfter: 60, code: '246810' }));
    serve(Calls.register, ok(user));
    await render(Paths.register);
    await type('phone', '13800138000');
    await click(container().querySelector('[data-testid="send-code-register"]'));
    await until(
      () => container().querySelector<HTMLInputElement>('input[name="code"]')?.value === '246810',
      'the code',
    );
    expect(calls(Calls.sendCode)[0]).toMatchObject({ phone: '13800138000', purpose: 'register' });
    expect(container().textContent).toContain('246810');
    expect(container().querySelector('[data-testid="send-code-register"]')?.hasAttribute('disabled')).toBe(true);

    await type('password', 'abc12345');
    await type('password2', 'abc12399');
    await submit();
    expect(container().textContent).toContain(translate('password.mismatch', 'zh-CN'));
    expect(container().textContent).toContain(translate('terms.required', 'zh-CN'));
    expect(calls(Calls.register)).toHaveLength(0);

    await type('password2', 'abc12345');
    await agree();
    await submit();
    await until(() => getSession() !== null, 'the session');
    expect(calls(Calls.register)[0]).toMatchObject({
      phone: '13800138000',
      code: '246810',
      password: 'abc12345',
      password2: 'abc12345',
      agree: '1',
    });
    await until(() => h.router.state.location.search === '?tab=me', 'the me tab');
  });

  it('never shows a sandbox hint when the server sends no code', async () => {
    serve(Calls.sendCode, ok({ resendAfter: 60 }));
    await render(Paths.register);
    await type('phone', '13800138000');
    await click(container().querySelector('[data-testid="send-code-register"]'));
    await until(() => calls(Calls.sendCode).length === 1, 'the code request');
    expect(container().querySelector('.mm-sandbox-hint')).toBeNull();
    expect(container().querySelector<HTMLInputElement>('input[name="code"]')?.value).toBe('');
  });
});
