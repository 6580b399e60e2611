import { createCipheriv, createECDH, createHmac, createPrivateKey, type ECDH, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/** What a browser's PushSubscription.toJSON() gives: where to send, and the keys to encrypt for. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * delivered: the push service took the message. gone: the subscription no longer exists (404/410),
 * so the device is dropped. failed: worth trying again later (network, 429, 5xx, or a refusal we log).
 */
export type PushResult = 'delivered' | 'gone' | 'failed';

export interface PushMessage {
  /** Plain text (JSON) the service worker receives; encrypted on the way. */
  payload: string;
  /** How long the push service keeps it for an offline browser. */
  ttlSeconds: number;
  /** RFC 8030 Topic: a newer message with the same topic replaces an undelivered older one. */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** Sends one message to one subscription. */
export interface PushProvider {
  send(subscription: WebPushSubscription, message: PushMessage): Promise<PushResult>;
}

/** The application server's VAPID key pair (RFC 8292), base64url: the public key uncompressed (65 bytes), the private scalar (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Contact for push services (mailto: or https:). */
  subject: string;
}

const RECORD_SIZE = 4096;

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number) {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/**
 * RFC 8291 message encryption in the aes128gcm content coding (RFC 8188), one record. `salt` and
 * `senderKey` are fresh for every message; tests pass fixed ones to check against the RFC's example.
 */
export function encryptPushPayload(
  plaintext: Buffer,
  keys: WebPushSubscription['keys'],
  fixed: { salt?: Buffer; senderKey?: ECDH } = {},
): Buffer {
  const receiverPublic = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const salt = fixed.salt ?? randomBytes(16);
  const sender = fixed.senderKey ?? createECDH('prime256v1');
  if (!fixed.senderKey) sender.generateKeys();
  const senderPublic = sender.getPublicKey();
  const sharedSecret = sender.computeSecret(receiverPublic);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  // One record, ended by the last-record delimiter 0x02 (no padding).
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const body = Buffer.concat([
    cipher.update(Buffer.concat([plaintext, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  if (body.length > RECORD_SIZE) throw new Error('push payload too large for one record');

  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, body]);
}

/** The private VAPID key as a KeyObject (JWK from the raw scalar and the public point). */
function vapidPrivateKey(keys: VapidKeys) {
  const publicPoint = Buffer.from(keys.publicKey, 'base64url');
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: publicPoint.subarray(1, 33).toString('base64url'),
      y: publicPoint.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292 `Authorization: vapid t=<ES256 JWT>, k=<public key>` for the endpoint's push service, valid 12 hours. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, now: Date): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now.getTime() / 1000) + 12 * 3600,
    sub: keys.subject,
  };
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: vapidPrivateKey(keys), dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/** A fresh P-256 VAPID key pair. */
export function newVapidKeys(subject: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject,
  };
}

/**
 * The configured VAPID keys, or on first start a pair made and kept in `<dataDir>/vapid.json`
 * (owner-readable only): browsers subscribe with the public key, so it must outlive restarts.
 * Several instances on one database must be given the same pair (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY).
 */
export function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir' | 'databaseUrl'>): VapidKeys {
  const { vapid } = config.push;
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject };
  }
  if (config.push.provider === 'webpush' && config.databaseUrl) {
    throw new Error(
      'Invalid configuration: PUSH_PROVIDER=webpush with DATABASE_URL needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (every instance must sign with the same pair)',
    );
  }
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Pick<VapidKeys, 'publicKey' | 'privateKey'>;
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: vapid.subject };
  }
  const made = newVapidKeys(vapid.subject);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  return made;
}

/** Web Push (RFC 8030) to the browser's push service, VAPID-signed (RFC 8292), payload encrypted (RFC 8291). */
export class WebPushProvider implements PushProvider {
  constructor(
    private readonly keys: VapidKeys,
    private readonly options: { timeoutMs: number; now?: () => Date; log?: Pick<FastifyBaseLogger, 'warn'> },
  ) {}

  async send(subscription: WebPushSubscription, message: PushMessage): Promise<PushResult> {
    const now = this.options.now?.() ?? new Date();
    const headers: Record<string, string> = {
      authorization: vapidAuthorization(subscription.endpoint, this.keys, now),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(message.ttlSeconds),
    };
    if (message.topic) headers.topic = message.topic;
    if (message.urgency) headers.urgency = message.urgency;
    try {
      const response = await fetch(subscription.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(encryptPushPayload(Buffer.from(message.payload), subscription.keys)),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return 'delivered';
      if (response.status === 404 || response.status === 410) return 'gone';
      this.options.log?.warn(
        { status: response.status, origin: new URL(subscription.endpoint).origin },
        'push refused',
      );
      return 'failed';
    } catch (error) {
      this.options.log?.warn({ err: error, origin: new URL(subscription.endpoint).origin }, 'push not sent');
      return 'failed';
    }
  }
}

/**
 * Nothing leaves the machine: each send is recorded and answered 'delivered', unless the sandbox
 * was told to answer otherwise for an endpoint (as a push service answers 410 for an unsubscribed
 * browser, or 5xx when it is down).
 */
export class SandboxPush implements PushProvider {
  readonly sent: { endpoint: string; message: PushMessage; result: PushResult }[] = [];
  private readonly answers = new Map<string, PushResult>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, 'info'>) {}

  /** From now on, sends to this endpoint get `result` (undefined: delivered again). */
  answer(endpoint: string, result: PushResult | undefined) {
    if (result) this.answers.set(endpoint, result);
    else this.answers.delete(endpoint);
  }

  async send(subscription: WebPushSubscription, message: PushMessage): Promise<PushResult> {
    const result = this.answers.get(subscription.endpoint) ?? 'delivered';
    this.sent.push({ endpoint: subscription.endpoint, message, result });
    this.log?.info({ origin: new URL(subscription.endpoint).origin, result }, 'sandbox push');
    return result;
  }
}
