import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  encryptPushPayload,
  loadVapidKeys,
  newVapidKeys,
  SandboxPush,
  vapidAuthorization,
  WebPushProvider,
  type WebPushSubscription,
} from './push';

// RFC 8291 Appendix A: the example message, its keys and the encrypted body byte for byte.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  createHmac('sha256', createHmac('sha256', salt).update(ikm).digest())
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);

/** What a browser does with a push (RFC 8291 §3.4, RFC 8188), written from the receiving side. */
function decrypt(body: Buffer, receiverPrivate: Buffer, auth: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(receiverPrivate);
  const shared = receiver.computeSecret(senderPublic);
  const ikm = hkdf(
    auth,
    shared,
    Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]),
    32,
  );
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const record = body.subarray(21 + idLength);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const delimiter = padded.lastIndexOf(2);
  return padded.subarray(0, delimiter).toString();
}

describe('encryptPushPayload (RFC 8291)', () => {
  it("reproduces the RFC's example body from its keys and salt", () => {
    const sender = createECDH('prime256v1');
    sender.setPrivateKey(Buffer.from(RFC.asPrivate, 'base64url'));
    const body = encryptPushPayload(
      Buffer.from(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      { salt: Buffer.from(RFC.salt, 'base64url'), senderKey: sender },
    );
    expect(body.toString('base64url')).toBe(RFC.body);
  });

  it("the RFC's body decrypts with the receiver's key, and a fresh encryption round-trips", () => {
    const receiverPrivate = Buffer.from(RFC.uaPrivate, 'base64url');
    const auth = Buffer.from(RFC.auth, 'base64url');
    expect(decrypt(Buffer.from(RFC.body, 'base64url'), receiverPrivate, auth)).toBe(RFC.plaintext);
    const text = JSON.stringify({ type: 1, id: 7, title: '张三', body: '铝锭还有货吗？' });
    const fresh = encryptPushPayload(Buffer.from(text), { p256dh: RFC.uaPublic, auth: RFC.auth });
    expect(fresh.subarray(0, 16).toString('base64url')).not.toBe(RFC.salt);
    expect(decrypt(fresh, receiverPrivate, auth)).toBe(text);
  });
});

/** A browser's subscription with its private key, for the fake push service to decrypt with. */
function browser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription: WebPushSubscription = {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { subscription, privateKey: ecdh.getPrivateKey(), auth };
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  jwtValid: boolean;
  claims: Record<string, unknown>;
  vapidKey: string;
  body: Buffer;
}

/**
 * A push service on the machine: it checks the VAPID signature against the key in the header, as
 * real ones do (401 when wrong), and answers each path as told: /gone → 410, /down → 500, else 201.
 */
function fakePushService() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization ?? ''));
      let jwtValid = false;
      let claims: Record<string, unknown> = {};
      if (match?.[1] && match[2]) {
        const [header, payload, signature] = match[1].split('.');
        const point = Buffer.from(match[2], 'base64url');
        const publicKey = createPublicKey({
          key: {
            kty: 'EC',
            crv: 'P-256',
            x: point.subarray(1, 33).toString('base64url'),
            y: point.subarray(33, 65).toString('base64url'),
          },
          format: 'jwk',
        });
        jwtValid = verify(
          'sha256',
          Buffer.from(`${header}.${payload}`),
          { key: publicKey, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature ?? '', 'base64url'),
        );
        claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      }
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        jwtValid,
        claims,
        vapidKey: match?.[2] ?? '',
        body: Buffer.concat(chunks),
      });
      const status = !jwtValid ? 401 : request.url === '/gone' ? 410 : request.url === '/down' ? 500 : 201;
      response.writeHead(status).end();
    });
  });
  return { server, received };
}

describe('WebPushProvider against a push service on this machine', () => {
  const service = fakePushService();
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => service.server.close(() => resolve())));

  const keys = newVapidKeys('mailto:ops@example.com');
  const now = new Date('2026-11-20T02:00:00Z');
  const provider = new WebPushProvider(keys, { timeoutMs: 5000, now: () => now });
  const message = {
    payload: JSON.stringify({ type: 1, id: 42, title: 'Alice', body: 'Hello 你好' }),
    ttlSeconds: 86_400,
    topic: 'chat-42',
    urgency: 'high' as const,
  };

  it('delivers (201): VAPID-signed for the service, payload readable only with the browser key', async () => {
    const phone = browser(`${origin}/sub/abc`);
    expect(await provider.send(phone.subscription, message)).toBe('delivered');
    const got = service.received.at(-1)!;
    expect(got.jwtValid).toBe(true);
    expect(got.vapidKey).toBe(keys.publicKey);
    expect(got.claims).toEqual({ aud: origin, exp: now.getTime() / 1000 + 12 * 3600, sub: 'mailto:ops@example.com' });
    expect(got.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      topic: 'chat-42',
      urgency: 'high',
    });
    expect(got.body.includes(Buffer.from('Hello'))).toBe(false);
    expect(decrypt(got.body, phone.privateKey, phone.auth)).toBe(message.payload);
    const other = browser(`${origin}/sub/other`);
    expect(() => decrypt(got.body, other.privateKey, other.auth)).toThrow();
  });

  it('reports a subscription the service no longer has (410) as gone, and a 5xx as failed', async () => {
    expect(await provider.send(browser(`${origin}/gone`).subscription, message)).toBe('gone');
    expect(await provider.send(browser(`${origin}/down`).subscription, message)).toBe('failed');
  });

  it('a push signed with another key is refused by the service (401) and reported failed', async () => {
    const stranger = new WebPushProvider(
      { ...newVapidKeys('mailto:x@example.com'), publicKey: keys.publicKey },
      { timeoutMs: 5000 },
    );
    expect(await stranger.send(browser(`${origin}/sub/abc`).subscription, message)).toBe('failed');
    expect(service.received.at(-1)!.jwtValid).toBe(false);
  });

  it('an unreachable push service is a failure to retry, not an exception', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await provider.send(browser(`http://127.0.0.1:${port}/x`).subscription, message)).toBe('failed');
  });

  it('the VAPID header names the endpoint origin as audience', () => {
    const header = vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc', keys, now);
    const jwt = /t=([^,]+)/.exec(header)![1]!;
    expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).aud).toBe('https://fcm.googleapis.com');
  });
});

describe('SandboxPush', () => {
  it('records what is sent and answers as told per endpoint', async () => {
    const sandbox = new SandboxPush();
    const { subscription } = browser('https://push.example/a');
    const message = { payload: '{}', ttlSeconds: 60 };
    expect(await sandbox.send(subscription, message)).toBe('delivered');
    sandbox.answer(subscription.endpoint, 'gone');
    expect(await sandbox.send(subscription, message)).toBe('gone');
    sandbox.answer(subscription.endpoint, undefined);
    expect(await sandbox.send(subscription, message)).toBe('delivered');
    expect(sandbox.sent.map((s) => s.result)).toEqual(['delivered', 'gone', 'delivered']);
  });
});

describe('loadVapidKeys', () => {
  it('makes a key pair on first start, keeps it owner-only in DATA_DIR, and reads it back', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir }, []);
      const first = loadVapidKeys(config);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      const file = join(dataDir, 'vapid.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(loadVapidKeys(config)).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the configured pair, and with a shared database and real pushes insists on one', () => {
    const pair = newVapidKeys('mailto:ops@example.com');
    const configured = loadConfig(
      {
        DATA_DIR: '/nonexistent',
        PUSH_PROVIDER: 'webpush',
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      },
      [],
    );
    expect(loadVapidKeys(configured)).toEqual(pair);
    const shared = loadConfig(
      {
        DATABASE_URL: 'postgres://db.example/metal',
        PUSH_PROVIDER: 'webpush',
        VAPID_SUBJECT: 'mailto:ops@example.com',
      },
      [],
    );
    expect(() => loadVapidKeys(shared)).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ PUSH_PROVIDER: 'webpush' }, [])).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey }, [])).toThrow(/set together/);
  });
});
