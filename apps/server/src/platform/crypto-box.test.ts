import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './crypto-box';

/** The bytes 0x00..0x1f, a fixed key for known answers. */
const FIXED_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const randomKey = () => randomBytes(32).toString('base64');
const ID_NUMBER = '11010519491231002X';

/** Flips one bit of segment `index` (1 iv, 2 tag, 3 ciphertext) of a sealed text, keeping it well-formed. */
function tamper(sealed: string, index: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0]! ^= 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('createSecretBox', () => {
  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['nothing', ''],
    ['text that is not base64', 'this is not a key, it is a sentence of text!!'],
    ['a key with a character mangled', `${FIXED_KEY.slice(0, 10)}#${FIXED_KEY.slice(11)}`],
  ])('refuses a key of %s', (_, key) => {
    expect(() => createSecretBox(key)).toThrow(/must be 32 bytes/);
  });

  it('accepts a 32-byte key with surrounding whitespace, as read from an env file', () => {
    expect(() => createSecretBox(` ${FIXED_KEY}\n`)).not.toThrow();
  });
});

describe('seal and open', () => {
  const box = createSecretBox(randomKey());

  it.each([ID_NUMBER, '', '欧阳小明 · 𠀀', 'x'.repeat(10_000)])('round-trips %j', (plain) => {
    expect(box.open(box.seal(plain))).toBe(plain);
  });

  it('writes v1 and three base64url parts, with a 12-byte IV and a 16-byte tag', () => {
    const [version, iv, tag, ciphertext] = box.seal(ID_NUMBER).split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext!, 'base64url')).toHaveLength(ID_NUMBER.length);
    expect(`${iv}${tag}${ciphertext}`).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('seals the same text differently each time', () => {
    const first = box.seal(ID_NUMBER);
    const second = box.seal(ID_NUMBER);
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(box.open(first)).toBe(box.open(second));
  });

  it.each([
    ['IV', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ] as const)('refuses an altered %s', (_, index) => {
    expect(() => box.open(tamper(box.seal(ID_NUMBER), index))).toThrow(/failed authentication/);
  });

  it('refuses a text sealed under another key', () => {
    const sealed = createSecretBox(randomKey()).seal(ID_NUMBER);
    expect(() => box.open(sealed)).toThrow(/failed authentication/);
  });

  it('refuses a truncated tag, which GCM would otherwise accept', () => {
    const parts = box.seal(ID_NUMBER).split('.');
    parts[2] = Buffer.from(parts[2]!, 'base64url').subarray(0, 12).toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(/malformed/);
  });

  it.each([
    ['another version', (sealed: string) => sealed.replace(/^v1/, 'v2')],
    ['a missing part', (sealed: string) => sealed.split('.').slice(0, 3).join('.')],
    ['an extra part', (sealed: string) => `${sealed}.AAAA`],
    ['a character outside base64url', (sealed: string) => `${sealed}+`],
    ['a shortened IV', (sealed: string) => sealed.replace(/^v1\.[^.]{4}/, 'v1.')],
    ['nothing', () => ''],
  ])('refuses %s as malformed', (_, alter) => {
    expect(() => box.open(alter(box.seal(ID_NUMBER)))).toThrow(/malformed/);
  });
});

describe('digest', () => {
  it('matches HKDF-SHA256 (empty salt, info "metal-market id digest") then HMAC-SHA256, computed independently', () => {
    expect(createSecretBox(FIXED_KEY).digest(ID_NUMBER)).toBe(
      'fb7451d0a70cd82ab1361ef252068d8f50be55e8772178188e3f3ad70b675383',
    );
  });

  it('is stable for the same text and key, and differs between texts', () => {
    const key = randomKey();
    expect(createSecretBox(key).digest(ID_NUMBER)).toBe(createSecretBox(key).digest(ID_NUMBER));
    expect(createSecretBox(key).digest(ID_NUMBER)).not.toBe(createSecretBox(key).digest('110105194912310011'));
  });

  it('depends on the key', () => {
    expect(createSecretBox(randomKey()).digest(ID_NUMBER)).not.toBe(createSecretBox(randomKey()).digest(ID_NUMBER));
  });

  it('is not a plain SHA-256 of the text, nor an HMAC under the main key itself', () => {
    const digest = createSecretBox(FIXED_KEY).digest(ID_NUMBER);
    expect(digest).not.toBe(createHash('sha256').update(ID_NUMBER).digest('hex'));
    expect(digest).not.toBe(createHmac('sha256', Buffer.from(FIXED_KEY, 'base64')).update(ID_NUMBER).digest('hex'));
  });
});
