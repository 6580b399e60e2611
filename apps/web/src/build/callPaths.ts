// Build-time helper for vite.config.ts (never part of the app's bundle).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `quotes: contract({ path: 'market/quotes',` in a feature's calls.ts. */
const CONTRACT = /\b(\w+): contract\(\{\s*path: '([^']+)'/g;
/** `permission: 'stock',` among a contract's fields (before its summary, which is free text). */
const PERMISSION = /^\s*permission: '(\w+)',/m;

/** What the web app reads of a call at run time: its path, and the permission an employee needs for it. */
export interface CallStandIn {
  path: string;
  permission?: string;
}

/**
 * Every call's name, path and permission, read from the shared package's `<feature>/calls.ts` files (the
 * web build's stand-in for the catalogue: see `callPathsModule`).
 */
export function readCallPaths(sharedSrc: string): Record<string, CallStandIn> {
  const calls: Record<string, CallStandIn> = {};
  for (const entry of readdirSync(sharedSrc, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let source: string;
    try {
      source = readFileSync(join(sharedSrc, entry.name, 'calls.ts'), 'utf8');
    } catch {
      continue;
    }
    const found = [...source.matchAll(CONTRACT)];
    found.forEach(([, name, path], index) => {
      if (!name || !path) return;
      const start = found[index]?.index ?? 0;
      const fields = source.slice(start, found[index + 1]?.index ?? source.length);
      const summaryAt = fields.search(/^\s*summary:/m);
      const permission = PERMISSION.exec(summaryAt < 0 ? fields : fields.slice(0, summaryAt))?.[1];
      calls[name] = permission ? { path, permission } : { path };
    });
  }
  return calls;
}

/**
 * The shared `calls.ts` as the web app's build sees it: `Calls` with each call's path and permission only.
 * The web app sends a call by its path and validates nothing at run time (the server does; forms import
 * the schemas they check), and hides what a call's permission does not allow (staff/useCan.ts), so the
 * contracts' zod schemas need not travel with every page that makes a call: pages without a form then
 * load neither the catalogue's schemas nor zod. Types still come from the real module (type checking
 * reads the source, not the build).
 */
export function callPathsModule(sharedSrc: string): string {
  const entries = Object.entries(readCallPaths(sharedSrc)).map(
    ([name, call]) => `  ${JSON.stringify(name)}: ${JSON.stringify(call)},`,
  );
  return `export const Calls = {\n${entries.join('\n')}\n};\n`;
}
