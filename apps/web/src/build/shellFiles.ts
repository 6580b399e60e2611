import { groupChunkKey, HOME_CHUNK_NAME } from './homeChunk';

/**
 * The app shell the service worker keeps for offline launches (sw/offline.ts): index.html, the start-up
 * chunk with everything it imports, the home chunk the home tab's first screen loads lazily
 * (app/preloadStart.ts, build/homeChunk.ts) and the English start-up texts, each with its static imports and styles, read
 * from Vite's build manifest so the list follows the real chunk graph. The files a home-screen launch
 * shows besides (manifest, icons) come along.
 */

/** One entry of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: a code-splitting group's name for a chunk built from a group. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Source modules loaded lazily on the way to the home tab's first screen besides the home chunk, in either language. */
export const SHELL_LAZY_MODULES = ['src/lib/i18n-english-core.ts'];

/** Files of public/ the installed app shows without asking the network. */
export const SHELL_PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

/** The root-relative scripts index.html names (`<script src>`), the entry among them. */
export function htmlScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\ssrc="(\/[^"]+)"/g)].map((match) => match[1] as string);
}

/**
 * Root-relative URLs to precache, the shell's page ('/') first; `htmlFiles` are index.html's own
 * scripts outside the chunk graph (htmlScripts).
 */
export function shellFiles(manifest: Record<string, ManifestChunk>, htmlFiles: readonly string[] = []): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed?)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(entries[0] as string);
  collect(groupChunkKey(manifest, HOME_CHUNK_NAME));
  for (const key of SHELL_LAZY_MODULES) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} should be a lazily loaded chunk`);
    collect(key);
  }
  const chunkFiles = [...files].map((file) => `/${file}`);
  return ['/', ...new Set([...chunkFiles, ...htmlFiles]), ...SHELL_PUBLIC_FILES];
}

/** A short name for this list: the worker's cache is named by it, so a new build starts a new cache. */
export function shellVersion(files: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of files.join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
