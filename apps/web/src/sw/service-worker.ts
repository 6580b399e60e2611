/**
 * The service worker, built on its own to /sw.js (vite.config.ts) and registered lazily by
 * features/push: it shows pushed notifications and opens the app where a click leads.
 */
import { handleNotificationClick, handlePush, type WorkerScope } from '../features/push/sw-handlers';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
declare const self: WorkerScope & {
  skipWaiting(): Promise<void>;
  clients: WorkerScope['clients'] & { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

const readJson = (data: PushEvent['data']) => {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
};

// A new worker takes over at once, so a click is handled by the current code.
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => event.waitUntil(handlePush(self, readJson(event.data))));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(handleNotificationClick(self, event.notification.data));
});
