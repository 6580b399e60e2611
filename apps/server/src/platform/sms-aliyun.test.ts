import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSms, percentEncode, signAliyunRpc } from './sms-aliyun';

describe('Aliyun RPC signing', () => {
  it("matches the worked example of Aliyun's SMS signing documentation", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyunRpc(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes the reserved characters encodeURIComponent leaves alone', () => {
    expect(percentEncode("a b*c~d!e'(f)")).toBe('a%20b%2Ac~d%21e%27%28f%29');
  });
});

describe('AliyunSms.send against a local stand-in of the service', () => {
  let server: Server;
  let endpoint: string;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://local').searchParams;
      received.push(query);
      const { Signature, ...rest } = Object.fromEntries(query);
      const valid = Signature === signAliyunRpc(rest, 'secret');
      const phone = query.get('PhoneNumbers') ?? '';
      const answer = !valid
        ? { Code: 'SignatureDoesNotMatch' }
        : phone.startsWith('100')
          ? { Code: 'isv.MOBILE_NUMBER_ILLEGAL' }
          : { Code: 'OK', BizId: 'biz-1' };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = (secret = 'secret', at = endpoint) =>
    new AliyunSms({
      accessKeyId: 'id',
      accessKeySecret: secret,
      signName: '有色汇',
      templateCode: 'SMS_1',
      endpoint: at,
      timeoutMs: 2000,
    });
  const message = (phone: string) => ({
    phone,
    template: 'verification_code' as const,
    params: { code: '123456', minutes: 5 },
  });

  it('sends a signed SendSms request with the code as a template parameter', async () => {
    expect(await provider().send(message('13912345678'))).toEqual({ ok: true, messageId: 'biz-1' });
    const query = received.at(-1)!;
    expect(query.get('Action')).toBe('SendSms');
    expect(query.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(query.get('SignName')).toBe('有色汇');
  });

  it('reports a refused number as rejected, a bad signature or dead service as unavailable', async () => {
    expect(await provider().send(message('10012345678'))).toEqual({ ok: false, reason: 'rejected' });
    expect(await provider('wrong').send(message('13912345678'))).toEqual({ ok: false, reason: 'unavailable' });
    expect(await provider('secret', 'http://127.0.0.1:9').send(message('13912345678'))).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });
});
