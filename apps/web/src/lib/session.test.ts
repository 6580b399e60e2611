import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, getSessionId, isLoggedIn, setSession, subscribeSession } from './session';

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-abc', lastLoginDate: '2025-01-02 08:00:00' };

afterEach(() => clearSession());

describe('session store', () => {
  it('is logged in only with a userId above 0', () => {
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn({ ...user, userId: 0 })).toBe(false);
    expect(isLoggedIn(user)).toBe(true);
  });

  it('keeps the session user, tells subscribers, and forgets it on logout', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(user);
    expect(getSession()).toEqual(user);
    expect(getSessionId()).toBe('sess-abc');
    clearSession();
    expect(getSession()).toBeNull();
    expect(getSessionId()).toBe('');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
