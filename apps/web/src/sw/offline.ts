/**
 * The offline half of the service worker: at install it keeps the app shell (build/shellFiles.ts: the
 * page, the home screen's chunks, the manifest and icons) in a cache named by the build; the app's page
 * is asked of the network first and answered from that cache when the network is gone, so a phone
 * without signal still opens the app (which then shows the last quotes it saw: features/markets/lastQuotes.ts).
 * Content-hashed assets never change, so they are answered from the cache first and kept as they are
 * fetched (pages visited online open offline later; the cache goes with its build). Calls (`*.htmls`, POST) are never touched.
 */

/** The caches this worker owns start with this, so it never deletes anyone else's. */
const CACHE_PREFIX = 'metal-shell-';
/** The key the app's page (index.html) is kept under. */
export const SHELL_PAGE = '/';

export const shellCacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/**
 * Keeps every shell file it can get. Each file on its own, never failing the install: the worker also
 * delivers pushes, which must not wait for a flaky network; what is missing is kept when next fetched.
 * The page has just loaded these files, so most come from the HTTP cache (the page revalidated by ETag).
 */
export async function precacheShell(caches: CacheStorage, version: string, files: readonly string[]) {
  const cache = await caches.open(shellCacheName(version));
  const results = await Promise.allSettled(files.map((file) => cache.add(file)));
  return results.filter((result) => result.status === 'rejected').length;
}

/** Removes the shells of earlier builds once this one is active. */
export async function dropOldShells(caches: CacheStorage, version: string) {
  const current = shellCacheName(version);
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current).map((name) => caches.delete(name)),
  );
}

type Fetch = (request: Request) => Promise<Response>;

/** The app's page: a navigation to the site root (every route is behind the hash). */
function isAppPage(request: Request, url: URL) {
  return request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html');
}

/** The network's answer, a copy kept under `key`; the kept copy when the network cannot answer. */
async function networkFirst(request: Request, key: string, cacheName: string, caches: CacheStorage, fetch: Fetch) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(cacheName)).put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName });
    if (kept) return kept;
    throw error;
  }
}

/** The kept copy; else the network's answer, kept (for files whose content never changes under their name). */
async function cacheFirst(request: Request, key: string, cacheName: string, caches: CacheStorage, fetch: Fetch) {
  const kept = await caches.match(key, { cacheName });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(cacheName)).put(key, response.clone());
  return response;
}

/**
 * The answer to a request the worker takes on, or undefined to leave it to the browser: the app's
 * page and the shell's public files (manifest, icons) from the network, else the kept copy, so an
 * online launch is always the newest; content-hashed assets from the cache, else the network.
 */
export function offlineAnswer(
  request: Request,
  origin: string,
  caches: CacheStorage,
  fetch: Fetch,
  version: string,
  shellPublicFiles: readonly string[],
): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== origin) return undefined;
  const cacheName = shellCacheName(version);
  if (isAppPage(request, url)) return networkFirst(request, SHELL_PAGE, cacheName, caches, fetch);
  if (shellPublicFiles.includes(url.pathname)) return networkFirst(request, url.pathname, cacheName, caches, fetch);
  if (url.pathname.startsWith('/assets/')) return cacheFirst(request, url.pathname, cacheName, caches, fetch);
  return undefined;
}
