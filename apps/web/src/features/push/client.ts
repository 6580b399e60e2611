import { Calls, PUSH_TOKEN_REBIND_MS } from '@metal/shared';
import { callApi } from '../../lib/api';
import type { SessionUser } from '../../lib/session';
import { StorageKeys, storage } from '../../lib/storage';

/**
 * Web Push in the app: the service worker (/sw.js, registered at start-up for the offline shell) is
 * asked for its push manager, permission asked and the browser subscribed only when the user turns
 * notifications on in settings; from then on each start-up
 * checks the binding and renews it when the server's key, the subscription or the user changed,
 * or when it is 90 days old (SPEC §7, §9).
 */

/** unsupported: this browser cannot receive pushes; denied: the user blocked notifications for the site. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** What this browser last told the server, and whether the user wants notifications. */
interface PushRecord {
  enabled: boolean;
  userId: number;
  endpoint: string;
  /** When it was last bound (ms). */
  boundAt: number;
}

interface SubscriptionLike {
  endpoint: string;
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<SubscriptionLike>;
}

/** The browser features push needs; tests give a fake. */
export interface PushBrowser {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** Registers /sw.js (once) and resolves to its push manager when the worker is active. */
  pushManager(): Promise<PushManagerLike>;
  now(): number;
}

export const realBrowser: PushBrowser = {
  supported: () =>
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async pushManager() {
    await navigator.serviceWorker.register('/sw.js');
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager;
  },
  now: () => Date.now(),
};

function readRecord(): PushRecord | undefined {
  try {
    const value = JSON.parse(storage.get(StorageKeys.push) ?? 'null') as PushRecord | null;
    return value && typeof value.enabled === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

const writeRecord = (record: PushRecord) => storage.set(StorageKeys.push, JSON.stringify(record));

const base64UrlToBytes = (text: string) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/** The state the settings switch shows. */
export function pushState(browser: PushBrowser = realBrowser): PushState {
  if (!browser.supported()) return 'unsupported';
  const permission = browser.permission();
  if (permission === 'denied') return 'denied';
  return permission === 'granted' && readRecord()?.enabled ? 'on' : 'off';
}

/** The subscription as the server takes it (relg/bind_token's token): endpoint and keys, as JSON text. */
const tokenOf = (subscription: SubscriptionLike) => {
  const json = subscription.toJSON();
  return JSON.stringify({ endpoint: json.endpoint ?? subscription.endpoint, keys: json.keys ?? {} });
};

/**
 * Makes sure this browser is subscribed with the server's current key and bound to the user,
 * binding again when anything changed or the binding is 90 days old (or when `force`d).
 */
export async function ensurePushBound(user: SessionUser, browser: PushBrowser = realBrowser, force = false) {
  const manager = await browser.pushManager();
  const { publicKey } = await callApi(Calls.pushKey, {}, { needLogin: false });
  const serverKey = base64UrlToBytes(publicKey);
  let subscription = await manager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) cannot receive our pushes.
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  const record = readRecord();
  const now = browser.now();
  const stale =
    force ||
    !record ||
    record.userId !== user.userId ||
    record.endpoint !== subscription.endpoint ||
    now - record.boundAt >= PUSH_TOKEN_REBIND_MS;
  if (stale) await callApi(Calls.bindToken, { token: tokenOf(subscription) }, { needLogin: false });
  writeRecord({
    enabled: true,
    userId: user.userId,
    endpoint: subscription.endpoint,
    boundAt: stale ? now : (record?.boundAt ?? now),
  });
}

/** The settings switch turned on (a user gesture, as browsers require for the permission prompt). */
export async function enablePush(user: SessionUser, browser: PushBrowser = realBrowser): Promise<PushState> {
  if (!browser.supported()) return 'unsupported';
  const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  await ensurePushBound(user, browser, true);
  return 'on';
}

/** The settings switch turned off: the server stops pushing here and the browser drops the subscription. */
export async function disablePush(browser: PushBrowser = realBrowser): Promise<PushState> {
  const record = readRecord();
  if (record) writeRecord({ ...record, enabled: false });
  if (!browser.supported()) return 'unsupported';
  const subscription = await (await browser.pushManager()).getSubscription();
  if (subscription) {
    await callApi(Calls.unbindToken, { token: tokenOf(subscription) }, { needLogin: false });
    await subscription.unsubscribe();
  }
  return pushState(browser);
}

/**
 * Logout: the server stops pushing the user's messages here. Notifications stay wanted in this
 * browser, so the next login binds it again (to whoever logs in).
 */
export async function unbindForLogout(browser: PushBrowser = realBrowser) {
  const record = readRecord();
  if (!record?.enabled || record.userId === 0 || !browser.supported()) return;
  const subscription = await (await browser.pushManager()).getSubscription();
  if (subscription) await callApi(Calls.unbindToken, { token: tokenOf(subscription) }, { needLogin: false });
  writeRecord({ ...record, userId: 0 });
}

/**
 * SPEC §4: at start-up with a stored user (or on login), bind the push token. Only where the user
 * turned notifications on and the browser still allows them; never asks for permission itself.
 */
export async function followPushBinding(user: SessionUser, browser: PushBrowser = realBrowser) {
  if (pushState(browser) !== 'on') return;
  await ensurePushBound(user, browser);
}
