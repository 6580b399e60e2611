// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built app, e.g.
// `node scripts/precompress.mjs apps/web/dist`. The server sends the copy the browser accepts
// (@fastify/static's preCompressed), so each file is compressed once, at the strongest levels, at
// build time instead of on every request. A copy that would not be smaller than its file is not kept.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Every file under `dir`, skipping dot-folders (Vite's .vite/manifest.json is not served). */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the copy, or removes a stale one left by an earlier build, when compressing does not pay. */
async function keepIfSmaller(path, original, compressed) {
  if (compressed.length < original.length) await writeFile(path, compressed);
  else await rm(path, { force: true });
  return compressed.length < original.length ? compressed.length : original.length;
}

async function precompress(file) {
  const original = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipped(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    size: original.length,
    br: await keepIfSmaller(`${file}.br`, original, br),
    gz: await keepIfSmaller(`${file}.gz`, original, gz),
  };
}

const dist = process.argv[2];
if (!dist || !(await stat(dist).catch(() => null))?.isDirectory()) {
  console.error('usage: node scripts/precompress.mjs <built app folder>');
  process.exit(2);
}
const todo = [];
for await (const file of files(dist)) if (COMPRESSIBLE.has(extname(file))) todo.push(file);
const totals = { files: todo.length, size: 0, br: 0, gz: 0 };
// A few at a time: zlib runs them on libuv's thread pool.
for (let start = 0; start < todo.length; start += 8) {
  for (const sizes of await Promise.all(todo.slice(start, start + 8).map(precompress))) {
    totals.size += sizes.size;
    totals.br += sizes.br;
    totals.gz += sizes.gz;
  }
}
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(
  `precompressed ${totals.files} files in ${relative(process.cwd(), dist) || '.'}: ${kb(totals.size)} → ` +
    `brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
