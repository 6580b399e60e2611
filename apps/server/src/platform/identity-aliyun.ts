import type { FastifyBaseLogger } from 'fastify';
import type { IdentityProvider, IdentityRequest, IdentityResult } from './identity';
import { percentEncode, signAliyunRpc } from './sms-aliyun';

export interface AliyunIdentityOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** https://cloudauth.aliyuncs.com, or the VPC endpoint inside Aliyun. */
  endpoint: string;
  timeoutMs: number;
}

interface Id2MetaVerifyAnswer {
  Code?: string | number;
  Message?: string;
  RequestId?: string;
  ResultObject?: { BizCode?: string | number };
}

/**
 * Aliyun ID Verification's two-factor check (实人认证 身份二要素核验, Cloudauth `Id2MetaVerify`,
 * version 2019-03-07) over Aliyun's public RPC protocol, signed as Aliyun SMS is. Its answer codes:
 * Code 200 with ResultObject.BizCode 1 (consistent) → match, 2 (inconsistent) or 3 (no record) →
 * mismatch; Code 401 (the authority refuses the name or number as malformed) → mismatch, since
 * retrying the same pair cannot succeed; anything else (400, 402 data source down, 403 repeated
 * calls, 410 not subscribed, 411 no permission, 412 in arrears, 500, HTTP and network failures) →
 * unavailable, so that none of our faults uses up a person's attempts.
 * The values go in a POST body, never in a URL that proxies might log.
 */
export class AliyunIdentity implements IdentityProvider {
  constructor(
    private readonly options: AliyunIdentityOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async verify(input: IdentityRequest): Promise<IdentityResult> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'Id2MetaVerify',
      Format: 'JSON',
      IdentifyNum: input.idNumber,
      ParamType: 'normal',
      SignatureMethod: 'HMAC-SHA1',
      // Our id of the check doubles as the nonce: unique per attempt, and traceable in Aliyun's logs.
      SignatureNonce: input.requestId,
      SignatureVersion: '1.0',
      Timestamp: this.now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      UserName: input.realName,
      Version: '2019-03-07',
    };
    const signature = signAliyunRpc(params, this.options.accessKeySecret, 'POST');
    const body = Object.entries({ ...params, Signature: signature })
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
      .join('&');
    let answer: Id2MetaVerifyAnswer;
    try {
      const response = await fetch(`${this.options.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      answer = (await response.json()) as Id2MetaVerifyAnswer;
    } catch (error) {
      this.log.warn({ identity: { requestId: input.requestId }, err: error }, 'identity provider unreachable');
      return { outcome: 'unavailable' };
    }
    const code = String(answer.Code ?? '');
    const bizCode = String(answer.ResultObject?.BizCode ?? '');
    const providerRef = answer.RequestId ?? input.requestId;
    if (code === '200' && bizCode === '1') return { outcome: 'match', providerRef };
    if ((code === '200' && (bizCode === '2' || bizCode === '3')) || code === '401') {
      return { outcome: 'mismatch', providerRef };
    }
    this.log.warn(
      { identity: { requestId: input.requestId, providerRef, code, bizCode, message: answer.Message } },
      'identity provider did not check',
    );
    return { outcome: 'unavailable' };
  }
}
