import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunIdentity } from './identity-aliyun';
import { signAliyunRpc } from './sms-aliyun';

/**
 * A local stand-in of Aliyun's Cloudauth endpoint: it checks the RPC signature over the POST body
 * as Aliyun does, and answers as its documentation shows, chosen by the name asked about.
 */
describe('AliyunIdentity against a local stand-in of Id2MetaVerify', () => {
  let server: Server;
  let endpoint: string;
  const received: { method: string; url: string; body: URLSearchParams }[] = [];
  const answers: Record<string, { status?: number; body: string }> = {
    李明: {
      body: JSON.stringify({ RequestId: 'req-match', Code: '200', Message: 'success', ResultObject: { BizCode: '1' } }),
    },
    王芳: {
      body: JSON.stringify({ RequestId: 'req-differ', Code: 200, Message: 'success', ResultObject: { BizCode: 2 } }),
    },
    赵无: {
      body: JSON.stringify({ RequestId: 'req-none', Code: '200', Message: 'success', ResultObject: { BizCode: '3' } }),
    },
    钱非: { body: JSON.stringify({ RequestId: 'req-illegal', Code: '401', Message: '参数非法(identifyNum)' }) },
    孙断: { body: JSON.stringify({ RequestId: 'req-source', Code: '402', Message: '权威源服务异常' }) },
    周欠: { body: JSON.stringify({ RequestId: 'req-arrears', Code: '412', Message: '欠费中' }) },
    吴乱: { status: 502, body: '<html>Bad Gateway</html>' },
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        const body = new URLSearchParams(raw);
        received.push({ method: request.method ?? '', url: request.url ?? '', body });
        const { Signature, ...rest } = Object.fromEntries(body);
        response.setHeader('content-type', 'application/json');
        if (Signature !== signAliyunRpc(rest, 'secret', 'POST')) {
          response.statusCode = 400;
          response.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', RequestId: 'req-sig' }));
          return;
        }
        if (body.get('UserName') === '郑慢') return; // never answers
        const answer = answers[body.get('UserName') ?? ''] ?? answers.李明!;
        response.statusCode = answer.status ?? 200;
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const warnings: unknown[] = [];
  const provider = (secret = 'secret', at = endpoint, timeoutMs = 2000) =>
    new AliyunIdentity(
      { accessKeyId: 'id', accessKeySecret: secret, endpoint: at, timeoutMs },
      { warn: (...args: unknown[]) => void warnings.push(args) },
      () => new Date('2026-11-20T02:00:00.123Z'),
    );
  let checks = 0;
  const request = (realName: string) => ({ realName, idNumber: '11010519491231002X', requestId: `check-${++checks}` });

  it('sends a signed Id2MetaVerify POST with the values in the body, and takes BizCode 1 as a match', async () => {
    expect(await provider().verify(request('李明'))).toEqual({ outcome: 'match', providerRef: 'req-match' });
    const sent = received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/');
    expect(Object.fromEntries(sent.body)).toMatchObject({
      Action: 'Id2MetaVerify',
      Version: '2019-03-07',
      ParamType: 'normal',
      IdentifyNum: '11010519491231002X',
      UserName: '李明',
      SignatureNonce: `check-${checks}`,
      Timestamp: '2026-11-20T02:00:00Z',
    });
  });

  it('takes inconsistent, no record and a refused number as mismatches', async () => {
    expect(await provider().verify(request('王芳'))).toEqual({ outcome: 'mismatch', providerRef: 'req-differ' });
    expect(await provider().verify(request('赵无'))).toEqual({ outcome: 'mismatch', providerRef: 'req-none' });
    expect(await provider().verify(request('钱非'))).toEqual({ outcome: 'mismatch', providerRef: 'req-illegal' });
  });

  it('takes every fault of the service, the network or our account as unavailable, and logs no values', async () => {
    warnings.length = 0;
    for (const name of ['孙断', '周欠', '吴乱']) {
      expect(await provider().verify(request(name)), name).toEqual({ outcome: 'unavailable' });
    }
    expect(await provider('wrong').verify(request('李明'))).toEqual({ outcome: 'unavailable' });
    expect(await provider('secret', 'http://127.0.0.1:9').verify(request('李明'))).toEqual({ outcome: 'unavailable' });
    expect(await provider('secret', endpoint, 200).verify(request('郑慢'))).toEqual({ outcome: 'unavailable' });
    expect(warnings).toHaveLength(6);
    const logged = JSON.stringify(warnings, (_key, value) => (value instanceof Error ? value.message : value));
    expect(logged).not.toContain('11010519491231002X');
    for (const name of ['孙断', '周欠', '吴乱', '郑慢']) expect(logged).not.toContain(name);
  });
});
