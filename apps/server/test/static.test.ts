import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { newKeys } from '../src/platform/keys';
import { openTestDatabase } from './database';

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let consoleDist: string;

/** The web app's start-up script in the built app below, long enough for compression to pay. */
const APP_SCRIPT = `console.log('app');\n${'export const row = { alias: "A00", price: 20000 };\n'.repeat(60)}`;

/** A file of a built app with the brotli and gzip copies scripts/precompress.mjs writes beside it. */
function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

/** The web app manifest as public/manifest.webmanifest has it, long enough to be precompressed. */
const MANIFEST = JSON.stringify({
  name: '有色汇 Metal Market',
  short_name: '有色汇',
  start_url: '/',
  display: 'standalone',
});

/** A built app as the build leaves it: index.html, a content-hashed asset, the service worker, the manifest. */
function builtApp(title: string, asset: string, script = `console.log('${title}')`) {
  const dist = mkdtempSync(join(tmpdir(), 'metal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeWithCopies(join(dist, 'assets', asset), script);
  writeWithCopies(join(dist, 'sw.js'), `self.addEventListener('push', () => {});`);
  writeWithCopies(join(dist, 'manifest.webmanifest'), MANIFEST);
  // Too small to be worth a compressed copy.
  writeFileSync(join(dist, 'assets', `small-${asset}`), '1');
  return dist;
}

beforeAll(async () => {
  const webDist = builtApp('app', 'index-abc123.js', APP_SCRIPT);
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

  it('sends the brotli copy to browsers that accept it, else the gzip copy, else the file itself', async () => {
    const url = '/assets/index-abc123.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(APP_SCRIPT.length / 5);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_SCRIPT);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);
    const refused = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(APP_SCRIPT);
  });

  it('sends a file without compressed copies as it is, without compressing it per request', async () => {
    const small = await app.inject({
      method: 'GET',
      url: '/assets/small-index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('1');
  });

  it('has index.html and the service worker revalidated by ETag, in whichever encoding was sent', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/console/']) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const headers = encoding ? { 'accept-encoding': encoding } : {};
        const first = await app.inject({ method: 'GET', url, headers });
        expect(first.statusCode, `${url} ${encoding}`).toBe(200);
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(first.headers['cache-control']).toBe('no-cache');
        const etag = first.headers.etag;
        expect(etag).toBeTruthy();
        const again = await app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': String(etag) } });
        expect(again.statusCode, `${url} ${encoding} revalidated`).toBe(304);
      }
    }
  });

  it('serves the web app manifest as application/manifest+json, revalidated (a new icon or name shows at once)', async () => {
    for (const encoding of ['br', undefined]) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json(;|$)/);
      expect(manifest.headers['content-encoding']).toBe(encoding);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const body = encoding ? brotliDecompressSync(manifest.rawPayload).toString() : manifest.body;
      expect(JSON.parse(body)).toMatchObject({ short_name: '有色汇', display: 'standalone' });
      const again = await app.inject({
        method: 'GET',
        url: '/manifest.webmanifest',
        headers: { ...headers, 'if-none-match': String(manifest.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('compresses API answers above 1 KB by Accept-Encoding, and leaves small ones as they are', async () => {
    const big = await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const gzip = await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
    const plain = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(document);

    const small = await app.inject({
      method: 'POST',
      url: '/user/info.htmls',
      payload: {},
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json<{ codeFlag: number }>().codeFlag).toBe(CodeFlag.ok);
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
