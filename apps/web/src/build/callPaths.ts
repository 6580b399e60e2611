// Build-time helper for vite.config.ts (never part of the app's bundle).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `quotes: contract({ path: 'market/quotes',` in a feature's calls.ts. */
const CONTRACT = /\b(\w+): contract\(\{\s*path: '([^']+)'/g;

/**
 * Every call's name and path, read from the shared package's `<feature>/calls.ts` files (the web
 * build's stand-in for the catalogue: see `callPathsModule`).
 */
export function readCallPaths(sharedSrc: string): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const entry of readdirSync(sharedSrc, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let source: string;
    try {
      source = readFileSync(join(sharedSrc, entry.name, 'calls.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const [, name, path] of source.matchAll(CONTRACT)) if (name && path) paths[name] = path;
  }
  return paths;
}

/**
 * The shared `calls.ts` as the web app's build sees it: `Calls` with each call's path only. The web app
 * sends a call by its path and validates nothing at run time (the server does; forms import the
 * schemas they check), so the contracts' zod schemas need not travel with every page that makes a
 * call: pages without a form then load neither the catalogue's schemas nor zod. Types still come from
 * the real module (type checking reads the source, not the build).
 */
export function callPathsModule(sharedSrc: string): string {
  const entries = Object.entries(readCallPaths(sharedSrc)).map(
    ([name, path]) => `  ${JSON.stringify(name)}: { path: ${JSON.stringify(path)} },`,
  );
  return `export const Calls = {\n${entries.join('\n')}\n};\n`;
}
