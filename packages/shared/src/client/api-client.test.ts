import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CallPath, Calls } from '../calls';
import { CodeFlag, type Language, NETWORK_TIMEOUT_MS, Platform } from '../constants';
import { translate } from '../messages';
import { type ApiClientHooks, ApiError, createApiClient } from './api-client';

// The web app's wiring of this client is tested in apps/web/src/lib/api.test.ts (every SPEC §7/§8
// behaviour through it); these cases are about what the client leaves to the app that plugs it in.

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

function sentForm(n = 0): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(String(fetchMock.mock.calls[n]?.[1]?.body)));
}

let sessionId: string;
let lang: Language;
const hooks = {
  onNotLoggedIn: vi.fn<ApiClientHooks['onNotLoggedIn']>(),
  onFail: vi.fn<ApiClientHooks['onFail']>(),
  showLoading: vi.fn<NonNullable<ApiClientHooks['showLoading']>>(),
  hideLoading: vi.fn<NonNullable<ApiClientHooks['hideLoading']>>(),
};
const client = createApiClient({
  platform: Platform.other,
  getSessionId: () => sessionId,
  getLanguage: () => lang,
  ...hooks,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionId = 'stored-session';
  lang = 'en-US';
  client.clearCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('createApiClient', () => {
  it("sends the app's platform, session and language, read at each call", async () => {
    fetchMock.mockImplementation(async () => answer({ codeFlag: 0, mesg: '', data: 1 }));
    await client.call(Calls.unreadSize, {});
    sessionId = 'another-session';
    lang = 'zh-CN';
    await client.call(Calls.unreadSize, {});
    expect(sentForm(0)).toEqual({ session_id: 'stored-session', platform: '6', openId: '', lang: 'en-US' });
    expect(sentForm(1)).toMatchObject({ session_id: 'another-session', lang: 'zh-CN' });
  });

  it('calls by a path alone (CallPath) as by the whole contract, typed by it', async () => {
    fetchMock.mockImplementation(async () => answer({ codeFlag: 0, mesg: '', data: 3 }));
    const unreadSize: CallPath<typeof Calls.unreadSize> = { path: Calls.unreadSize.path };
    const count: number = await client.call(unreadSize, {});
    expect(count).toBe(3);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/${Calls.unreadSize.path}.htmls`);
    fetchMock.mockImplementation(async () => answer({ codeFlag: CodeFlag.invalidInput, mesg: 'bad', data: null }));
    await expect(client.call(unreadSize, {})).rejects.toMatchObject({ codeFlag: CodeFlag.invalidInput });
  });

  it('sends a session given for one call instead of the stored one', async () => {
    fetchMock.mockImplementation(async () => answer({ codeFlag: 0, mesg: '', data: 1 }));
    await client.call(Calls.unreadSize, {}, { sessionId: 'fresh-login' });
    expect(sentForm()).toMatchObject({ session_id: 'fresh-login' });
  });

  it('codeFlag 1 drops the cache and leaves the reaction to the app, telling it whether login is wanted', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ codeFlag: 0, mesg: '', data: 4 }))
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.notLoggedIn, mesg: 'Please log in first' }))
      .mockResolvedValueOnce(answer({ codeFlag: 0, mesg: '', data: 5 }));
    await client.call(Calls.unreadSize, {}, { cacheTime: 60 });
    await expect(client.call(Calls.info, {}, { needLogin: false })).rejects.toMatchObject({ codeFlag: 1 });
    expect(hooks.onNotLoggedIn).toHaveBeenCalledWith(false);
    expect(hooks.onFail).not.toHaveBeenCalled();
    await expect(client.call(Calls.unreadSize, {}, { cacheTime: 60 })).resolves.toBe(5);
  });

  it("shows other failures through the app's onFail, in the answer's words or the server-fault message", async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.forbidden, mesg: 'You are not allowed to do this' }))
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.serverFault }))
      .mockResolvedValueOnce(answer({ codeFlag: CodeFlag.forbidden, mesg: 'quiet' }));
    await expect(client.call(Calls.info, {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.call(Calls.info, {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.call(Calls.info, {}, { quietCodeFlags: [CodeFlag.forbidden] })).rejects.toMatchObject({
      mesg: 'quiet',
    });
    expect(hooks.onFail.mock.calls.map(([mesg]) => mesg)).toEqual([
      'You are not allowed to do this',
      translate('common.serverFault', 'en-US'),
    ]);
    // The failure itself travels beside the words, for an app that words some codeFlags itself.
    expect(hooks.onFail.mock.calls.map(([, failure]) => failure.codeFlag)).toEqual([
      CodeFlag.forbidden,
      CodeFlag.serverFault,
    ]);
  });

  it("runs the app's loading indicator around a call that asks for it", async () => {
    fetchMock.mockImplementation(async () => answer({ codeFlag: 0, mesg: '', data: null }));
    await client.call(Calls.logout, {}, { showLoading: true, loadingTitle: 'Logging out' });
    await client.call(Calls.logout, {});
    expect(hooks.showLoading).toHaveBeenCalledTimes(1);
    expect(hooks.showLoading).toHaveBeenCalledWith('Logging out');
    expect(hooks.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('keeps each client’s cache to itself', async () => {
    const other = createApiClient({
      ...hooks,
      platform: Platform.web,
      getSessionId: () => sessionId,
      getLanguage: () => lang,
    });
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: 0, mesg: '', data: 1 }));
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: 0, mesg: '', data: 2 }));
    await client.call(Calls.unreadSize, {}, { cacheTime: 60 });
    await expect(other.call(Calls.unreadSize, {}, { cacheTime: 60 })).resolves.toBe(2);
    other.clearCache();
    await expect(client.call(Calls.unreadSize, {}, { cacheTime: 60 })).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('a prefetched answer', () => {
  const expected = new URLSearchParams({
    session_id: 'stored-session',
    platform: String(Platform.other),
    openId: '',
    lang: 'en-US',
  }).toString();
  const prefetching = (response: () => Promise<Response>) => {
    const asked: string[] = [];
    const prefetchClient = createApiClient({
      platform: Platform.other,
      getSessionId: () => sessionId,
      getLanguage: () => lang,
      ...hooks,
      takePrefetched: (url, body) => {
        asked.push(`${url}?${body}`);
        return url === `/${Calls.unreadSize.path}.htmls` && body === expected ? response() : undefined;
      },
    });
    return { prefetchClient, asked };
  };

  afterEach(() => vi.useRealTimers());

  it('answers its own request without asking again, and nothing else', async () => {
    const { prefetchClient, asked } = prefetching(async () => answer({ codeFlag: CodeFlag.ok, mesg: '', data: 7 }));
    await expect(prefetchClient.call(Calls.unreadSize, {})).resolves.toBe(7);
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockImplementation(async () => answer({ codeFlag: CodeFlag.ok, mesg: '', data: 8 }));
    lang = 'zh-CN';
    await expect(prefetchClient.call(Calls.unreadSize, {})).resolves.toBe(8);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(asked).toHaveLength(2);
  });

  it('whose body never ends fails as the network after the timeout, as a fetch of our own would', async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream({ start: () => {} });
    const { prefetchClient } = prefetching(async () => new Response(stalled));
    const call = prefetchClient.call(Calls.unreadSize, {}).catch((failure: unknown) => failure);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS + 1);
    const failure = await call;
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).isNetwork).toBe(true);
  });

  it("that never arrives gives way to the caller's abort", async () => {
    const { prefetchClient } = prefetching(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const call = prefetchClient.call(Calls.unreadSize, {}, { signal: controller.signal });
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(call).rejects.toThrow('left the page');
  });
});
