// Reports the JavaScript a phone downloads to show the home route (`#/pages/root/root`, home tab),
// gzipped, and fails the build when it is over budget. Read from Vite's manifest, so it follows
// the real chunk graph: the entry and its static imports, plus the lazily loaded modules that
// home needs (the shell page and the home tab) and their static imports.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
/** Source modules loaded lazily on the way to the home tab, in order. */
const HOME_ROUTE_MODULES = ['src/app/shell/RootPage.tsx', 'src/features/home/components/HomeTab.tsx'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);

/** A chunk and everything it imports statically (dynamic imports load later, on demand). */
function collect(key, into) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest (was it renamed?)`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, into);
}

const files = new Set();
collect(entries[0][0], files);
const entryFiles = new Set(files);
for (const key of HOME_ROUTE_MODULES) {
  if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} should be a lazily loaded chunk`);
  collect(key, files);
}

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push({ file, gz, lazy: !entryFiles.has(file) });
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
for (const row of rows.sort((a, b) => b.gz - a.gz)) {
  console.log(`  ${kb(row.gz).padStart(6)} KB  ${row.file}${row.lazy ? '  (lazy)' : ''}`);
}
const over = total / 1000 > BUDGET_KB;
console.log(`home route initial JS: ${kb(total)} KB gzipped (budget ${BUDGET_KB} KB)${over ? ' — OVER BUDGET' : ''}`);
if (over) process.exit(1);
