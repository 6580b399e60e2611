import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openPglite } from '../src/db/client';
import { newKeys } from '../src/platform/keys';

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'metal-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await openPglite(undefined);
  await database.migrate();
  app = await buildApp({ config: { ...loadConfig({}, []), webDist }, db: database.db, keys: newKeys(), logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('serves the built web app: index.html always fresh, hashed assets cached for a year', async () => {
  const index = await app.inject({ method: 'GET', url: '/' });
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<title>app</title>');
  expect(index.headers['cache-control']).toBe('no-cache');
  const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
});
