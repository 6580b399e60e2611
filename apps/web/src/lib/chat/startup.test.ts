import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../session';
import { startChatConnection } from './startup';

const chat = { open: vi.fn(), close: vi.fn() };
vi.mock('./connection', () => ({ getChatConnection: () => chat }));
const followPushBinding = vi.fn(async () => undefined);
vi.mock('../../features/push/client', () => ({ followPushBinding }));

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-7', lastLoginDate: '2026-11-23 08:00:00' };

beforeEach(() => {
  vi.useFakeTimers();
  chat.open.mockClear();
  chat.close.mockClear();
});

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('chat at start-up', () => {
  it('connects a stored user after the first screen, follows a new login and closes on logout', async () => {
    setSession(user);
    startChatConnection(2000);
    await vi.dynamicImportSettled();
    expect(chat.open).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2000);
    await vi.dynamicImportSettled();
    expect(chat.open).toHaveBeenCalledWith({ sessionId: 'sess-7', userId: 7 });
    // SPEC §4: the push token is bound alongside.
    expect(followPushBinding).toHaveBeenCalledWith(user);

    setSession({ ...user, lastLoginDate: '2026-11-23 09:00:00' });
    await vi.dynamicImportSettled();
    expect(chat.open).toHaveBeenCalledTimes(1);

    clearSession();
    await vi.dynamicImportSettled();
    expect(chat.close).toHaveBeenCalledTimes(1);

    setSession({ ...user, userId: 9, sessionId: 'sess-9' });
    await vi.dynamicImportSettled();
    expect(chat.open).toHaveBeenLastCalledWith({ sessionId: 'sess-9', userId: 9 });
  });

  it('loads nothing for a visitor', async () => {
    startChatConnection(2000);
    vi.advanceTimersByTime(2000);
    await vi.dynamicImportSettled();
    expect(chat.open).not.toHaveBeenCalled();
    expect(chat.close).not.toHaveBeenCalled();
  });
});
