import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { S3Storage } from './storage-s3';

/** An object read back from storage: its bytes as a stream, and how many there are. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live (DESIGN: object storage, local disk by default, S3-compatible by config).
 * Keys are relative paths such as `images/12/2026-11/ab12….jpg`; what a key may hold is checked by
 * `assertStorageKey`, so no key can reach outside its store.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Letters, digits, `_ . -` in `/`-separated segments; no segment starts with a dot (so no `..`). */
export function isStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under a folder of the local disk (`DATA_DIR/files` by default), one file per key. */
export class LocalStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }

  /** The content type is the files table's to keep; a file on disk is just its bytes. */
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file, and a crash leaves no truncated object.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, body, { mode: 0o640 });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** The storage the configuration names. */
export function createStorage(config: Config['storage']): ObjectStorage {
  return config.kind === 's3' ? new S3Storage(config.s3) : new LocalStorage(config.root);
}
