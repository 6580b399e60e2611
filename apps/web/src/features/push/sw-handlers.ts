/**
 * What the service worker (src/sw/service-worker.ts) does with a push and with a click on its
 * notification. Kept free of the app's modules so the worker stays a small file of its own.
 */

/** The payload the server pushes (TPushPayload in @metal/shared): type 1 a chat message from user `id`, type 2 a notice. */
interface PushPayload {
  type: number;
  id: number;
  title: string;
  body: string;
}

const CHAT_PUSH = 1;
/** The app's chat_page route (SPEC §2; lib/navigation chatPagePath), behind the hash router. */
const chatPageUrl = (userId: number) => `/#/pages/chat_page/chat_page?userId=${userId}`;
const HOME_URL = '/#/';

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The parts of ServiceWorkerGlobalScope the handlers use. */
export interface WorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions & { renotify?: boolean }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export function readPayload(data: unknown): PushPayload | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { type, id, title, body } = data as Record<string, unknown>;
  if (typeof type !== 'number' || typeof id !== 'number' || typeof title !== 'string' || typeof body !== 'string')
    return undefined;
  return { type, id, title, body };
}

/** Shows the pushed notification; one per conversation (tag), so a newer message replaces the older one. */
export async function handlePush(scope: WorkerScope, data: unknown) {
  const payload = readPayload(data);
  // Browsers require every push to show something; an unreadable one still tells the user to look.
  const title = payload?.title ?? '';
  await scope.registration.showNotification(title, {
    body: payload?.body ?? '',
    tag: payload ? `${payload.type === CHAT_PUSH ? 'chat' : 'notice'}-${payload.id}` : 'push',
    renotify: true,
    icon: '/favicon.svg',
    data: payload ?? null,
  });
}

/** Where a click on a notification leads: SPEC §8, type 1 opens the chat with the sender; others the app. */
export function clickTarget(data: unknown): string {
  const payload = readPayload(data);
  return payload?.type === CHAT_PUSH ? chatPageUrl(payload.id) : HOME_URL;
}

/** Brings an open window of the app forward on the target page, or opens one. */
export async function handleNotificationClick(scope: WorkerScope, data: unknown) {
  const target = clickTarget(data);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.location.origin));
  if (open) {
    await open.focus();
    try {
      await open.navigate?.(new URL(target, scope.location.origin).href);
      return;
    } catch {
      // A window the worker does not control cannot be navigated; a new one is opened instead.
    }
  }
  await scope.clients.openWindow(target);
}
