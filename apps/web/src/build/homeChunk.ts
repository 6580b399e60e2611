// Build-time helper for vite.config.ts, the service worker's shell list and scripts/report-size.mjs
// (never part of the app's bundle).

/**
 * The home route's lazily loaded modules travel as one chunk, with whatever they import that the
 * start-up chunk does not hold. Left to itself the bundler cut them into some thirty files of a few
 * hundred bytes each (every icon, formatter and card a lazy page also uses apart); on a phone network
 * each file costs a round trip on one of six connections, and the home screen waited a second for them.
 */
export const HOME_CHUNK_NAME = 'home';

/**
 * The modules the home tab's first screen loads lazily (app/preloadStart.ts starts them at launch); the
 * chunk takes what they import besides, the home tab's quotes and onboarding cards among it.
 */
export const HOME_CHUNK_MODULES = ['src/app/shell/RootPage.tsx', 'src/features/home/components/HomeTab.tsx'];

const endsWithModule = (id: string, module: string) => id.replaceAll('\\', '/').endsWith(`/${module}`);

/** Whether a module id (an absolute path) is one of the home chunk's modules. */
export function isHomeChunkModule(id: string): boolean {
  return HOME_CHUNK_MODULES.some((module) => endsWithModule(id, module));
}

/** The home chunk's modules that a built chunk holding `moduleIds` lacks (a rename leaves one out). */
export function missingHomeModules(moduleIds: readonly string[]): string[] {
  return HOME_CHUNK_MODULES.filter((module) => !moduleIds.some((id) => endsWithModule(id, module)));
}

/**
 * index.html links that fetch the home chunk's files beside the start-up chunk instead of once the
 * start-up code has run: the same requests Vite's preload helper makes later (modulepreload, style
 * preload, both crossorigin), so it finds them in the cache. Every launch needs the chunk soon: it
 * also holds what other pages share with home.
 */
export function homePreloadLinks(files: { scripts: readonly string[]; styles: readonly string[] }): string {
  return [
    ...files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('\n    ');
}

/**
 * The key of the chunk a code-splitting group built under `name` in Vite's build manifest
 * (`.vite/manifest.json`), where such a chunk is keyed by its file rather than by a source module.
 */
export function groupChunkKey(manifest: Record<string, { name?: string; isEntry?: boolean }>, name: string): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name && !manifest[key]?.isEntry);
  if (keys.length !== 1) throw new Error(`expected one ${name} chunk in the build manifest, found ${keys.length}`);
  return keys[0] as string;
}
