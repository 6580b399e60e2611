import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/src/build/preactAliases';

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default keeps a core for its main process, which on a 2-core machine runs one test file at
    // a time; the main process is mostly idle once the files are transformed, so each core runs a worker.
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/*/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Migrates once per run into the database every test file copies (apps/server/test/database.ts).
          globalSetup: ['apps/server/test/database.setup.ts'],
          // Each file builds its own app on its own database and nothing is mocked, so a worker keeps the
          // modules it loaded (the server, its schemas, PGlite's WebAssembly) for the next file: loading them
          // afresh per file was two thirds of the server tests' time.
          isolate: false,
        },
      },
      // The web app's test files each run in a fresh VM context inside worker threads that serve many
      // files, sparing a process start and most of the DOM set-up per file (about a third of their CPU).
      {
        extends: true,
        // Preact as the build has it (src/build/preactAliases.ts), and libraries' browser ES builds as the
        // build picks them: their Node builds are CommonJS, which Node would load with React itself.
        resolve: {
          alias: PREACT_ALIASES,
          conditions: ['module', 'browser', 'development'],
          mainFields: ['module', 'browser', 'main'],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          pool: 'vmThreads',
          setupFiles: ['apps/web/src/test/noReact.ts'],
          server: { deps: { inline: true } },
          // staged-components (antd-mobile's Swiper) is CommonJS only: Vite's optimizer bundles it with the aliases.
          deps: { optimizer: { client: { enabled: true, include: ['staged-components'] } } },
        },
      },
      // The console's antd forms schedule work on MessageChannel, which a VM context's DOM lacks.
      { extends: true, test: { name: 'console', include: ['apps/console/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
