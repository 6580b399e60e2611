import { describe, expect, it } from 'vitest';
import { HOME_CHUNK_NAME } from './homeChunk';
import {
  htmlScripts,
  type ManifestChunk,
  SHELL_LAZY_MODULES,
  SHELL_PUBLIC_FILES,
  shellFiles,
  shellVersion,
} from './shellFiles';

const lazy = (file: string, imports: string[] = [], css: string[] = []): ManifestChunk => ({
  file,
  isDynamicEntry: true,
  imports,
  css,
});

/** A build manifest shaped like Vite's: an entry, shared chunks, the home chunk, the English texts and a page the shell does not need. */
function manifest(): Record<string, ManifestChunk> {
  return {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index-a1.css'] },
    '_vendor.js': { file: 'assets/vendor-b2.js' },
    '_cards.js': { file: 'assets/cards-c3.js', imports: ['_vendor.js'] },
    // The home chunk is a code-splitting group's chunk: keyed by its file, named by the group.
    '_home-d4.js': {
      file: 'assets/home-d4.js',
      name: HOME_CHUNK_NAME,
      imports: ['_cards.js'],
      css: ['assets/home-d4.css'],
    },
    [SHELL_LAZY_MODULES[0] as string]: lazy('assets/i18n-english-core-g7.js'),
    'src/features/chat/pages/ChatPage.tsx': lazy('assets/ChatPage-h8.js', ['_vendor.js']),
  };
}

describe('shellFiles', () => {
  it('lists the page, the start-up chunks, the home screen lazy chunks with their imports and styles, once each', () => {
    const files = shellFiles(manifest());
    expect(files[0]).toBe('/');
    expect(files).toEqual(
      expect.arrayContaining([
        '/assets/index-a1.js',
        '/assets/index-a1.css',
        '/assets/vendor-b2.js',
        '/assets/cards-c3.js',
        '/assets/home-d4.js',
        '/assets/home-d4.css',
        '/assets/i18n-english-core-g7.js',
        ...SHELL_PUBLIC_FILES,
      ]),
    );
    expect(files).not.toContain('/assets/ChatPage-h8.js');
    expect(new Set(files).size).toBe(files.length);
  });

  it('fails the build when a shell module is missing or no longer lazy (a renamed file would leave the shell incomplete)', () => {
    const renamed = manifest();
    delete renamed[SHELL_LAZY_MODULES[0] as string];
    expect(() => shellFiles(renamed)).toThrow(/i18n-english-core/);
    const eager = manifest();
    eager[SHELL_LAZY_MODULES[0] as string] = { file: 'assets/i18n-english-core-g7.js' };
    expect(() => shellFiles(eager)).toThrow(/lazily loaded/);
    const noHome = manifest();
    delete noHome['_home-d4.js'];
    expect(() => shellFiles(noHome)).toThrow(/one home chunk/);
    const twoEntries = { ...manifest(), 'other.html': { file: 'assets/other.js', isEntry: true } };
    expect(() => shellFiles(twoEntries)).toThrow(/one entry/);
  });

  it("keeps index.html's own scripts too, once each", () => {
    const html = `<head>
    <script async src="/assets/deep-link-1a.js"></script>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
    </head>`;
    expect(htmlScripts(html)).toEqual(['/assets/deep-link-1a.js', '/assets/index-a1.js']);
    const files = shellFiles(manifest(), htmlScripts(html));
    expect(files).toContain('/assets/deep-link-1a.js');
    expect(files.filter((file) => file === '/assets/index-a1.js')).toHaveLength(1);
  });

  it('names each list differently, so a new build caches its shell apart from the last', () => {
    const files = shellFiles(manifest());
    expect(shellVersion(files)).toBe(shellVersion([...files]));
    expect(shellVersion(files)).not.toBe(shellVersion([...files.slice(0, -1), '/assets/index-new.js']));
  });
});
