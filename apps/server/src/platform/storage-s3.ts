import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertStorageKey, type ObjectStorage, type StoredObject } from './storage';

export interface S3StorageOptions {
  /** The service's address, e.g. `https://s3.cn-north-1.amazonaws.com.cn` or `https://oss-cn-hangzhou.aliyuncs.com`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: MinIO and Ceph want it;
   * AWS and Aliyun OSS want the bucket in the host name (the default).
   */
  forcePathStyle: boolean;
  timeoutMs: number;
}

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  /** The path as sent, before encoding (`/test$file.text`); every segment is encoded once, as S3 expects. */
  path: string;
  query?: Record<string, string>;
  /** Every header to sign, `host`, `x-amz-date` and `x-amz-content-sha256` among them. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or `UNSIGNED-PAYLOAD`). */
  payloadHash: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding: only unreserved characters (A-Z a-z 0-9 - . _ ~) stay as they are. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20130524T000000Z`, the form SigV4 dates take. */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * AWS Signature Version 4 (the public algorithm S3 and its compatible services accept): the
 * canonical request, the string to sign, and the Authorization header made with the derived key.
 */
export function signV4(request: SigV4Request, credentials: SigV4Credentials) {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!date) throw new Error('SigV4 needs an x-amz-date header');
  const day = date.slice(0, 8);
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalQuery = Object.entries(request.query ?? {})
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path.split('/').map(uriEncode).join('/') || '/',
    canonicalQuery,
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** Objects in a bucket of an S3-compatible service, over its REST API (PutObject, GetObject, DeleteObject, HeadObject). */
export class S3Storage implements ObjectStorage {
  private readonly endpoint: URL;

  constructor(
    private readonly options: S3StorageOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.endpoint = new URL(options.endpoint);
  }

  /** Where an object lives: in the bucket's own host name, or under the bucket in the path. */
  objectUrl(key: string): URL {
    assertStorageKey(key);
    const base = this.endpoint.pathname.replace(/\/$/, '');
    const encodedKey = key.split('/').map(uriEncode).join('/');
    const url = new URL(this.endpoint.origin);
    if (this.options.forcePathStyle) {
      url.pathname = `${base}/${uriEncode(this.options.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${this.options.bucket}.${this.endpoint.hostname}`;
      url.pathname = `${base}/${encodedKey}`;
    }
    return url;
  }

  private async send(method: string, key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.objectUrl(key);
    const payload = body ?? Buffer.alloc(0);
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': sha256Hex(payload),
      'x-amz-date': amzDate(this.now()),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const { authorization } = signV4(
      { method, path: decodeURIComponent(url.pathname), headers, payloadHash: headers['x-amz-content-sha256']! },
      {
        accessKeyId: this.options.accessKeyId,
        secretAccessKey: this.options.secretAccessKey,
        region: this.options.region,
        service: 's3',
      },
    );
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }

  private async fail(method: string, key: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`S3 ${method} ${key} failed: HTTP ${response.status} ${code}`.trim());
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, body, contentType);
    if (!response.ok) await this.fail('PUT', key, response);
    await response.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) return this.fail('GET', key, response);
    return {
      body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      size: Number(response.headers.get('content-length') ?? 0),
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await this.fail('DELETE', key, response);
    await response.body?.cancel();
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send('HEAD', key);
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) return this.fail('HEAD', key, response);
    return true;
  }
}
