import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStorage, isStorageKey, LocalStorage } from './storage';
import { S3Storage } from './storage-s3';

const root = mkdtempSync(join(tmpdir(), 'metal-storage-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('LocalStorage', () => {
  const storage = new LocalStorage(root);

  it('puts, reads back as a stream, says it exists, and deletes', async () => {
    await storage.put('images/7/2026-11/a1.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(readFileSync(join(root, 'images', '7', '2026-11', 'a1.jpg'), 'utf8')).toBe('jpeg bytes');
    const object = await storage.get('images/7/2026-11/a1.jpg');
    expect(object?.size).toBe(10);
    expect(await text(object!.body)).toBe('jpeg bytes');
    expect(await storage.exists('images/7/2026-11/a1.jpg')).toBe(true);

    await storage.delete('images/7/2026-11/a1.jpg');
    expect(await storage.exists('images/7/2026-11/a1.jpg')).toBe(false);
    expect(await storage.get('images/7/2026-11/a1.jpg')).toBeNull();
    await expect(storage.delete('images/7/2026-11/a1.jpg')).resolves.toBeUndefined();
  });

  it('replaces an object whole and leaves no partial files behind', async () => {
    await storage.put('licences/3/x.png', Buffer.from('first'), 'image/png');
    await storage.put('licences/3/x.png', Buffer.from('second'), 'image/png');
    expect(await text((await storage.get('licences/3/x.png'))!.body)).toBe('second');
    expect(readdirSync(join(root, 'licences', '3'))).toEqual(['x.png']);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', 'images/../../x', '/abs/path', 'a//b', '.hidden', 'a/.b', '', 'a b', 'a\\b']) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('createStorage', () => {
  it('uses DATA_DIR/files by default and S3 when configured, with every S3 setting required', () => {
    const local = loadConfig({ DATA_DIR: '/srv/metal' }, []);
    expect(local.storage).toEqual({ kind: 'local', root: '/srv/metal/files' });
    expect(createStorage(local.storage)).toBeInstanceOf(LocalStorage);

    const s3 = loadConfig(
      {
        STORAGE: 's3',
        S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
        S3_REGION: 'cn-hangzhou',
        S3_BUCKET: 'metal-files',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      [],
    );
    expect(s3.storage).toMatchObject({ kind: 's3', s3: { bucket: 'metal-files', forcePathStyle: false } });
    expect(createStorage(s3.storage)).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' }, [])).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 'ftp' }, [])).toThrow(/STORAGE/);
  });
});
