import { describe, expect, it, vi } from 'vitest';
import { Calls } from '../calls';
import { CodeFlag } from '../constants';
import { createScriptedServer, fail, ok } from './scripted-server';

function setUp() {
  const fetchMock = vi.fn<typeof fetch>();
  const server = createScriptedServer(fetchMock);
  server.install();
  const ask = async (path: string, fields: Record<string, string> = {}) =>
    (await fetchMock(`/${path}.htmls`, { method: 'POST', body: new URLSearchParams(fields) })).json();
  return { server, ask };
}

describe('the scripted server', () => {
  it('answers a call in turn, the last answer repeating, and other calls with data null', async () => {
    const { server, ask } = setUp();
    server.serve(Calls.sendCode, fail(CodeFlag.tooManyRequests, 'wait'), ok({ resendAfter: 60 }));
    expect(await ask('user/send_code')).toEqual({ codeFlag: CodeFlag.tooManyRequests, mesg: 'wait' });
    expect(await ask('user/send_code')).toEqual({ codeFlag: 0, mesg: '', data: { resendAfter: 60 } });
    expect(await ask('user/send_code')).toEqual({ codeFlag: 0, mesg: '', data: { resendAfter: 60 } });
    expect(await ask('user/logout')).toEqual({ codeFlag: 0, mesg: '', data: null });
  });

  it('replaces only the call served again, and forgets everything when installed again', async () => {
    const { server, ask } = setUp();
    server.serve(Calls.sendCode, ok({ resendAfter: 60 }));
    server.serve(Calls.captchaImage, ok({ captchaKey: 'k', svg: '<svg/>' }));
    server.serve(Calls.sendCode, ok({ resendAfter: 30 }));
    expect(await ask('user/send_code')).toMatchObject({ data: { resendAfter: 30 } });
    expect(await ask('captcha/image')).toMatchObject({ data: { captchaKey: 'k' } });
    server.install();
    expect(await ask('captcha/image')).toMatchObject({ data: null });
  });

  it('carries a failure’s field errors and data as the server sends them', async () => {
    const { server, ask } = setUp();
    server.serve(
      Calls.login,
      fail(CodeFlag.invalidInput, 'wrong', { errors: { account: 'x' }, data: { needCaptcha: true } }),
    );
    expect(await ask('user/login')).toEqual({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'wrong',
      errors: { account: 'x' },
      data: { needCaptcha: true },
    });
  });

  it('reads what was sent to one call', async () => {
    const { server, ask } = setUp();
    server.serve(Calls.logout, ok(null));
    await ask('user/send_code', { phone: '13800000001' });
    await ask('user/logout');
    await ask('user/send_code', { phone: '13800000002' });
    expect(server.calls(Calls.sendCode)).toEqual([{ phone: '13800000001' }, { phone: '13800000002' }]);
  });

  // Fails in the type check (npm run typecheck), not at run time: each line must stay an error.
  it('takes only answers the contract allows', () => {
    const { server } = setUp();
    // @ts-expect-error resendAfter is a number
    server.serve(Calls.sendCode, ok({ resendAfter: '60' }));
    // @ts-expect-error resendAfter is required
    server.serve(Calls.sendCode, ok({ code: '123456' }));
    // @ts-expect-error a failure's codeFlag is never ok
    server.serve(Calls.sendCode, fail(CodeFlag.ok, ''));
    // @ts-expect-error envelopes are made by ok and fail
    server.serve(Calls.logout, { codeFlag: CodeFlag.ok, mesg: '', data: null });
    // @ts-expect-error at least one answer
    server.serve(Calls.logout);
  });
});
