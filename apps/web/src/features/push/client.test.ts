// @vitest-environment happy-dom
import { type CallContract, Calls, PUSH_TOKEN_REBIND_MS } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys, storage } from '../../lib/storage';
import { disablePush, enablePush, followPushBinding, type PushBrowser, pushState, unbindForLogout } from './client';

const SERVER_KEY = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const OTHER_KEY = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';

/** What the app sent to the server, by path. */
const calls: { path: string; payload: Record<string, unknown> }[] = [];
let serverKey = SERVER_KEY;
vi.mock('../../lib/api', () => ({
  callApi: vi.fn(async (contract: CallContract, payload: Record<string, unknown>) => {
    calls.push({ path: contract.path, payload });
    return contract.path === Calls.pushKey.path ? { publicKey: serverKey, rebindMs: PUSH_TOKEN_REBIND_MS } : null;
  }),
}));

let subscriptionCounter = 0;
/** A browser with a push manager that keeps one subscription, as real ones do. */
function fakeBrowser(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  let current: { endpoint: string; key: Uint8Array } | null = null;
  const subscription = () => {
    const held = current!;
    return {
      endpoint: held.endpoint,
      options: { applicationServerKey: held.key.buffer as ArrayBuffer },
      toJSON: () => ({ endpoint: held.endpoint, keys: { p256dh: `p256dh-of-${held.endpoint}`, auth: 'auth' } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
  };
  let now = Date.parse('2026-11-20T02:00:00Z');
  const browser: PushBrowser & { permissionState: NotificationPermission; advance(ms: number): void } = {
    permissionState: permission,
    supported: () => true,
    permission: () => browser.permissionState,
    requestPermission: vi.fn(async () => {
      browser.permissionState = answer;
      return answer;
    }),
    pushManager: async () => ({
      getSubscription: async () => (current ? subscription() : null),
      subscribe: vi.fn(async ({ applicationServerKey }) => {
        current = { endpoint: `https://push.example/sub-${++subscriptionCounter}`, key: applicationServerKey };
        return subscription();
      }),
    }),
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
  return { browser, endpoint: () => current?.endpoint, forget: () => (current = null) };
}

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-7', lastLoginDate: '' };
const binds = () => calls.filter((c) => c.path === Calls.bindToken.path);
const unbinds = () => calls.filter((c) => c.path === Calls.unbindToken.path);

beforeEach(() => {
  calls.length = 0;
  serverKey = SERVER_KEY;
  storage.remove(StorageKeys.push);
});
afterEach(() => storage.remove(StorageKeys.push));

describe('turning notifications on and off in settings', () => {
  it('asks permission only when turned on, subscribes with the server key and binds the subscription', async () => {
    const { browser, endpoint } = fakeBrowser();
    expect(pushState(browser)).toBe('off');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    expect(await enablePush(user, browser)).toBe('on');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(binds()).toHaveLength(1);
    expect(JSON.parse(binds()[0]!.payload.token as string)).toEqual({
      endpoint: endpoint(),
      keys: { p256dh: `p256dh-of-${endpoint()}`, auth: 'auth' },
    });
    expect(pushState(browser)).toBe('on');
  });

  it('says so when the user blocks notifications, and binds nothing', async () => {
    const { browser } = fakeBrowser('default', 'denied');
    expect(await enablePush(user, browser)).toBe('denied');
    expect(pushState(browser)).toBe('denied');
    expect(binds()).toEqual([]);
  });

  it('dismissing the prompt leaves notifications off', async () => {
    const { browser } = fakeBrowser('default', 'default');
    expect(await enablePush(user, browser)).toBe('off');
    expect(binds()).toEqual([]);
  });

  it('a browser without push support is reported, never asked', async () => {
    const { browser } = fakeBrowser();
    browser.supported = () => false;
    expect(pushState(browser)).toBe('unsupported');
    expect(await enablePush(user, browser)).toBe('unsupported');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('turning off unbinds on the server and drops the subscription', async () => {
    const { browser, endpoint } = fakeBrowser();
    await enablePush(user, browser);
    const bound = endpoint();
    expect(await disablePush(browser)).toBe('off');
    expect(JSON.parse(unbinds()[0]!.payload.token as string).endpoint).toBe(bound);
    expect(endpoint()).toBeUndefined();
    // Nor does the next start-up bind it again.
    calls.length = 0;
    await followPushBinding(user, browser);
    expect(calls).toEqual([]);
  });
});

describe('at start-up with a stored user', () => {
  it('does nothing (and asks nothing) where notifications were never turned on', async () => {
    const { browser } = fakeBrowser('granted');
    await followPushBinding(user, browser);
    expect(calls).toEqual([]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('binds again only when the binding is 90 days old', async () => {
    const { browser } = fakeBrowser();
    await enablePush(user, browser);
    browser.advance(PUSH_TOKEN_REBIND_MS - 1);
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(1);
    browser.advance(1);
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(2);
    // And counts the 90 days from that re-binding.
    browser.advance(PUSH_TOKEN_REBIND_MS - 1);
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(2);
  });

  it('binds again when the subscription changed, another user logged in, or the server key changed', async () => {
    const { browser, endpoint, forget } = fakeBrowser();
    await enablePush(user, browser);
    const first = endpoint();

    forget();
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(2);
    expect(endpoint()).not.toBe(first);

    await followPushBinding({ ...user, userId: 9, sessionId: 'sess-9' }, browser);
    expect(binds()).toHaveLength(3);

    const beforeKeyChange = endpoint();
    serverKey = OTHER_KEY;
    await followPushBinding({ ...user, userId: 9, sessionId: 'sess-9' }, browser);
    expect(binds()).toHaveLength(4);
    expect(endpoint()).not.toBe(beforeKeyChange);
  });

  it('does not bind where the permission was withdrawn since', async () => {
    const { browser } = fakeBrowser();
    await enablePush(user, browser);
    browser.permissionState = 'denied';
    browser.advance(PUSH_TOKEN_REBIND_MS);
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(1);
  });
});

describe('logout', () => {
  it('unbinds this browser while the session is valid, and the next login binds it again', async () => {
    const { browser } = fakeBrowser();
    await enablePush(user, browser);
    await unbindForLogout(browser);
    expect(unbinds()).toHaveLength(1);
    await unbindForLogout(browser);
    expect(unbinds()).toHaveLength(1);
    await followPushBinding(user, browser);
    expect(binds()).toHaveLength(2);
  });
});
