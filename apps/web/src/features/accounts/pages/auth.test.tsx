// @vitest-environment happy-dom
import { translate } from '@metal/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../../lib/feedback';
import '../../../lib/i18n';
import { setLanguage } from '../../../lib/language';
import { Paths } from '../../../lib/navigation';
import { clearSession, getSession } from '../../../lib/session';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

vi.mock('../../../lib/feedback', () => ({
  showFail: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
  showComingSoon: vi.fn(),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-abc', lastLoginDate: '2025-01-02 08:00:00' };
const fetchMock = vi.fn<typeof fetch>();
let root: Root | undefined;
let container: HTMLElement;
let router: ReturnType<typeof createMemoryRouter>;

/** Answers per call path; each entry is used in turn, the last one repeats. */
function serve(answers: Record<string, unknown[]>) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url)
      .replace(/^\//, '')
      .replace(/\.htmls$/, '');
    const list = answers[path] ?? [{ codeFlag: 0, mesg: '', data: null }];
    const body = list.length > 1 ? list.shift() : list[0];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
}

function calls(path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === `/${path}.htmls`)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));
}

function RootStub() {
  return <p>root</p>;
}

async function render(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter(
    [
      { path: Paths.login, Component: LoginPage },
      { path: Paths.register, Component: RegisterPage },
      { path: Paths.root, Component: RootStub },
    ],
    { initialEntries: [path] },
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
}

async function type(name: string, value: string) {
  const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input ${name}`);
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(element: Element | null) {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 50; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error(`timed out waiting for ${what}`);
}

const submit = () => click(container.querySelector('button[type="submit"]'));
const agree = () => click(container.querySelector('.mm-terms input[type="checkbox"]'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setLanguage('zh-CN');
  clearSession();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('login page', () => {
  it('will not log in before the terms are agreed to', async () => {
    serve({});
    await render(Paths.login);
    await type('account', 'trader01');
    await type('password', 'abc123');
    await submit();
    expect(showFail).toHaveBeenCalledWith(translate('terms.required', 'zh-CN'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows field errors from the shared schema in the UI language', async () => {
    setLanguage('en-US');
    serve({});
    await render(Paths.login);
    await type('account', 'bad account!');
    await submit();
    expect(container.textContent).toContain(translate('account.invalid', 'en-US'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the image captcha when the server says so, and sends it with the next try', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>ab12</text></svg>';
    serve({
      'user/login': [
        { codeFlag: 2, mesg: '账号或密码错误', data: { needCaptcha: true } },
        { codeFlag: 0, mesg: '', data: user },
      ],
      'captcha/image': [{ codeFlag: 0, mesg: '', data: { captchaKey: 'key-1', svg } }],
    });
    await render(Paths.login);
    await type('account', 'trader01');
    await type('password', 'abc123');
    await agree();
    await submit();
    await until(() => container.querySelector('.mm-captcha img') !== null, 'the captcha image');
    const img = container.querySelector<HTMLImageElement>('.mm-captcha img');
    expect(img?.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);

    await type('captcha', 'ab12');
    await submit();
    await until(() => getSession() !== null, 'the session');
    expect(calls('user/login')[1]).toMatchObject({ account: 'trader01', captchaKey: 'key-1', captcha: 'ab12' });
    expect(getSession()).toEqual(user);
  });
});

describe('register page', () => {
  it('fills in the sandbox code, validates, registers and opens the me tab', async () => {
    serve({
      'user/send_code': [{ codeFlag: 0, mesg: '', data: { resendAfter: 60, code: '246810' } }],
      'user/register': [{ codeFlag: 0, mesg: '', data: user }],
    });
    await render(Paths.register);
    await type('phone', '13800138000');
    await click(container.querySelector('[data-testid="send-code-register"]'));
    await until(() => container.querySelector<HTMLInputElement>('input[name="code"]')?.value === '246810', 'the code');
    expect(calls('user/send_code')[0]).toMatchObject({ phone: '13800138000', purpose: 'register' });
    expect(container.textContent).toContain('246810');
    expect(container.querySelector('[data-testid="send-code-register"]')?.hasAttribute('disabled')).toBe(true);

    await type('password', 'abc12345');
    await type('password2', 'abc12399');
    await submit();
    expect(container.textContent).toContain(translate('password.mismatch', 'zh-CN'));
    expect(container.textContent).toContain(translate('terms.required', 'zh-CN'));
    expect(calls('user/register')).toHaveLength(0);

    await type('password2', 'abc12345');
    await agree();
    await submit();
    await until(() => getSession() !== null, 'the session');
    expect(calls('user/register')[0]).toMatchObject({
      phone: '13800138000',
      code: '246810',
      password: 'abc12345',
      password2: 'abc12345',
      agree: '1',
    });
    await until(() => router.state.location.search === '?tab=me', 'the me tab');
  });

  it('never shows a sandbox hint when the server sends no code', async () => {
    serve({ 'user/send_code': [{ codeFlag: 0, mesg: '', data: { resendAfter: 60 } }] });
    await render(Paths.register);
    await type('phone', '13800138000');
    await click(container.querySelector('[data-testid="send-code-register"]'));
    await until(() => calls('user/send_code').length === 1, 'the code request');
    expect(container.querySelector('.mm-sandbox-hint')).toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[name="code"]')?.value).toBe('');
  });
});
