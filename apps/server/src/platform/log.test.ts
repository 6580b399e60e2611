import { Writable } from 'node:stream';
import { CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { plainImage } from '../../test/images';
import { loggerOptions, REDACTED, redactUrl } from './log';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logStream });
});
afterAll(async () => {
  await t?.close();
});

describe('log lines', () => {
  it('name the upload call with its session id redacted, kind and platform kept', async () => {
    const owner = await t.buildUser();
    lines.length = 0;
    const uploaded = await t.upload([{ name: 'a.png', data: await plainImage('png') }], {
      session: owner.session,
      kind: 'image',
    });
    expect(uploaded.body.codeFlag).toBe(CodeFlag.ok);
    const requestLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.req?.url?.startsWith('/upload'));
    expect(requestLine?.req.url).toContain(`session_id=${REDACTED}`);
    expect(requestLine?.req.url).toContain('kind=image');
    expect(lines.join('\n')).not.toContain(owner.session);
  });

  it('leave out a logged secret field, at the top or one level down, whatever its case', () => {
    lines.length = 0;
    const body = { phone: '13800000001', Password: 'hunter22', captchaKey: 'k-1' };
    t.app.log.warn({ sessionId: 'sess-top', body, userId: 7 }, 'a call');
    const line = JSON.parse(lines.find((entry) => entry.includes('a call')) ?? '{}');
    expect(line).toMatchObject({
      sessionId: REDACTED,
      body: { phone: '13800000001', Password: REDACTED, captchaKey: REDACTED },
      userId: 7,
      msg: 'a call',
    });
    expect(body.Password).toBe('hunter22');
    expect(lines.join('\n')).not.toMatch(/sess-top|hunter22|k-1/);
  });

  it('leave out the parameters of a failed query', () => {
    const options = loggerOptions('info') as unknown as {
      serializers: { err: (error: Error) => Record<string, unknown> };
    };
    const failed = Object.assign(new Error('Failed query: select * from sessions where id = $1\nparams: sess-secret'), {
      params: ['sess-secret'],
    });
    const serialized = options.serializers.err(failed);
    expect(JSON.stringify(serialized)).not.toContain('sess-secret');
    expect(serialized.message).toBe(`Failed query: select * from sessions where id = $1\nparams: ${REDACTED}`);
  });

  it('redact secret query parameters of any URL, whatever their case, and keep the others', () => {
    expect(redactUrl('/files/k.png?expires=1&signature=abc')).toBe(`/files/k.png?expires=1&signature=${REDACTED}`);
    expect(redactUrl('/x.htmls?Session_Id=s1&password=p&lang=en-US')).toBe(
      `/x.htmls?Session_Id=${REDACTED}&password=${REDACTED}&lang=en-US`,
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
