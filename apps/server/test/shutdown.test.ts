import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './database';

const serverRoot = new URL('..', import.meta.url);
let dataDir = '';
// A second start, on a database already migrated (as a restart is): what this test is about is the stop.
beforeAll(async () => {
  dataDir = await migratedDataDir('metal-shutdown-');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** How long a start (compiling through tsx, the catch-up jobs) may take on a busy machine. */
const START_LIMIT_MS = 150_000;

describe('the server process', () => {
  it(
    'stops on SIGTERM with exit code 0, its jobs and listeners done before the database closes',
    async () => {
      // main.ts through tsx, so the test needs no build (CI runs the tests before building).
      const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      // PGlite's error print carries a line of its minified source: the end of the output is what tells.
      const tail = () => output.slice(-3000);
      server.stdout.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

      const started = Date.now();
      let healthy = false;
      while (!healthy && server.exitCode === null && Date.now() - started < START_LIMIT_MS) {
        const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
        if (port)
          healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!healthy) server.kill('SIGKILL');
      expect(healthy, tail()).toBe(true);

      // At once, while the jobs that catch up after a start are still running.
      server.kill('SIGTERM');
      expect(await exited, tail()).toBe(0);
      expect(output).not.toContain('PGlite is closed');
      expect(output).toContain('shutting down');
    },
    START_LIMIT_MS + 30_000,
  );
});
