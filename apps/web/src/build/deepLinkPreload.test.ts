// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { type BundleChunk, deepLinkPreloadScript, filesBeyondStartUp, pageFiles } from './deepLinkPreload';

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
