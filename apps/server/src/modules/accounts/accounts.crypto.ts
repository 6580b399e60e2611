import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { SMS_CODE_LENGTH } from '@metal/shared';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt parameters (N=2^15, r=8, p=1: OWASP's minimum); stored with each hash so they can be raised later. */
const SCRYPT = { N: 32768, r: 8, p: 1, keylen: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
export const UNKNOWN_ACCOUNT_HASH = await hashPassword(randomBytes(12).toString('hex'));

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An opaque session id: 256 random bits. Only its SHA-256 is stored. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** A 6-digit code from the CSPRNG. */
export const newSmsCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/** Codes are stored hashed with the phone and purpose, so a code is only good for what it was sent for. */
export const smsCodeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);
