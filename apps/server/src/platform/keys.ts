import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** The server's secret keys, each 32 bytes in base64. */
export interface Keys {
  /** Seals identity numbers at rest (createSecretBox). */
  idEncryption: string;
  /** Signs links to private files (licence images), so that only those given a link can load it. */
  urlSigning: string;
}

const KEY_NAMES = ['idEncryption', 'urlSigning'] as const;
const ENV_NAMES: Record<keyof Keys, string> = { idEncryption: 'ID_ENCRYPTION_KEY', urlSigning: 'URL_SIGNING_KEY' };

export const newKey = () => randomBytes(32).toString('base64');

/** A fresh set of keys, for tests and benchmarks whose data lives only as long as they run. */
export const newKeys = (): Keys => ({ idEncryption: newKey(), urlSigning: newKey() });

/**
 * The configured keys. On the embedded database a missing key is made once and kept in
 * `<dataDir>/keys.json` (readable by the owner only), so `npm start` needs no setup and a restart
 * reads what it sealed before. With DATABASE_URL every key must be configured: several instances
 * share the data, and a key one of them invented would leave the others unable to read it.
 */
export function loadKeys(config: Pick<Config, 'keys' | 'databaseUrl' | 'dataDir'>): Keys {
  const missing = KEY_NAMES.filter((name) => !config.keys[name]);
  if (missing.length === 0) return config.keys as Keys;
  if (config.databaseUrl) {
    throw new Error(
      `Invalid configuration: with DATABASE_URL set, ${missing.map((name) => ENV_NAMES[name]).join(' and ')} must be set too (openssl rand -base64 32)`,
    );
  }
  const file = join(config.dataDir, 'keys.json');
  const stored: Partial<Keys> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let made = false;
  const keys = {} as Keys;
  for (const name of KEY_NAMES) {
    const configured = config.keys[name];
    if (configured) {
      keys[name] = configured;
      continue;
    }
    if (!stored[name]) {
      stored[name] = newKey();
      made = true;
    }
    keys[name] = stored[name];
  }
  if (made) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return keys;
}
