import { Calls, CodeFlag, NETWORK_TIMEOUT_MS, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, clearApiCache, encodeForm, NETWORK_CODE_FLAG, withdrawFailToast } from './api';
import { currentToast, hideLoading, showFail, showLoading, withdrawToast } from './feedback';
import { loadLanguage } from './i18n';
import { setLanguage } from './language';
import { Paths, setNavigator } from './navigation';
import { clearSession, getSession, setSession } from './session';

vi.mock('./feedback', async () => (await import('../test/feedbackMock')).feedbackMock);

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-abc', lastLoginDate: '2025-01-02 08:00:00' };

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The form fields of the n-th fetch call. */
function sent(n = 0): { url: string; init: RequestInit; form: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.calls[n] ?? [];
  const form = Object.fromEntries(new URLSearchParams(String(init.body)));
  return { url: String(url), init, form };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  setLanguage('zh-CN');
  clearSession();
  clearApiCache();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setNavigator(null);
});

describe('callApi: a failure an error screen shows', () => {
  it('takes back the toast that told of it, once, and only that failure’s', async () => {
    vi.mocked(currentToast).mockReturnValueOnce(41).mockReturnValueOnce(42);
    fetchMock
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.serverFault, mesg: '服务器开小差了' }))
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.serverFault, mesg: '服务器开小差了' }));
    const first = await callApi(Calls.info, {}).catch((failure: unknown) => failure);
    const second = await callApi(Calls.info, {}).catch((failure: unknown) => failure);
    expect(showFail).toHaveBeenCalledTimes(2);
    withdrawFailToast(first);
    expect(withdrawToast).toHaveBeenCalledExactlyOnceWith(41);
    withdrawFailToast(first);
    withdrawFailToast(new ApiError(CodeFlag.serverFault, '服务器开小差了'));
    withdrawFailToast(undefined);
    expect(withdrawToast).toHaveBeenCalledOnce();
    withdrawFailToast(second);
    expect(withdrawToast).toHaveBeenLastCalledWith(42);
  });
});

describe('callApi: the error language', () => {
  it.each([
    ['zh-CN', '操作太频繁，请稍后再试', '操作太频繁，请2分钟后再试'],
    ['en-US', 'Too many requests, please try again later', 'Too many attempts. Try again in 2 minutes'],
  ] as const)('toasts a rate limit with the server’s wait (%s)', async (lang, mesg, toast) => {
    setLanguage(lang);
    await loadLanguage(lang);
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.tooManyRequests, mesg, data: { retryAfter: 95 } }));
    await expect(callApi(Calls.info, {})).rejects.toMatchObject({ codeFlag: CodeFlag.tooManyRequests });
    expect(showFail).toHaveBeenCalledWith(toast);
    await loadLanguage('zh-CN');
  });
});

describe('callApi: request', () => {
  it('posts the form to /<path>.htmls with the common parameters and resolves data', async () => {
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.ok, mesg: '', data: user }));
    const result = await callApi(Calls.login, { account: 'trader01', password: 'abc123' });
    expect(result).toEqual(user);
    const { url, init, form } = sent();
    expect(url).toBe('/user/login.htmls');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form).toEqual({
      account: 'trader01',
      password: 'abc123',
      session_id: '',
      platform: '5',
      openId: '',
      lang: 'zh-CN',
    });
  });

  it('sends the stored session id and the current UI language', async () => {
    setSession(user);
    setLanguage('en-US');
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.ok, mesg: '', data: 3 }));
    await expect(callApi(Calls.unreadSize, {})).resolves.toBe(3);
    expect(sent().form).toMatchObject({ session_id: 'sess-abc', lang: 'en-US', platform: '5', openId: '' });
  });

  it('sends lists and objects as JSON text in one field and leaves absent values out', () => {
    const body = encodeForm({ data: [{ id: 1 }], key: ['a', 'b'], n: 4, flag: true, skip: undefined, none: null });
    expect(Object.fromEntries(body)).toEqual({ data: '[{"id":1}]', key: '["a","b"]', n: '4', flag: 'true' });
  });
});

describe('callApi: envelope', () => {
  it('rejects other codeFlags with a typed ApiError after a fail toast of mesg', async () => {
    const envelope = {
      codeFlag: CodeFlag.invalidInput,
      mesg: '图形验证码错误或已过期',
      errors: { captcha: '图形验证码错误或已过期' },
      data: { needCaptcha: true },
    };
    fetchMock.mockResolvedValueOnce(answer(envelope));
    const error = await callApi(Calls.login, { account: 'a1', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: envelope.mesg,
      errors: envelope.errors,
      data: { needCaptcha: true },
    });
    expect(showFail).toHaveBeenCalledWith(envelope.mesg);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the codeFlags a page shows itself without a toast', async () => {
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.vipRequired, mesg: '开通预测VIP后可查看' }));
    await expect(
      callApi(Calls.forecastStats, { id: 13 }, { quietCodeFlags: [CodeFlag.vipRequired] }),
    ).rejects.toMatchObject({ codeFlag: CodeFlag.vipRequired });
    expect(showFail).not.toHaveBeenCalled();
  });

  it('codeFlag 1 clears the stored session and goes to login', async () => {
    setSession(user);
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' }));
    await expect(callApi(Calls.unreadSize, {})).rejects.toMatchObject({ codeFlag: CodeFlag.notLoggedIn });
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(Paths.login);
    expect(showFail).not.toHaveBeenCalled();
  });

  it('codeFlag 1 with needLogin false still forgets the session but stays', async () => {
    setSession(user);
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' }));
    await expect(callApi(Calls.unreadSize, {}, { needLogin: false })).rejects.toMatchObject({
      codeFlag: CodeFlag.notLoggedIn,
    });
    expect(getSession()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network failure is logged, not toasted, and rejects with codeFlag -1 in the UI language', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setLanguage('en-US');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await callApi(Calls.info, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ codeFlag: NETWORK_CODE_FLAG, mesg: translate('common.networkError', 'en-US') });
    expect((error as ApiError).isNetwork).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect(showFail).not.toHaveBeenCalled();
  });

  it('an answer without an envelope (proxy error page) is a transport fault, logged only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(callApi(Calls.info, {})).rejects.toMatchObject({ codeFlag: NETWORK_CODE_FLAG });
    expect(warn).toHaveBeenCalled();
    expect(showFail).not.toHaveBeenCalled();
  });

  it(`times out after ${NETWORK_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = callApi(Calls.info, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ codeFlag: NETWORK_CODE_FLAG });
  });

  it('shows loading while the call runs and hides it after, also on failure', async () => {
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.conflict, mesg: '已订阅' }));
    await expect(callApi(Calls.info, {}, { showLoading: true, loadingTitle: '提交中' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(showLoading).toHaveBeenCalledWith('提交中');
    expect(hideLoading).toHaveBeenCalledTimes(1);
    expect(vi.mocked(hideLoading).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(showFail).mock.invocationCallOrder[0] ?? 0,
    );
  });
});

describe('callApi: cache', () => {
  const ok = (data: unknown) => answer({ codeFlag: CodeFlag.ok, mesg: '', data });

  it('answers from memory within cacheTime for the same path and payload', async () => {
    fetchMock.mockResolvedValueOnce(ok(1));
    await expect(callApi(Calls.unreadSize, {}, { cacheTime: 30 })).resolves.toBe(1);
    await expect(callApi(Calls.unreadSize, {}, { cacheTime: 30 })).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the payload differs or the time is up', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(ok('a')).mockResolvedValueOnce(ok('b')).mockResolvedValueOnce(ok('c'));
    await callApi(Calls.sendCode, { phone: '13800138000', purpose: 'login' }, { cacheTime: 10 });
    await callApi(Calls.sendCode, { phone: '13900139000', purpose: 'login' }, { cacheTime: 10 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_001);
    await expect(callApi(Calls.sendCode, { phone: '13800138000', purpose: 'login' }, { cacheTime: 10 })).resolves.toBe(
      'c',
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keys by session too, so another user never sees a cached answer', async () => {
    fetchMock.mockResolvedValueOnce(ok(1)).mockResolvedValueOnce(ok(2));
    await callApi(Calls.unreadSize, {}, { cacheTime: 30 });
    setSession(user);
    await expect(callApi(Calls.unreadSize, {}, { cacheTime: 30 })).resolves.toBe(2);
  });

  it('does not cache failures, and without cacheTime always asks', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.serverFault, mesg: 'x' }))
      .mockResolvedValueOnce(ok(5))
      .mockResolvedValueOnce(ok(6));
    await expect(callApi(Calls.unreadSize, {}, { cacheTime: 30 })).rejects.toBeInstanceOf(ApiError);
    await expect(callApi(Calls.unreadSize, {}, { cacheTime: 30 })).resolves.toBe(5);
    await expect(callApi(Calls.unreadSize, {})).resolves.toBe(6);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
