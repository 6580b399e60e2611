import { describe, expect, it } from 'vitest';
import {
  groupChunkKey,
  HOME_CHUNK_MODULES,
  HOME_CHUNK_NAME,
  homePreloadLinks,
  isHomeChunkModule,
  missingHomeModules,
} from './homeChunk';

const absolute = (module: string) => `/repo/apps/web/${module}`;

describe('the home chunk', () => {
  it('takes the home route modules by their path, on either path separator, and nothing that only shares a name', () => {
    for (const module of HOME_CHUNK_MODULES) {
      expect(isHomeChunkModule(absolute(module))).toBe(true);
      expect(isHomeChunkModule(`C:\\repo\\apps\\web\\${module.replaceAll('/', '\\')}`)).toBe(true);
    }
    expect(isHomeChunkModule(absolute('src/features/markets/components/MarketTab.tsx'))).toBe(false);
    expect(isHomeChunkModule(absolute('src/features/other/app/shell/RootPage.tsx.map'))).toBe(false);
  });

  it('names the modules a built chunk lacks, so a rename fails the build', () => {
    expect(missingHomeModules(HOME_CHUNK_MODULES.map(absolute))).toEqual([]);
    const renamed = HOME_CHUNK_MODULES.filter((module) => !module.endsWith('HomeTab.tsx')).map(absolute);
    expect(missingHomeModules(renamed)).toEqual(['src/features/home/components/HomeTab.tsx']);
  });

  it("finds a group's chunk in the manifest by its name, and fails on none or several", () => {
    const manifest = {
      'index.html': { name: 'index', isEntry: true },
      '_home-a1.js': { name: HOME_CHUNK_NAME },
      'src/features/chat/pages/ChatPage.tsx': { name: 'ChatPage' },
    };
    expect(groupChunkKey(manifest, HOME_CHUNK_NAME)).toBe('_home-a1.js');
    expect(() => groupChunkKey({ 'index.html': { isEntry: true } }, HOME_CHUNK_NAME)).toThrow(/found 0/);
    expect(() => groupChunkKey({ ...manifest, '_home-b2.js': { name: HOME_CHUNK_NAME } }, HOME_CHUNK_NAME)).toThrow(
      /found 2/,
    );
  });

  it("writes the links Vite's preload helper would add later, so the later requests find the cache", () => {
    expect(
      homePreloadLinks({ scripts: ['/assets/home-a1.js', '/assets/cards-b2.js'], styles: ['/assets/home-a1.css'] }),
    ).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/home-a1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/cards-b2.js">\n' +
        '    <link rel="preload" as="style" crossorigin href="/assets/home-a1.css">',
    );
  });
});
