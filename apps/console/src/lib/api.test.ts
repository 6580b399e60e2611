// @vitest-environment happy-dom
import { Calls, CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api';
import { showError } from './feedback';
import { setLanguage } from './i18n';
import { setNavigator } from './navigation';
import { clearSession, getSession, setSession } from './session';

vi.mock('./feedback', async () => (await import('../test/feedbackMock')).feedbackMock);

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const operator = {
  sessionId: 'console-session',
  userId: 9,
  account: '13800000009',
  name: '客服小王',
  role: 'service' as const,
};

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const sentForm = () => Object.fromEntries(new URLSearchParams(String(fetchMock.mock.calls[0]?.[1]?.body)));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  setLanguage('zh-CN');
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setNavigator(null);
});

describe("the console's API client", () => {
  it("sends the console's own session and language", async () => {
    localStorage.setItem('metal.session', JSON.stringify({ sessionId: 'web-app-session' }));
    setSession(operator);
    setLanguage('en-US');
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.ok, mesg: '', data: [] }));
    await callApi(Calls.pendingNameChanges, {});
    expect(sentForm()).toEqual({ session_id: 'console-session', platform: '5', openId: '', lang: 'en-US' });
  });

  it("codeFlag 1 forgets the console's session (not the web app's) and opens the console's login", async () => {
    localStorage.setItem('metal.session', JSON.stringify({ sessionId: 'web-app-session' }));
    setSession(operator);
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' }));
    await expect(callApi(Calls.pendingNameChanges, {})).rejects.toMatchObject({ codeFlag: CodeFlag.notLoggedIn });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('metal.console.session')).toBeNull();
    expect(localStorage.getItem('metal.session')).toContain('web-app-session');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(showError).not.toHaveBeenCalled();
  });

  it("shows any other failure as an error message in the server's words", async () => {
    setSession(operator);
    fetchMock.mockResolvedValueOnce(answer({ codeFlag: CodeFlag.invalidInput, mesg: '驳回时请填写原因' }));
    await expect(
      callApi(Calls.reviewNameChange, { id: 1, approve: 0, submittedAt: '2026-11-21T01:00:00.000Z' }),
    ).rejects.toMatchObject({
      codeFlag: CodeFlag.invalidInput,
    });
    expect(showError).toHaveBeenCalledWith('驳回时请填写原因');
    expect(getSession()).toEqual(operator);
  });
});
