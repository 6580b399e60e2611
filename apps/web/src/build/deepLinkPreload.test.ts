// @vitest-environment happy-dom
import { CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCHED_CALL_GLOBAL } from '../lib/prefetchedCall';
import { StorageKeys } from '../lib/storageKeys';
import {
  type BundleChunk,
  deepLinkPreloadScript,
  filesBeyondStartUp,
  pageFiles,
  STOCK_DETAIL_CALL,
} from './deepLinkPreload';

const chunk = (fileName: string, imports: string[] = [], css: string[] = [], over: Partial<BundleChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports,
    viteMetadata: { importedCss: new Set(css) },
    ...over,
  }) satisfies BundleChunk;

/** A bundle shaped like the app's: the start-up chunk, a page with its own and shared chunks, another page. */
const bundle = [
  chunk('assets/index-a1.js', ['assets/runtime-b2.js'], ['assets/index-a1.css'], {
    isEntry: true,
    facadeModuleId: '/repo/apps/web/index.html',
  }),
  chunk('assets/runtime-b2.js'),
  chunk(
    'assets/StockDetailPage-c3.js',
    ['assets/index-a1.js', 'assets/Page-d4.js', 'assets/icon-e5.js'],
    ['assets/stocks-c3.css'],
    {
      facadeModuleId: '/repo/apps/web/src/features/stocks/pages/StockDetailPage.tsx',
    },
  ),
  chunk('assets/Page-d4.js', ['assets/runtime-b2.js'], ['assets/Page-d4.css']),
  chunk('assets/icon-e5.js'),
  chunk('assets/ChatPage-f6.js', ['assets/Page-d4.js'], [], {
    facadeModuleId: '/repo/apps/web/src/features/chat/pages/ChatPage.tsx',
  }),
];
const PAGE = 'src/features/stocks/pages/StockDetailPage.tsx';

afterEach(() => {
  document.head.innerHTML = '';
  window.location.hash = '';
});

describe('pageFiles', () => {
  it("lists the page's chunk, its imports and their styles, without what the start-up chunk brings", () => {
    expect(pageFiles(bundle, PAGE)).toEqual({
      scripts: ['/assets/StockDetailPage-c3.js', '/assets/Page-d4.js', '/assets/icon-e5.js'],
      styles: ['/assets/stocks-c3.css', '/assets/Page-d4.css'],
    });
  });

  it('fails the build when the page is no chunk of its own, or the entry is not one chunk', () => {
    expect(() => pageFiles(bundle, 'src/features/stocks/pages/Gone.tsx')).toThrow(/Gone\.tsx/);
    expect(() => pageFiles([...bundle, chunk('assets/other.js', [], [], { isEntry: true })], PAGE)).toThrow(
      /one entry/,
    );
  });
});

describe('filesBeyondStartUp', () => {
  it("lists any chunk's files the start-up chunk does not bring, the chunk first", () => {
    const shared = bundle.find((item) => item.fileName === 'assets/Page-d4.js') as BundleChunk;
    expect(filesBeyondStartUp(bundle, shared)).toEqual({
      scripts: ['/assets/Page-d4.js'],
      styles: ['/assets/Page-d4.css'],
    });
  });
});

describe('deepLinkPreloadScript', () => {
  const run = (hash: string) => {
    window.location.hash = hash;
    // The script as index.html loads it: the same text, run in the page.
    new Function(deepLinkPreloadScript('/pages/stock_detail/stock_detail', pageFiles(bundle, PAGE)))();
    return [...document.head.querySelectorAll('link')].map((link) => [
      link.getAttribute('rel'),
      link.getAttribute('href'),
      link.getAttribute('as'),
      link.getAttribute('crossorigin'),
    ]);
  };

  it("asks for the page's files on a link to it, as Vite's preload helper would (so it finds them there)", () => {
    expect(run('#/pages/stock_detail/stock_detail?id=31')).toEqual([
      ['preload', '/assets/stocks-c3.css', 'style', ''],
      ['preload', '/assets/Page-d4.css', 'style', ''],
      ['modulepreload', '/assets/StockDetailPage-c3.js', null, ''],
      ['modulepreload', '/assets/Page-d4.js', null, ''],
      ['modulepreload', '/assets/icon-e5.js', null, ''],
    ]);
  });

  it('asks for nothing on other launches', () => {
    for (const hash of ['', '#/', '#/pages/root/root?tab=home', '#/pages/stock_detail/stock_detail_more?id=1']) {
      expect(run(hash)).toEqual([]);
    }
  });
});

describe('the listing a deep link asks for at once', () => {
  const ROUTE = '/pages/stock_detail/stock_detail';
  const listing = { id: 31, productName: '铝锭' };
  let requests: { url: string; body: string }[];
  const slots = window as unknown as Record<string, unknown>;

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push({ url: String(url), body: String(init.body) });
        return new Response(JSON.stringify({ codeFlag: CodeFlag.ok, mesg: '', data: listing }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    delete slots[PREFETCHED_CALL_GLOBAL];
    localStorage.clear();
    // Each case loads the app's modules afresh, as a launch does, after its storage is set.
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** index.html's script, run on a launch with this hash. */
  const script = (hash: string) => {
    window.location.hash = hash;
    new Function(deepLinkPreloadScript(ROUTE, pageFiles(bundle, PAGE), STOCK_DETAIL_CALL))();
  };
  /** The app's code arriving and asking for the listing as its start-up does. */
  const appAsks = async (id: number) => {
    const { callApi } = await import('../lib/api');
    const { stockDetailCall } = await import('../features/stocks/detail.api');
    return callApi(stockDetailCall, { id }, { needLogin: false });
  };
  const session = { account: '13800000001', rootId: 7, userId: 7, sessionId: 's3cr3t', lastLoginDate: '2026-11-27' };

  it('is the call the app then makes, taken instead of asking again, whatever the stored session and language', async () => {
    const launches: Record<string, string | null>[] = [
      {},
      { [StorageKeys.session]: JSON.stringify(session) },
      { [StorageKeys.session]: JSON.stringify(session), [StorageKeys.language]: 'en-US' },
      { [StorageKeys.language]: 'zh-CN' },
      { [StorageKeys.language]: '' },
      { [StorageKeys.session]: '{not json' },
      { [StorageKeys.session]: JSON.stringify({ ...session, lastLoginDate: undefined }) },
      { [StorageKeys.session]: JSON.stringify([session]) },
    ];
    for (const stored of launches) {
      requests = [];
      delete slots[PREFETCHED_CALL_GLOBAL];
      localStorage.clear();
      vi.resetModules();
      for (const [key, value] of Object.entries(stored)) if (value !== null) localStorage.setItem(key, value);
      script('#/pages/stock_detail/stock_detail?id=31');
      expect(requests, JSON.stringify(stored)).toHaveLength(1);
      await expect(appAsks(31)).resolves.toEqual(listing);
      expect(requests, JSON.stringify(stored)).toHaveLength(1);
    }
    // The session rides in the form, never in the URL.
    expect(requests[0]?.url).toBe('/stock/detail.htmls');
  });

  it("sends the stored session and language as the app's client does", async () => {
    localStorage.setItem(StorageKeys.session, JSON.stringify(session));
    localStorage.setItem(StorageKeys.language, 'en-US');
    script('#/pages/stock_detail/stock_detail?id=31');
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
      id: '31',
      session_id: 's3cr3t',
      platform: '5',
      openId: '',
      lang: 'en-US',
    });
  });

  it('asks nothing when it cannot be sure of the same request, and the app asks for itself', async () => {
    localStorage.setItem(StorageKeys.language, 'en');
    script('#/pages/stock_detail/stock_detail?id=31');
    expect(requests).toHaveLength(0);
    await expect(appAsks(31)).resolves.toEqual(listing);
    expect(new URLSearchParams(requests[0]?.body).get('lang')).toBe('en-US');
  });

  it('asks nothing once the app runs (it asks for itself), nor for a link without a listing id', async () => {
    for (const hash of ['#/pages/stock_detail/stock_detail', '#/pages/stock_detail/stock_detail?id=abc', '#/']) {
      script(hash);
      expect(requests, hash).toHaveLength(0);
    }
    await import('../lib/api');
    script('#/pages/stock_detail/stock_detail?id=31');
    expect(requests).toHaveLength(0);
  });

  it('is not taken for another request: the app asks for what it wants', async () => {
    script('#/pages/stock_detail/stock_detail?id=31');
    await expect(appAsks(32)).resolves.toEqual(listing);
    expect(requests.map((request) => new URLSearchParams(request.body).get('id'))).toEqual(['31', '32']);
  });
});
