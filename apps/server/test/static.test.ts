import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { newKeys } from '../src/platform/keys';
import { openTestDatabase } from './database';

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let consoleDist: string;

/** A built app as Vite leaves it: index.html and a content-hashed asset. */
function builtApp(title: string, asset: string) {
  const dist = mkdtempSync(join(tmpdir(), 'metal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(join(dist, 'assets', asset), `console.log('${title}')`);
  return dist;
}

beforeAll(async () => {
  const webDist = builtApp('app', 'index-abc123.js');
  consoleDist = builtApp('console', 'index-def456.js');
  database = await openTestDatabase();
  app = await buildApp({
    config: { ...loadConfig({ RATE_LIMIT_PER_MINUTE: '5' }, []), webDist, consoleDist },
    db: database.db,
    keys: newKeys(),
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('static files', () => {
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

  it("serves the operators' console under /console/ by the same cache rules, beside the web app", async () => {
    const index = await app.inject({ method: 'GET', url: '/console/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>console</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await app.inject({ method: 'GET', url: '/console/assets/index-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/console/assets/index-abc123.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/index-def456.js' })).statusCode).toBe(404);
  });

  it('answers /console as /console/ (the console links its assets by absolute path)', async () => {
    const bare = await app.inject({ method: 'GET', url: '/console' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<title>console</title>');
    expect(bare.headers['cache-control']).toBe('no-cache');
  });

  it('serves a console rebuilt while the server runs (new hashed assets, new index.html)', async () => {
    writeFileSync(join(consoleDist, 'assets', 'index-new789.js'), "console.log('rebuilt')");
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>console rebuilt</title>');
    expect((await app.inject({ method: 'GET', url: '/console/assets/index-new789.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/console/' })).body).toContain('console rebuilt');
  });

  it('does not count page loads against the call rate limit, which still guards the calls', async () => {
    const ip = '10.9.8.7';
    for (let i = 0; i < 12; i++) {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', remoteAddress: ip });
      expect(asset.statusCode).toBe(200);
    }
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const call = await app.inject({ method: 'POST', url: '/user/info.htmls', payload: {}, remoteAddress: ip });
      codes.push(call.json<{ codeFlag: number }>().codeFlag);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 6]);
  });
});
