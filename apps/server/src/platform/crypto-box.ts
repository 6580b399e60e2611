import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets kept at rest (identity numbers), so that a leaked
 * database or backup does not leak them with it.
 */
export interface SecretBox {
  /** 'v1.<iv>.<tag>.<ciphertext>' in base64url; a fresh random IV each call, so equal texts seal differently. */
  seal(plain: string): string;
  /** The sealed text's plaintext; throws if it was altered or sealed under another key. */
  open(sealed: string): string;
  /**
   * A keyed HMAC-SHA256 in hex, equal for equal texts: finds a value already stored (the same identity
   * number on two accounts) without decrypting anything, and cannot be reversed by hashing every
   * possible number without the key. Callers digest the normalized form of the value.
   */
  digest(plain: string): string;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const DIGEST_KEY_INFO = 'metal-market id digest';
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

/** Decodes one base64url segment, refusing anything that does not encode back to the same text. */
function decodeSegment(segment: string): Buffer {
  const bytes = Buffer.from(segment, 'base64url');
  if (!BASE64URL_PATTERN.test(segment) || bytes.toString('base64url') !== segment) {
    throw new Error('sealed secret is malformed');
  }
  return bytes;
}

/** `keyBase64` is 32 random bytes in base64, e.g. from `openssl rand -base64 32`. */
export function createSecretBox(keyBase64: string): SecretBox {
  const encoded = keyBase64.trim();
  // Buffer.from skips characters it cannot decode, so a mangled key could otherwise pass as a shorter one.
  const key = BASE64_PATTERN.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new Error(`secret box key must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32), got ${key.length}`);
  }
  // A separate key for the digest, so that the HMAC and the cipher never share key material.
  const digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), DIGEST_KEY_INFO, KEY_BYTES));
  // The version is authenticated too, so a sealed text cannot be passed off as another format.
  const additionalData = Buffer.from(VERSION);

  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, ...[iv, tag, ciphertext].map((bytes) => bytes.toString('base64url'))].join('.');
    },

    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('sealed secret is malformed');
      const [iv, tag, ciphertext] = parts.slice(1).map(decodeSegment) as [Buffer, Buffer, Buffer];
      // GCM would accept a truncated tag, which is easier to forge; only the full length is valid.
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('sealed secret is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('sealed secret failed authentication: altered, or sealed under another key');
      }
    },

    digest(plain) {
      return createHmac('sha256', digestKey).update(plain, 'utf8').digest('hex');
    },
  };
}
