import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKeys, newKey } from './keys';

const freshDir = () => mkdtempSync(join(tmpdir(), 'metal-keys-'));
const unset = { idEncryption: undefined, urlSigning: undefined };

describe('loadKeys', () => {
  it('uses configured keys as they are and writes nothing', () => {
    const dataDir = freshDir();
    const keys = { idEncryption: newKey(), urlSigning: newKey() };
    expect(loadKeys({ keys, databaseUrl: undefined, dataDir })).toEqual(keys);
    expect(() => statSync(join(dataDir, 'keys.json'))).toThrow();
  });

  it('makes missing keys once on the embedded database, owner-readable, and reads them back on restart', () => {
    const dataDir = freshDir();
    const first = loadKeys({ keys: unset, databaseUrl: undefined, dataDir });
    expect(Buffer.from(first.idEncryption, 'base64')).toHaveLength(32);
    expect(first.urlSigning).not.toBe(first.idEncryption);
    const file = join(dataDir, 'keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadKeys({ keys: unset, databaseUrl: undefined, dataDir })).toEqual(first);
    // A configured key wins over the stored one and is never written to the file.
    const configured = newKey();
    expect(loadKeys({ keys: { ...unset, urlSigning: configured }, databaseUrl: undefined, dataDir })).toEqual({
      idEncryption: first.idEncryption,
      urlSigning: configured,
    });
    expect(readFileSync(file, 'utf8')).not.toContain(configured);
  });

  it('refuses to invent keys when instances share a PostgreSQL database, naming what is missing', () => {
    const dataDir = freshDir();
    expect(() =>
      loadKeys({ keys: { ...unset, idEncryption: newKey() }, databaseUrl: 'postgres://db/metal', dataDir }),
    ).toThrow(/URL_SIGNING_KEY must be set/);
  });
});
