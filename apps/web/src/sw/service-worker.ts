/**
 * The service worker, built on its own to /sw.js (vite.config.ts) and registered at start-up
 * (registerWorker.ts; features/push registers the same script): it keeps the app shell for offline
 * launches (offline.ts) and shows pushed notifications and opens the app where a click leads.
 */
import { handleNotificationClick, handlePush, type WorkerScope } from '../features/push/sw-handlers';
import { dropOldShells, offlineAnswer, precacheShell } from './offline';

/** Written by the build from Vite's manifest (build/shellFiles.ts): the shell's URLs and their version. */
declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;
declare const __SHELL_PUBLIC_FILES__: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
declare const self: WorkerScope & {
  caches: CacheStorage;
  fetch(request: Request): Promise<Response>;
  skipWaiting(): Promise<void>;
  clients: WorkerScope['clients'] & { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
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

// A new worker takes over at once, so a click is handled by the current code and the page is served
// with the current build's shell.
self.addEventListener('install', (event) =>
  event.waitUntil(precacheShell(self.caches, __SHELL_VERSION__, __SHELL_FILES__).then(() => self.skipWaiting())),
);
self.addEventListener('activate', (event) =>
  event.waitUntil(dropOldShells(self.caches, __SHELL_VERSION__).then(() => self.clients.claim())),
);
self.addEventListener('fetch', (event) => {
  const answer = offlineAnswer(
    event.request,
    self.location.origin,
    self.caches,
    (request) => self.fetch(request),
    __SHELL_VERSION__,
    __SHELL_PUBLIC_FILES__,
  );
  if (answer) event.respondWith(answer);
});
self.addEventListener('push', (event) => event.waitUntil(handlePush(self, readJson(event.data))));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(handleNotificationClick(self, event.notification.data));
});
