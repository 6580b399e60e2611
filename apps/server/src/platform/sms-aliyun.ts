import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider, SmsResult } from './sms';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature shown in 【】 before the text. */
  signName: string;
  /** The approved template of the verification-code message, with a `${code}` parameter. */
  templateCode: string;
  endpoint: string;
  timeoutMs: number;
}

/** Aliyun's RPC percent-encoding: RFC 3986 unreserved characters stay, everything else is %XX. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signs RPC parameters (signature version 1.0, HMAC-SHA1) as Aliyun's public signing scheme describes. */
export function signAliyunRpc(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** Answer codes that mean the number or content is refused; retrying will not help. */
const REJECTED_CODES = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
  'isv.DAY_LIMIT_CONTROL',
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
]);

/** Aliyun SMS (dysmsapi SendSms, version 2017-05-25) over its public RPC protocol. */
export class AliyunSms implements SmsProvider {
  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: SmsMessage): Promise<SmsResult> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.params.code }),
      Timestamp: this.now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signAliyunRpc(params, this.options.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    try {
      const response = await fetch(`${this.options.endpoint}/?${query}`, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const body = (await response.json()) as { Code?: string; BizId?: string };
      if (body.Code === 'OK') return { ok: true, messageId: body.BizId ?? params.SignatureNonce! };
      return { ok: false, reason: body.Code && REJECTED_CODES.has(body.Code) ? 'rejected' : 'unavailable' };
    } catch {
      return { ok: false, reason: 'unavailable' };
    }
  }
}
