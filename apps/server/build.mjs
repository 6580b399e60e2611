// Bundles the server into dist/main.js and its command line into dist/cli.js (the shared package is bundled in; other dependencies stay in
// node_modules) and copies the SQL migrations beside it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@metal/shared/regions': '../../packages/shared/src/helpers/regions.ts',
    '@metal/shared': '../../packages/shared/src/index.ts',
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/main.js, apps/server/dist/cli.js');
