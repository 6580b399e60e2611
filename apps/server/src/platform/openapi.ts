import { type CallContract, CodeFlag, ZCommonParams } from '@metal/shared';
import { z } from 'zod';

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const AUTH_DESCRIPTIONS: Record<CallContract['auth'], string> = {
  visitor: 'Open to visitors.',
  user: 'Requires a logged-in session (codeFlag 1 otherwise).',
  operator: 'Operators only (codeFlag 1 for visitors, 3 for other users); recorded in the operator log.',
  admin:
    'Admin operators only (codeFlag 1 for visitors, 3 for other users and customer-service operators); recorded in the operator log.',
};

/** Request fields of a call: its own plus the common ones every call carries. */
function requestSchema(contract: CallContract) {
  const own = toJsonSchema(contract.request, 'input');
  const common = toJsonSchema(ZCommonParams, 'input');
  return {
    type: 'object',
    properties: { ...(common.properties as object), ...((own.properties as object) ?? {}) },
    required: (own.required as string[] | undefined) ?? [],
  };
}

/**
 * The payment providers' notifications (modules/payments): in each provider's own format, outside the
 * `.htmls` envelope, so described here rather than made from a contract.
 */
const PROVIDER_NOTIFICATIONS = {
  '/pay/notify/wxpay': {
    post: {
      tags: ['payments'],
      summary:
        'WeChat Pay API v3 payment notification: JSON with an AES-256-GCM encrypted resource, signed in the Wechatpay-Timestamp, -Nonce, -Serial and -Signature headers',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: { description: '{"code":"SUCCESS","message":"成功"}: recorded (or already recorded)' },
        400: {
          description:
            '{"code":"FAIL","message":"失败"}: refused (signature, key, merchant, amount, order) or not applied; WeChat Pay retries',
        },
      },
    },
  },
  '/pay/notify/alipay': {
    post: {
      tags: ['payments'],
      summary: 'Alipay asynchronous notification: a form signed RSA2 (sign, sign_type) with Alipay’s key',
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
      },
      responses: {
        200: {
          description:
            'text/plain "success" when recorded or nothing to do, "failure" when refused; Alipay retries until "success"',
        },
      },
    },
  },
};

/** The OpenAPI 3 document of every registered `.htmls` call, made from the shared zod contracts. */
export function buildOpenApiDocument(calls: CallContract[], version: string) {
  const paths: Record<string, unknown> = { ...PROVIDER_NOTIFICATIONS };
  for (const contract of calls) {
    const body = requestSchema(contract);
    paths[`/${contract.path}.htmls`] = {
      post: {
        tags: [contract.feature],
        summary: contract.summary,
        description: AUTH_DESCRIPTIONS[contract.auth],
        requestBody: {
          required: true,
          content: contract.multipart
            ? {
                'multipart/form-data': {
                  schema: {
                    ...body,
                    properties: {
                      ...body.properties,
                      file: { type: 'array', items: { type: 'string', format: 'binary' } },
                    },
                    required: [...body.required, 'file'],
                  },
                },
              }
            : {
                'application/x-www-form-urlencoded': { schema: body },
                'application/json': { schema: body },
              },
        },
        responses: {
          200: {
            description: 'The codeFlag envelope: data on success (codeFlag 0), a localized mesg otherwise',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['codeFlag', 'mesg'],
                  properties: {
                    codeFlag: { type: 'integer', enum: Object.values(CodeFlag) },
                    mesg: { type: 'string' },
                    data: toJsonSchema(contract.response, 'output'),
                    errors: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Metal Market app protocol',
      version,
      description:
        'Every call is POST /<module>/<action>.htmls with a form (or JSON) body carrying session_id, platform ' +
        `and openId. codeFlag values: ${Object.entries(CodeFlag)
          .map(([name, value]) => `${value} ${name}`)
          .join(', ')}.`,
    },
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained reference page (no scripts, no CDN) listing every call and its fields. */
export function renderReferencePage(calls: CallContract[]): string {
  const sections = calls
    .map((contract) => {
      const body = requestSchema(contract);
      const required = new Set(body.required);
      const rows = Object.entries(body.properties as Record<string, { type?: string; description?: string }>)
        .map(
          ([name, prop]) =>
            `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(String(prop.type ?? 'value'))}</td><td>${required.has(name) ? 'required' : ''}</td></tr>`,
        )
        .join('');
      return `<section><h2><code>POST /${escapeHtml(contract.path)}.htmls</code></h2><p>${escapeHtml(contract.summary)} · <em>${escapeHtml(AUTH_DESCRIPTIONS[contract.auth])}</em></p><table><tr><th>field</th><th>type</th><th></th></tr>${rows}</table></section>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:920px;margin:0 auto;padding:16px;color:#1f2937}h1{font-size:22px}h2{font-size:16px;margin:24px 0 4px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:4px 8px;text-align:left}code{background:#f3f4f6;padding:1px 4px;border-radius:4px}</style></head><body><h1>Metal Market API reference</h1><p>The machine-readable document is at <a href="/openapi.json">/openapi.json</a>. Answers are <code>{"codeFlag":0,"mesg":"","data":…}</code> on success.</p>${sections}</body></html>`;
}
