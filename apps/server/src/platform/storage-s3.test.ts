import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amzDate, S3Storage, type S3StorageOptions, sha256Hex, signV4 } from './storage-s3';

// AWS's published SigV4 examples for S3 ("Signature Calculations for the Authorization Header:
// Transferring Payload in a Single Chunk"): bucket examplebucket in us-east-1 at 20130524T000000Z.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const exampleHeaders = (extra: Record<string, string> = {}) => ({
  Host: 'examplebucket.s3.amazonaws.com',
  'x-amz-date': '20130524T000000Z',
  'x-amz-content-sha256': EMPTY_SHA256,
  ...extra,
});

describe('signV4 against AWS’s published examples', () => {
  it('GET Object with a Range header', () => {
    const signed = signV4(
      { method: 'GET', path: '/test.txt', headers: exampleHeaders({ Range: 'bytes=0-9' }), payloadHash: EMPTY_SHA256 },
      AWS_EXAMPLE,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a $ in the key, a Date header and a storage class', () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        path: '/test$file.text',
        headers: {
          ...exampleHeaders({ 'x-amz-content-sha256': payloadHash }),
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash,
      },
      AWS_EXAMPLE,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signed.stringToSign.split('\n')[3]).toBe('9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket lifecycle (a query parameter without a value)', () => {
    const signed = signV4(
      { method: 'GET', path: '/', query: { lifecycle: '' }, headers: exampleHeaders(), payloadHash: EMPTY_SHA256 },
      AWS_EXAMPLE,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 3)).toEqual(['GET', '/', 'lifecycle=']);
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('GET Bucket (list objects) with sorted query parameters', () => {
    const signed = signV4(
      {
        method: 'GET',
        path: '/',
        query: { prefix: 'J', 'max-keys': '2' },
        headers: exampleHeaders(),
        payloadHash: EMPTY_SHA256,
      },
      AWS_EXAMPLE,
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(signed.stringToSign.split('\n')[3]).toBe('df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('writes dates as SigV4 wants them', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
  });
});

/**
 * A small S3 endpoint on a local port: it checks each request's SigV4 signature and payload hash as
 * S3 does (403 SignatureDoesNotMatch, 400 XAmzContentSHA256Mismatch) and keeps objects in memory.
 */
function fakeS3(secretAccessKey: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: { method: string; path: string; host: string }[] = [];
  const reject = (status: number, code: string) => ({ status, body: `<Error><Code>${code}</Code></Error>` });

  async function handle(request: IncomingMessage) {
    const body = await buffer(request);
    const url = new URL(request.url ?? '/', 'http://local');
    seen.push({
      method: request.method ?? '',
      path: decodeURIComponent(url.pathname),
      host: request.headers.host ?? '',
    });
    const authorization = String(request.headers.authorization ?? '');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return reject(403, 'AccessDenied');
    const [, accessKeyId, , region, signedHeaders, signature] = match;
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (sha256Hex(body) !== payloadHash) return reject(400, 'XAmzContentSHA256Mismatch');
    const headers = Object.fromEntries(signedHeaders!.split(';').map((name) => [name, String(request.headers[name])]));
    const expected = signV4(
      { method: request.method ?? '', path: decodeURIComponent(url.pathname), headers, payloadHash },
      { accessKeyId: accessKeyId!, secretAccessKey, region: region!, service: 's3' },
    );
    if (expected.signature !== signature) return reject(403, 'SignatureDoesNotMatch');
    const key = decodeURIComponent(url.pathname);
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT':
        objects.set(key, { body, contentType: String(request.headers['content-type'] ?? '') });
        return { status: 200, body: '' };
      case 'GET':
        return object ? { status: 200, body: object.body } : reject(404, 'NoSuchKey');
      case 'HEAD':
        return { status: object ? 200 : 404, body: '' };
      case 'DELETE':
        objects.delete(key);
        return { status: 204, body: '' };
      default:
        return reject(405, 'MethodNotAllowed');
    }
  }

  const server = createServer((request, response) => {
    handle(request).then(
      ({ status, body }) => {
        response.statusCode = status;
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.statusCode = 500;
        response.end();
      },
    );
  });
  return { server, objects, seen };
}

describe('S3Storage', () => {
  const secretAccessKey = 'test-secret-key';
  const s3 = fakeS3(secretAccessKey);
  let options: S3StorageOptions;

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const { port } = s3.server.address() as AddressInfo;
    options = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'cn-north-1',
      bucket: 'metal-files',
      accessKeyId: 'test-access-key',
      secretAccessKey,
      forcePathStyle: true,
      timeoutMs: 5000,
    };
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('puts, gets, checks and deletes objects with signed requests', async () => {
    const storage = new S3Storage(options);
    await storage.put('images/7/2026-11/a1.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(s3.objects.get('/metal-files/images/7/2026-11/a1.jpg')).toEqual({
      body: Buffer.from('jpeg bytes'),
      contentType: 'image/jpeg',
    });
    const object = await storage.get('images/7/2026-11/a1.jpg');
    expect(object?.size).toBe(10);
    expect(await text(object!.body)).toBe('jpeg bytes');
    expect(await storage.exists('images/7/2026-11/a1.jpg')).toBe(true);
    await storage.delete('images/7/2026-11/a1.jpg');
    expect(await storage.exists('images/7/2026-11/a1.jpg')).toBe(false);
    expect(await storage.get('images/7/2026-11/a1.jpg')).toBeNull();
    expect(s3.seen.map((r) => r.method)).toEqual(['PUT', 'GET', 'HEAD', 'DELETE', 'HEAD', 'GET']);
  });

  it('reports what the service refuses, with its error code', async () => {
    const storage = new S3Storage({ ...options, secretAccessKey: 'wrong' });
    await expect(storage.put('images/1/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'S3 PUT images/1/x.jpg failed: HTTP 403 SignatureDoesNotMatch',
    );
    await expect(storage.exists('images/1/x.jpg')).rejects.toThrow(/HTTP 403/);
  });

  it('puts the bucket in the host name unless path style is asked for', () => {
    const virtual = new S3Storage({
      ...options,
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      forcePathStyle: false,
    });
    expect(virtual.objectUrl('licences/3/a.png').toString()).toBe(
      'https://metal-files.oss-cn-hangzhou.aliyuncs.com/licences/3/a.png',
    );
    const pathStyle = new S3Storage({ ...options, endpoint: 'https://minio.internal:9000' });
    expect(pathStyle.objectUrl('licences/3/a.png').toString()).toBe(
      'https://minio.internal:9000/metal-files/licences/3/a.png',
    );
    expect(() => pathStyle.objectUrl('../x')).toThrow(/invalid storage key/);
  });
});
