// Bundles the server into dist/main.js and its command line into dist/cli.js and copies the SQL migrations beside it.
// The shared package, drizzle-orm and zod are bundled in: they are hundreds of small ES modules, whose resolution
// and loading one by one took about as long as the rest of start-up. Other dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED_PACKAGES = ['drizzle-orm', 'zod'];
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every bare import but the bundled packages' (and the shared package's alias) to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@metal/') || BUNDLED_PACKAGES.includes(packageOf(path)) ? undefined : { path, external: true },
    );
  },
};

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  plugins: [externalPackages],
  alias: {
    '@metal/shared': '../../packages/shared/src/index.ts',
    // esbuild would otherwise extend the alias above to 'index.ts/regions'.
    '@metal/shared/regions': '../../packages/shared/src/helpers/regions.ts',
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/main.js, apps/server/dist/cli.js');
