import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_FILE_LINK_SECONDS } from '@metal/shared';
import type { Clock } from './clock';

/**
 * Addresses of stored files. Public files are at `/files/<key>`; a private file (a licence) only
 * through a link signed with the URL-signing key (HMAC-SHA256 over the key and the expiry), which the
 * server hands to those allowed to see the file. Expiries are rounded up to the next five minutes so
 * that a page loaded twice gets the same link and the browser's cached image.
 */
export interface FileLinks {
  publicUrl(key: string): string;
  signedUrl(key: string): string;
  /** 'ok' for a link this server signed that has not expired. */
  check(key: string, expires: unknown, signature: unknown): 'ok' | 'expired' | 'bad';
}

const ROUNDING_SECONDS = 300;

function signature(secret: Buffer, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

export function createFileLinks(urlSigningKey: string, clock: Clock): FileLinks {
  const secret = Buffer.from(urlSigningKey, 'base64');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    publicUrl: (key) => `/files/${key}`,
    signedUrl(key) {
      const expires = Math.ceil((nowSeconds() + SIGNED_FILE_LINK_SECONDS) / ROUNDING_SECONDS) * ROUNDING_SECONDS;
      return `/files/${key}?expires=${expires}&signature=${signature(secret, key, expires)}`;
    },
    check(key, expires, given) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof given !== 'string') return 'bad';
      const expected = Buffer.from(signature(secret, key, Number(expires)));
      const received = Buffer.from(given);
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) return 'bad';
      return Number(expires) < nowSeconds() ? 'expired' : 'ok';
    },
  };
}
