// Build-time helper for vite.config.ts (never part of the app's bundle).

/** What the plugin reads of a bundle's chunk (Rolldown's output chunk, with Vite's CSS metadata). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  /** The chunk's name: a code-splitting group's name for a chunk built from a group. */
  name?: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Everything a chunk loads with it: itself and its static imports, recursively, by file name. */
function closure(chunks: Map<string, BundleChunk>, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const imported of chunks.get(start)?.imports ?? []) closure(chunks, imported, into);
  return into;
}

/**
 * The files a chunk needs beyond what the start-up chunk already brings (scripts, itself first, and
 * styles, root-relative), read from the bundle so they follow the real chunk graph.
 */
export function filesBeyondStartUp(
  chunks: readonly BundleChunk[],
  chunk: BundleChunk,
): { scripts: string[]; styles: string[] } {
  const byName = new Map(chunks.map((item) => [item.fileName, item]));
  const entries = chunks.filter((item) => item.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const startUp = closure(byName, (entries[0] as BundleChunk).fileName);
  const startUpStyles = new Set(
    [...startUp].flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]),
  );
  const scripts = [...closure(byName, chunk.fileName)].filter((file) => !startUp.has(file));
  const styles = [
    ...new Set(scripts.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])])),
  ].filter((file) => !startUpStyles.has(file));
  return { scripts: scripts.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
}

/** The files a page's chunk needs beyond what the start-up chunk already brings (filesBeyondStartUp). */
export function pageFiles(chunks: readonly BundleChunk[], pageModule: string): { scripts: string[]; styles: string[] } {
  const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(pageModule));
  if (!page) throw new Error(`${pageModule} is not a chunk of its own (is it still loaded lazily?)`);
  return filesBeyondStartUp(chunks, page);
}

/**
 * A small script for index.html that, when the app is opened on `route` (a hash path), asks at once for
 * that page's files, while the start-up chunk still downloads: otherwise the page's files would be
 * asked for only once the start-up code has arrived and run. The links are the ones Vite's preload
 * helper would add later (modulepreload with crossorigin, stylesheet preloads), so it finds them there.
 */
export function deepLinkPreloadScript(route: string, files: { scripts: string[]; styles: string[] }): string {
  const pattern = `^#${route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\?|$)`;
  return `(()=>{if(!new RegExp(${JSON.stringify(pattern)}).test(location.hash))return;const add=(rel,href,as)=>{const link=document.createElement('link');link.rel=rel;link.href=href;link.crossOrigin='';if(as)link.as=as;document.head.appendChild(link)};for(const href of ${JSON.stringify(files.styles)})add('preload',href,'style');for(const href of ${JSON.stringify(files.scripts)})add('modulepreload',href)})();\n`;
}
