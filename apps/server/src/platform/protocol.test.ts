import { brotliDecompressSync } from 'node:zlib';
import { Calls, CodeFlag, ZTooManyRequestsData } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { users } from '../modules/accounts/accounts.table';
import { JsonData, registerCall } from './protocol';
import { API_ANSWER_HEADERS } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the .htmls protocol', () => {
  it('answers success in the codeFlag envelope', async () => {
    const { status, body } = await t.call(Calls.info);
    expect(status).toBe(200);
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, mesg: '' });
    expect(body.data).toMatchObject({ userId: 0, nickName: '请登录' });
  });

  it('accepts JSON bodies as well as forms', async () => {
    const { body } = await t.call(Calls.info, {}, { json: true, lang: 'en-US' });
    expect(body.data).toMatchObject({ nickName: 'Please log in' });
  });

  it('localizes mesg by lang, else by Accept-Language, else in Chinese', async () => {
    const bad = { phone: '123', purpose: 'register' };
    expect((await t.callRaw(Calls.sendCode, bad)).body.mesg).toBe('请输入正确的手机号码');
    expect((await t.callRaw(Calls.sendCode, bad, { lang: 'en-US' })).body.mesg).toBe(
      'Please enter the correct phone number',
    );
    const byHeader = await t.callRaw(Calls.sendCode, bad, {
      headers: { 'accept-language': 'en-GB,en;q=0.9,zh;q=0.5' },
    });
    expect(byHeader.body.mesg).toBe('Please enter the correct phone number');
  });

  it('answers invalid input with codeFlag 2, field errors and a localized mesg', async () => {
    const { body } = await t.callRaw(Calls.register, { phone: 'x' }, { lang: 'en-US' });
    expect(body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(body.errors).toMatchObject({
      phone: 'Please enter the correct phone number',
      code: 'Please enter the 6-digit code',
    });
  });

  it('refuses a bad platform code', async () => {
    const { body } = await t.callRaw(Calls.info, { platform: 9 });
    expect(body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('sends visitors of login-only calls codeFlag 1, and treats an unknown session as a visitor', async () => {
    expect((await t.call(Calls.getAllFoot)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    const unknown = await t.call(Calls.getAllFoot, {}, { session: 'no-such-session' });
    expect(unknown.body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
  });

  it('answers unknown paths and malformed bodies as transport faults', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/nope/nothing.htmls', payload: {} });
    expect(missing.statusCode).toBe(404);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/user/info.htmls',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/user/info.htmls',
      payload: `x=${'a'.repeat(1024 * 1024 + 10)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.statusCode).toBe(413);
  });

  it("sets helmet's security headers on what a browser may render, and the REST set on call answers", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    const call = await t.callRaw(Calls.info, {});
    expect(call.body.codeFlag).toBe(CodeFlag.ok);
    expect(call.headers).toMatchObject(API_ANSWER_HEADERS);
    // No document-only header, and no remaining-calls count on an answer within the limit.
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
      'x-ratelimit-remaining',
    ]) {
      expect(call.headers).not.toHaveProperty(name);
    }
  });

  it('publishes an OpenAPI document and a reference page of every call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/user/login.htmls',
        '/foot/get_notsyn.htmls',
        '/user_center/compay_info/hav_com_info.htmls',
      ]),
    );
    const login = doc.paths['/user/login.htmls'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(login.properties).toHaveProperty('session_id');
    expect(login.required).toEqual(expect.arrayContaining(['account', 'password']));
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/user/register.htmls');
  });
});

describe('answers kept as JSON', () => {
  it('send the same bytes and headers as the answer they were written from', async () => {
    const { buildApp } = await import('../app');
    const { openTestDatabase } = await import('../../test/database');
    const { loadConfig } = await import('../config');
    const { newKeys } = await import('./keys');
    const database = await openTestDatabase();
    const app = await buildApp({
      config: { ...loadConfig({}, []), logLevel: 'silent' },
      db: database.db,
      keys: newKeys(),
    });
    const row = { name: '铝锭 "A00"', price: '20,150.00', today: true, upDown: null, time: 1_764_000_000 };
    const short = [row];
    // Above the compression threshold, as a quotes answer is.
    const long = Array.from({ length: 40 }, (_, i) => ({ ...row, time: row.time + i }));
    const contract = (path: string) => ({
      path,
      auth: 'visitor' as const,
      feature: 'markets' as const,
      summary: 'a list',
      request: z.object({}),
      response: z.array(z.unknown()),
    });
    for (const [name, data] of Object.entries({ short, long })) {
      registerCall(app, contract(`test/object-${name}`), () => data);
      const kept = new JsonData(JSON.stringify(data));
      registerCall(app, contract(`test/kept-${name}`), () => kept);
    }
    const answer = (url: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url, payload: { lang: 'en-US' }, headers });
    // The date moves on between the two; every other header is the same.
    const steady = ({ date: _date, ...rest }: Record<string, unknown>) => rest;
    const acceptEncodings = ['', 'gzip', 'br', 'gzip, deflate, br, zstd', 'x-gzip', '*', 'identity', 'deflate'];
    for (const name of ['short', 'long'])
      for (const acceptEncoding of acceptEncodings)
        for (const noCompression of [false, true]) {
          const headers = {
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
            ...(noCompression ? { 'x-no-compression': '1' } : {}),
          };
          const fromObject = await answer(`/test/object-${name}.htmls`, headers);
          // Twice: the second answer comes from what the first compressed.
          for (let time = 0; time < 2; time++) {
            const fromKept = await answer(`/test/kept-${name}.htmls`, headers);
            const sent = `${name} answer, ${JSON.stringify(headers)}`;
            expect(fromKept.rawPayload.equals(fromObject.rawPayload), sent).toBe(true);
            expect(steady(fromKept.headers), sent).toEqual(steady(fromObject.headers));
          }
        }
    const compressed = await answer('/test/kept-long.htmls', { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()).data).toEqual(long);
    await app.close();
    await database.close();
  });
});

describe('the central error handler', () => {
  it('answers codeFlag 99 for an unexpected error, logs it, and leaks nothing', async () => {
    const { buildApp } = await import('../app');
    const { openTestDatabase } = await import('../../test/database');
    const { loadConfig } = await import('../config');
    const { newKeys } = await import('./keys');
    const database = await openTestDatabase();
    const logged: unknown[] = [];
    const app = await buildApp({
      config: { ...loadConfig({}, []), logLevel: 'silent' },
      db: database.db,
      keys: newKeys(),
      logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    registerCall(
      app,
      {
        path: 'test/explode',
        auth: 'visitor',
        feature: 'accounts',
        summary: 'fails',
        request: z.object({}),
        response: z.null(),
      },
      async () => {
        await app.deps.db.select().from(users).limit(1);
        throw new Error('secret database detail');
      },
    );
    const response = await app.inject({ method: 'POST', url: '/test/explode.htmls', payload: { lang: 'en-US' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      codeFlag: CodeFlag.serverFault,
      mesg: 'Something went wrong on our side, please try again later',
    });
    expect(response.body).not.toContain('secret');
    expect(JSON.stringify(logged)).toContain('secret database detail');
    await app.close();
    await database.close();
  });

  it('answers codeFlag 6 when an address exceeds a rate limit', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await t.call(Calls.sendCode, { phone: t.nextPhone(), purpose: 'register' }, { ip: '10.9.9.9' }));
    }
    const results = answers.map((answer) => answer.body.codeFlag);
    expect(results.slice(0, 10).every((c) => c === 0)).toBe(true);
    expect(results.slice(10)).toEqual([CodeFlag.tooManyRequests, CodeFlag.tooManyRequests]);
    // The limit's own wait travels in the envelope (clients read that, not headers), the same as `retry-after`.
    const refused = answers[10]!;
    const retryAfter = ZTooManyRequestsData.parse(refused.body.data).retryAfter;
    expect(retryAfter).toBe(Number(refused.headers['retry-after']));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});
