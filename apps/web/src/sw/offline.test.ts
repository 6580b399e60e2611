import { describe, expect, it, vi } from 'vitest';
import { dropOldShells, offlineAnswer, precacheShell, SHELL_PAGE, shellCacheName } from './offline';

const ORIGIN = 'https://app.example';
const PUBLIC_FILES = ['/manifest.webmanifest', '/icons/icon-192.png'];

/** CacheStorage in memory, keyed by path, as much of it as the worker uses. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const pathOf = (request: RequestInfo | URL) =>
    new URL(String(request instanceof Request ? request.url : request), ORIGIN).pathname;
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      async add(request: RequestInfo | URL) {
        const response = await fetchFromNetwork(new Request(new URL(pathOf(request), ORIGIN)));
        if (!response.ok) throw new TypeError(`bad response for ${pathOf(request)}`);
        entries.set(pathOf(request), response);
      },
      async put(request: RequestInfo | URL, response: Response) {
        entries.set(pathOf(request), response);
      },
    } as unknown as Cache;
  };
  let fetchFromNetwork: (request: Request) => Promise<Response> = async () => new Response('', { status: 404 });
  const caches = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: RequestInfo | URL, options?: MultiCacheQueryOptions) => {
      const store = options?.cacheName ? stores.get(options.cacheName) : undefined;
      return store?.get(pathOf(request))?.clone();
    },
  } as unknown as CacheStorage;
  return {
    caches,
    stores,
    network(fetcher: (request: Request) => Promise<Response>) {
      fetchFromNetwork = fetcher;
    },
  };
}

const navigation = (path: string) => {
  const request = new Request(`${ORIGIN}${path}`);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
};
const offline = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

describe('the offline shell', () => {
  it('keeps every shell file it can get at install, without failing on one that is missing', async () => {
    const memory = memoryCaches();
    memory.network(async (request) =>
      new URL(request.url).pathname === '/assets/gone.js' ? new Response('', { status: 404 }) : new Response('ok'),
    );
    const missing = await precacheShell(memory.caches, 'v1', ['/', '/assets/index-a1.js', '/assets/gone.js']);
    expect(missing).toBe(1);
    expect([...(memory.stores.get(shellCacheName('v1'))?.keys() ?? [])]).toEqual(['/', '/assets/index-a1.js']);
  });

  it("opens the app's page from the network while online, keeping it, and from the kept copy offline", async () => {
    const memory = memoryCaches();
    const online = vi.fn(async () => new Response('<title>new</title>'));
    const live = await offlineAnswer(navigation('/?from=home'), ORIGIN, memory.caches, online, 'v1', PUBLIC_FILES);
    expect(await live?.text()).toBe('<title>new</title>');
    expect(online).toHaveBeenCalledOnce();

    const kept = await offlineAnswer(navigation('/'), ORIGIN, memory.caches, offline, 'v1', PUBLIC_FILES);
    expect(await kept?.text()).toBe('<title>new</title>');
    // Another build's worker has no copy of its own yet: the network error stands.
    await expect(offlineAnswer(navigation('/'), ORIGIN, memory.caches, offline, 'v2', PUBLIC_FILES)).rejects.toThrow(
      'Failed to fetch',
    );
    expect(SHELL_PAGE).toBe('/');
  });

  it('answers hashed assets from the cache first and keeps those fetched later; public files from the network first', async () => {
    const memory = memoryCaches();
    const network = vi.fn(async (request: Request) => new Response(`net ${new URL(request.url).pathname}`));
    const asset = new Request(`${ORIGIN}/assets/ChatPage-h8.js`);
    expect(await (await offlineAnswer(asset, ORIGIN, memory.caches, network, 'v1', PUBLIC_FILES))?.text()).toBe(
      'net /assets/ChatPage-h8.js',
    );
    expect(await (await offlineAnswer(asset, ORIGIN, memory.caches, offline, 'v1', PUBLIC_FILES))?.text()).toBe(
      'net /assets/ChatPage-h8.js',
    );
    expect(network).toHaveBeenCalledOnce();

    const manifest = new Request(`${ORIGIN}/manifest.webmanifest`);
    await offlineAnswer(manifest, ORIGIN, memory.caches, network, 'v1', PUBLIC_FILES);
    await offlineAnswer(manifest, ORIGIN, memory.caches, network, 'v1', PUBLIC_FILES);
    expect(network).toHaveBeenCalledTimes(3);
    expect(await (await offlineAnswer(manifest, ORIGIN, memory.caches, offline, 'v1', PUBLIC_FILES))?.text()).toBe(
      'net /manifest.webmanifest',
    );
  });

  it('leaves calls, other pages, other sites and other files to the browser', () => {
    const memory = memoryCaches();
    const leave = (request: Request) =>
      offlineAnswer(request, ORIGIN, memory.caches, offline, 'v1', PUBLIC_FILES) === undefined;
    expect(leave(new Request(`${ORIGIN}/market/quotes.htmls`, { method: 'POST', body: 'groupId=0' }))).toBe(true);
    expect(leave(navigation('/console/'))).toBe(true);
    expect(leave(navigation('/docs'))).toBe(true);
    expect(leave(new Request(`${ORIGIN}/files/12`))).toBe(true);
    expect(leave(new Request('https://cdn.example/assets/x.js'))).toBe(true);
    // A fetch of the page that is not a navigation (the worker's own precache) is not intercepted either.
    expect(leave(new Request(`${ORIGIN}/`))).toBe(true);
  });

  it("drops earlier builds' shells when a new one activates, and nobody else's caches", async () => {
    const memory = memoryCaches();
    await memory.caches.open(shellCacheName('v1'));
    await memory.caches.open(shellCacheName('v2'));
    await memory.caches.open('someone-else');
    await dropOldShells(memory.caches, 'v2');
    expect(await memory.caches.keys()).toEqual([shellCacheName('v2'), 'someone-else']);
  });
});
