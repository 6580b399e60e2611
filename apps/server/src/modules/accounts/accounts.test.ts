import {
  type CallRequest,
  Calls,
  CodeFlag,
  SMS_DAILY_CAP_PER_IP,
  SMS_DAILY_CAP_PER_PHONE,
  shanghaiDayStart,
} from '@metal/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { SANDBOX_REJECTED_PREFIX } from '../../platform/sms';
import { sha256 } from './accounts.crypto';
import { captchas, loginFailures, sessions, smsCodes, users } from './accounts.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countRows = async (table: typeof users | typeof sessions | typeof smsCodes) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

async function sendCode(
  phone: CallRequest<typeof Calls.sendCode>['phone'],
  purpose: CallRequest<typeof Calls.sendCode>['purpose'] = 'register',
  ip?: string,
) {
  return t.call(Calls.sendCode, { phone, purpose }, ip ? { ip } : {});
}

async function registerNew(password = 'abc12345') {
  const phone = t.nextPhone();
  const code = (await sendCode(phone)).body.data!.code!;
  const { body } = await t.call(Calls.register, {
    phone,
    code,
    password,
    password2: password,
    agree: 1,
  });
  expect(body.codeFlag).toBe(CodeFlag.ok);
  return { phone, password, session: body.data! };
}

describe('user/send_code', () => {
  it('sends a 6-digit code that the sandbox returns only when SMS_SANDBOX is on', async () => {
    const phone = t.nextPhone();
    const { body } = await sendCode(phone);
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data?.code).toMatch(/^\d{6}$/);
    expect(body.data?.resendAfter).toBe(60);
    expect(t.sms.lastCodeFor(phone)).toBe(body.data?.code);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row?.codeHash).not.toContain(body.data?.code);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000).toBe(300);

    const quiet = await buildTestApp({ smsSandbox: false });
    try {
      const answer = await quiet.call(Calls.sendCode, { phone, purpose: 'register' });
      expect(answer.body.codeFlag).toBe(CodeFlag.ok);
      expect(answer.body.data).not.toHaveProperty('code');
      expect(quiet.sms.lastCodeFor(phone)).toMatch(/^\d{6}$/);
    } finally {
      await quiet.close();
    }
  });

  it('refuses a bad phone or purpose and writes nothing', async () => {
    const before = await countRows(smsCodes);
    for (const fields of [
      { phone: '1234', purpose: 'register' },
      { phone: '12812345678', purpose: 'register' },
      { phone: '13912345678', purpose: 'spam' },
      {},
    ]) {
      const { body } = await t.callRaw(Calls.sendCode, fields, { lang: 'en-US' });
      expect(body.codeFlag).toBe(CodeFlag.invalidInput);
      expect(body.mesg.length).toBeGreaterThan(0);
    }
    expect((await t.call(Calls.sendCode, { phone: '1234', purpose: 'register' })).body.mesg).toBe(
      '请输入正确的手机号码',
    );
    expect(await countRows(smsCodes)).toBe(before);
  });

  it('waits 60 s between codes to one phone', async () => {
    const phone = t.nextPhone();
    expect((await sendCode(phone)).body.codeFlag).toBe(CodeFlag.ok);
    t.clock.advance(30);
    const again = await sendCode(phone, 'register');
    expect(again.body).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: '验证码发送太频繁，请30秒后再试',
      data: { retryAfter: 30 },
    });
    t.clock.advance(30);
    expect((await sendCode(phone)).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('sends one code when several requests for a phone arrive at once', async () => {
    const phone = t.nextPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => sendCode(phone)));
    expect(results.filter((r) => r.body.codeFlag === CodeFlag.ok)).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]?.n).toBe(1);
  });

  it('caps codes per phone and per address each day', async () => {
    const phone = t.nextPhone();
    for (let i = 0; i < SMS_DAILY_CAP_PER_PHONE; i++) {
      expect((await sendCode(phone)).body.codeFlag).toBe(CodeFlag.ok);
      t.clock.advance(61);
    }
    const capped = await sendCode(phone, 'register');
    expect(capped.body).toMatchObject({ codeFlag: CodeFlag.tooManyRequests, mesg: '今日获取验证码次数已达上限' });
    const midnight = shanghaiDayStart(t.clock.now()).getTime() + 24 * 3600_000;
    expect(capped.body.data).toEqual({ retryAfter: Math.ceil((midnight - t.clock.now().getTime()) / 1000) });

    const ip = '10.200.0.1';
    let sent = 0;
    for (let i = 0; i < SMS_DAILY_CAP_PER_IP; i++) {
      // Spread over minutes so the per-minute address limit is not what stops it.
      if (i % 9 === 0) t.clock.advance(61);
      if ((await sendCode(t.nextPhone(), 'register', ip)).body.codeFlag === CodeFlag.ok) sent++;
    }
    expect(sent).toBeLessThanOrEqual(SMS_DAILY_CAP_PER_IP);
  });

  it('caps the codes one address is sent a day at SMS_DAILY_CAP_PER_IP, other addresses still served', async () => {
    const capped = await buildTestApp({ smsDailyCapPerIp: 3 });
    try {
      const send = (ip: string) =>
        capped.call(Calls.sendCode, { phone: capped.nextPhone(), purpose: 'register' }, { ip });
      for (let i = 0; i < 3; i++) expect((await send('10.200.0.2')).body.codeFlag).toBe(CodeFlag.ok);
      expect((await send('10.200.0.2')).body).toMatchObject({
        codeFlag: CodeFlag.tooManyRequests,
        mesg: '今日获取验证码次数已达上限',
      });
      expect((await send('10.200.0.3')).body.codeFlag).toBe(CodeFlag.ok);
    } finally {
      await capped.close();
    }
  });

  it('needs a new number to register and a registered one to log in', async () => {
    const { phone } = await t.buildUser();
    expect((await sendCode(phone, 'register')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '该手机号已注册',
    });
    expect((await sendCode(t.nextPhone(), 'login')).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await sendCode(phone, 'login')).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('records nothing when the SMS provider refuses, so the user can retry at once', async () => {
    const phone = `${SANDBOX_REJECTED_PREFIX}1234`;
    const before = await countRows(smsCodes);
    const { body } = await sendCode(phone);
    expect(body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '短信发送失败，请稍后再试' });
    expect(await countRows(smsCodes)).toBe(before);
  });
});

describe('user/register', () => {
  it('registers and logs in: the session user of SPEC §3', async () => {
    const { phone, session } = await registerNew();
    expect(session).toMatchObject({ account: phone, userId: expect.any(Number), sessionId: expect.any(String) });
    expect(session.rootId).toBe(session.userId);
    expect(session.lastLoginDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(session.sessionId)));
    expect(stored?.userId).toBe(session.userId);
    const info = await t.call(Calls.info, {}, { session: session.sessionId });
    expect(info.body.data).toMatchObject({
      userId: session.userId,
      nickName: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    });
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('checks every field with the messages of SPEC §5, writing nothing', async () => {
    const phone = t.nextPhone();
    const code = (await sendCode(phone)).body.data!.code!;
    const usersBefore = await countRows(users);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '123', code, password: 'abc12345', password2: 'abc12345', agree: 1 }, 'phone', '请输入正确的手机号码'],
      [{ phone, code, password: 'abc12345', password2: 'abc12346', agree: 1 }, 'password2', '两次输入的密码不一致'],
      [{ phone, code, password: 'abc12', password2: 'abc12', agree: 1 }, 'password', '密码为6-18位字母和数字组合'],
      [
        { phone, code, password: 'abcdefghijklmnopqrs1', password2: 'abcdefghijklmnopqrs1', agree: 1 },
        'password',
        '密码为6-18位字母和数字组合',
      ],
      [
        { phone, code, password: '12345678', password2: '12345678', agree: 1 },
        'password',
        '密码为6-18位字母和数字组合',
      ],
      [
        { phone, code, password: 'abc 12345', password2: 'abc 12345', agree: 1 },
        'password',
        '密码为6-18位字母和数字组合',
      ],
      [
        { phone, code, password: 'abc12345', password2: 'abc12345', agree: 0 },
        'agree',
        '请先阅读并同意用户协议和隐私政策',
      ],
      [{ phone, code, password: 'abc12345', password2: 'abc12345' }, 'agree', '请先阅读并同意用户协议和隐私政策'],
      [{ phone, code: '12ab56', password: 'abc12345', password2: 'abc12345', agree: 1 }, 'code', '请输入6位数字验证码'],
    ];
    for (const [fields, field, message] of cases) {
      const { body } = await t.callRaw(Calls.register, fields);
      expect(body.codeFlag, JSON.stringify(fields)).toBe(CodeFlag.invalidInput);
      expect(body.errors?.[field], JSON.stringify(fields)).toBe(message);
    }
    const english = await t.callRaw(
      Calls.register,
      { phone, code, password: 'abc12345', password2: 'x', agree: 1 },
      { lang: 'en-US' },
    );
    expect(english.body.mesg).toBe('Passwords do not match');
    expect(await countRows(users)).toBe(usersBefore);
    // The code was not spent by the failed attempts.
    const ok = await t.call(Calls.register, { phone, code, password: 'abc12345', password2: 'abc12345', agree: 1 });
    expect(ok.body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses a wrong, expired, reused or other-purpose code', async () => {
    const phone = t.nextPhone();
    const fields = { phone, password: 'abc12345', password2: 'abc12345', agree: 1 as const };
    const code = (await sendCode(phone)).body.data!.code!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call(Calls.register, { ...fields, code: wrong })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '验证码错误或已过期',
    });
    t.clock.advance(301);
    expect((await t.call(Calls.register, { ...fields, code })).body.codeFlag).toBe(CodeFlag.invalidInput);

    const fresh = (await sendCode(phone)).body.data!.code!;
    expect((await t.call(Calls.register, { ...fields, code: fresh })).body.codeFlag).toBe(CodeFlag.ok);
    const reuse = await t.call(Calls.register, { ...fields, phone, code: fresh });
    expect(reuse.body.codeFlag).not.toBe(0);

    const { phone: registered } = await t.buildUser();
    t.clock.advance(61);
    const loginCode = (await sendCode(registered, 'login')).body.data!.code!;
    const other = t.nextPhone();
    expect((await t.call(Calls.register, { ...fields, phone: other, code: loginCode })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
  });

  it('burns a code after five wrong guesses', async () => {
    const phone = t.nextPhone();
    const code = (await sendCode(phone)).body.data!.code!;
    const fields = { phone, password: 'abc12345', password2: 'abc12345', agree: 1 as const };
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await t.call(Calls.register, { ...fields, code: guess })).body.codeFlag).toBe(CodeFlag.invalidInput);
    }
    expect((await t.call(Calls.register, { ...fields, code })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('says the phone is already registered', async () => {
    const { phone } = await registerNew();
    const { body } = await t.call(
      Calls.register,
      { phone, code: '123456', password: 'abc12345', password2: 'abc12345', agree: 1 },
      { lang: 'en-US' },
    );
    expect(body.codeFlag).not.toBe(0);
    const send = await sendCode(phone);
    expect(send.body.mesg).toBe('该手机号已注册');
  });

  it('registers one user when the same code is submitted twice at once', async () => {
    const phone = t.nextPhone();
    const code = (await sendCode(phone)).body.data!.code!;
    const fields = { phone, code, password: 'abc12345', password2: 'abc12345', agree: 1 as const };
    const results = await Promise.all([
      t.call(Calls.register, fields),
      t.call(Calls.register, fields),
      t.call(Calls.register, fields),
    ]);
    expect(results.filter((r) => r.body.codeFlag === CodeFlag.ok)).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(users).where(eq(users.phone, phone)))[0]?.n).toBe(1);
  });
});

describe('user/login', () => {
  it('logs in by phone or account (any case) with the password', async () => {
    const { phone, password, session } = await registerNew('Pass1234');
    const byPhone = await t.call(Calls.login, { account: phone, password });
    expect(byPhone.body.codeFlag).toBe(CodeFlag.ok);
    expect(byPhone.body.data).toMatchObject({ userId: session.userId, rootId: session.userId, account: phone });
    expect(byPhone.body.data?.sessionId).not.toBe(session.sessionId);
    await t.db.update(users).set({ account: 'Trader88' }).where(eq(users.id, session.userId));
    expect((await t.call(Calls.login, { account: 'trader88', password })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses bad input without counting a failure', async () => {
    const before = (await t.db.select({ n: count() }).from(loginFailures))[0]?.n;
    for (const fields of [
      { account: 'a'.repeat(19), password: 'x' },
      { account: 'ab-cd', password: 'x' },
      { account: 'abc', password: '' },
      {},
    ]) {
      expect((await t.callRaw(Calls.login, fields)).body.codeFlag).toBe(CodeFlag.invalidInput);
    }
    expect((await t.call(Calls.login, { account: 'ab-cd', password: 'x' }, { lang: 'en-US' })).body.mesg).toBe(
      'The account may only contain letters and digits, at most 18',
    );
    expect((await t.db.select({ n: count() }).from(loginFailures))[0]?.n).toBe(before);
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const { phone } = await t.buildUser();
    const ip = '10.50.0.1';
    const wrongPassword = await t.call(Calls.login, { account: phone, password: 'nope1234' }, { ip });
    const unknown = await t.call(Calls.login, { account: t.nextPhone(), password: 'nope1234' }, { ip: '10.50.0.2' });
    expect(wrongPassword.body).toEqual({
      codeFlag: CodeFlag.invalidInput,
      mesg: '账号或密码错误',
      data: { needCaptcha: false },
    });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('asks for the image captcha after three failures for an account, and checks it once', async () => {
    const { phone, password } = await t.buildUser();
    for (let i = 0; i < 3; i++) {
      const failed = await t.call(Calls.login, { account: phone, password: 'wrong123' });
      expect(failed.body.data).toEqual({ needCaptcha: i === 2 });
    }
    const noCaptcha = await t.call(Calls.login, { account: phone, password });
    expect(noCaptcha.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请输入图形验证码',
      data: { needCaptcha: true },
    });

    const image = await t.call(Calls.captchaImage);
    expect(image.body.data?.svg).toMatch(/^<svg/);
    const key = image.body.data!.captchaKey;
    const wrong = await t.call(Calls.login, { account: phone, password, captchaKey: key, captcha: 'zzzz' });
    expect(wrong.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '图形验证码错误或已过期' });

    // The answer is only on the server: read it back through a known key.
    const known = await t.call(Calls.captchaImage);
    await t.db
      .update(captchas)
      .set({ answerHash: sha256('ab3d') })
      .where(eq(captchas.key, known.body.data!.captchaKey));
    const ok = await t.call(Calls.login, {
      account: phone,
      password,
      captchaKey: known.body.data!.captchaKey,
      captcha: 'AB3D',
    });
    expect(ok.body.codeFlag).toBe(CodeFlag.ok);
    const reused = await t.call(Calls.login, {
      account: phone,
      password,
      captchaKey: known.body.data!.captchaKey,
      captcha: 'ab3d',
    });
    expect(reused.body.mesg).toBe('图形验证码错误或已过期');
  });

  it('asks for the captcha per account: failures on other accounts from the same address leave it out', async () => {
    const ip = '10.60.0.1';
    for (let i = 0; i < 5; i++) await t.call(Calls.login, { account: t.nextPhone(), password: 'wrong123' }, { ip });
    const { phone, password } = await t.buildUser();
    expect((await t.call(Calls.login, { account: phone, password }, { ip })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('counts the failures of an account together whether its phone or its account name is typed', async () => {
    const { user, phone, password } = await t.buildUser();
    await t.db
      .update(users)
      .set({ account: `acct${user.id}` })
      .where(eq(users.id, user.id));
    await t.call(Calls.login, { account: phone, password: 'wrong123' });
    await t.call(Calls.login, { account: `ACCT${user.id}`, password: 'wrong123' });
    const third = await t.call(Calls.login, { account: phone, password: 'wrong123' });
    expect(third.body.data).toEqual({ needCaptcha: true });
    expect((await t.call(Calls.login, { account: `acct${user.id}`, password })).body.mesg).toBe('请输入图形验证码');
  });

  it('asks one address for the captcha after 30 failures on any accounts, and refuses it after 100', async () => {
    const ip = '10.61.0.1';
    const failFrom = (n: number) =>
      t.db
        .insert(loginFailures)
        .values(Array.from({ length: n }, (_, i) => ({ account: `sprayed${i}`, ip, createdAt: t.clock.now() })));
    const { phone, password } = await t.buildUser();
    await failFrom(29);
    expect((await t.call(Calls.login, { account: phone, password }, { ip })).body.codeFlag).toBe(CodeFlag.ok);
    await failFrom(1);
    expect((await t.call(Calls.login, { account: phone, password }, { ip })).body.data).toEqual({ needCaptcha: true });
    expect((await t.call(Calls.login, { account: phone, password }, { ip: '10.61.0.2' })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    await failFrom(70);
    expect((await t.call(Calls.login, { account: phone, password }, { ip })).body).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: '操作太频繁，请稍后再试',
    });
    t.clock.advance(15 * 60 + 1);
    expect((await t.call(Calls.login, { account: phone, password }, { ip })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('locks an account after ten failures from any addresses until the window has passed', async () => {
    const { phone, password } = await t.buildUser();
    await t.db
      .insert(loginFailures)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ account: phone, ip: `10.62.0.${i + 1}`, createdAt: t.clock.now() })),
      );
    expect((await t.call(Calls.login, { account: phone, password })).body).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      data: { retryAfter: 15 * 60 },
    });
    // Five minutes on, the failures leave the window five minutes sooner.
    t.clock.advance(5 * 60);
    expect((await t.call(Calls.login, { account: phone, password })).body.data).toEqual({ retryAfter: 10 * 60 });
    t.clock.advance(10 * 60 + 1);
    expect((await t.call(Calls.login, { account: phone, password })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses a disabled account', async () => {
    const { user, phone, password } = await t.buildUser();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await t.call(Calls.login, { account: phone, password })).body.codeFlag).toBe(CodeFlag.forbidden);
  });
});

describe('user/login_code', () => {
  it('logs in with a login code', async () => {
    const { phone, user } = await t.buildUser();
    t.clock.advance(61);
    const code = (await sendCode(phone, 'login')).body.data!.code!;
    const { body } = await t.call(Calls.loginCode, { phone, code });
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data?.userId).toBe(user.id);
    expect((await t.call(Calls.loginCode, { phone, code })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('refuses bad input and a register code, writing no session', async () => {
    const phone = t.nextPhone();
    const registerCode = (await sendCode(phone)).body.data!.code!;
    const before = await countRows(sessions);
    expect((await t.call(Calls.loginCode, { phone, code: registerCode })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await t.call(Calls.loginCode, { phone: '1', code: '1' }, { lang: 'en-US' })).body.errors).toEqual({
      phone: 'Please enter the correct phone number',
      code: 'Please enter the 6-digit code',
    });
    expect(await countRows(sessions)).toBe(before);
  });
});

describe('sessions', () => {
  it('logout revokes the session; user/info then answers a visitor', async () => {
    const { session } = await registerNew();
    expect((await t.call(Calls.getAllFoot, {}, { session: session.sessionId })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.logout, {}, { session: session.sessionId })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.getAllFoot, {}, { session: session.sessionId })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
    expect((await t.call(Calls.info, {}, { session: session.sessionId })).body.data?.userId).toBe(0);
    expect((await t.call(Calls.logout)).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('expires after 30 days without use and slides while used', async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    for (let day = 0; day < 40; day += 10) {
      t.clock.advance(10 * 24 * 3600);
      expect((await t.call(Calls.getAllFoot, {}, { session: a.session })).body.codeFlag).toBe(CodeFlag.ok);
    }
    expect((await t.call(Calls.getAllFoot, {}, { session: b.session })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const { phone, password } = await t.buildUser();
    const first = (await t.call(Calls.login, { account: phone, password })).body.data!.sessionId;
    const second = (await t.call(Calls.login, { account: phone, password })).body.data!.sessionId;
    const bad = await t.call(
      Calls.modifyPassword,
      { oldPassword: 'wrong123', password: 'new12345', password2: 'new12345' },
      { session: first },
    );
    expect(bad.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '原密码错误' });
    expect(
      (
        await t.call(
          Calls.modifyPassword,
          { oldPassword: password, password: 'new12345', password2: 'new1234' },
          { session: first },
        )
      ).body.mesg,
    ).toBe('两次输入的密码不一致');
    expect((await t.call(Calls.getAllFoot, {}, { session: second })).body.codeFlag).toBe(CodeFlag.ok);

    const ok = await t.call(
      Calls.modifyPassword,
      { oldPassword: password, password: 'new12345', password2: 'new12345' },
      { session: first },
    );
    expect(ok.body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.getAllFoot, {}, { session: first })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.getAllFoot, {}, { session: second })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.login, { account: phone, password: 'new12345' })).body.codeFlag).toBe(CodeFlag.ok);
    expect(
      (await t.call(Calls.modifyPassword, { oldPassword: 'a', password: 'b', password2: 'b' })).body.codeFlag,
    ).toBe(CodeFlag.notLoggedIn);
  });

  it('a session that keeps guessing the current password is logged out, and the right one then fails too', async () => {
    const { phone, password, session } = await t.buildUser();
    const other = (await t.call(Calls.login, { account: phone, password })).body.data!.sessionId;
    const guess = (oldPassword: string, lang?: string) =>
      t.call(
        Calls.modifyPassword,
        { oldPassword, password: 'new12345', password2: 'new12345' },
        { session, ...(lang ? { lang } : {}) },
      );
    for (let i = 0; i < 4; i++) expect((await guess(`wrong${i}aa`)).body.mesg).toBe('原密码错误');
    const fifth = await guess('wrong5aa', 'en-US');
    expect(fifth.body).toMatchObject({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: 'The current password was wrong too many times: to protect the account you have been logged out, please log in again',
    });
    expect((await guess(password)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.login, { account: phone, password: 'new12345' })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    // The guesses count as login failures of the account: the next login needs the captcha.
    expect((await t.call(Calls.login, { account: phone, password })).body.mesg).toBe('请输入图形验证码');
    // Another session of the account may guess, but each wrong guess now ends it.
    const again = await t.call(
      Calls.modifyPassword,
      { oldPassword: 'wrong6aa', password: 'new12345', password2: 'new12345' },
      { session: other },
    );
    expect(again.body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('refuses password changes of an account locked by failures, even with the right password, until the window has passed', async () => {
    const { phone, password, session } = await t.buildUser();
    await t.db
      .insert(loginFailures)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ account: phone, ip: `10.63.0.${i + 1}`, createdAt: t.clock.now() })),
      );
    const change = () =>
      t.call(Calls.modifyPassword, { oldPassword: password, password: 'new12345', password2: 'new12345' }, { session });
    expect((await change()).body.codeFlag).toBe(CodeFlag.tooManyRequests);
    expect((await t.call(Calls.getAllFoot, {}, { session })).body.codeFlag).toBe(CodeFlag.ok);
    t.clock.advance(15 * 60 + 1);
    expect((await change()).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('a reset by SMS code ends every session', async () => {
    const { phone, session } = await t.buildUser();
    t.clock.advance(61);
    const code = (await sendCode(phone, 'reset')).body.data!.code!;
    expect(
      (await t.call(Calls.resetPassword, { phone, code, password: 'short', password2: 'short' })).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect((await t.call(Calls.getAllFoot, {}, { session })).body.codeFlag).toBe(CodeFlag.ok);
    expect(
      (await t.call(Calls.resetPassword, { phone, code, password: 'reset123', password2: 'reset123' })).body.codeFlag,
    ).toBe(CodeFlag.ok);
    expect((await t.call(Calls.getAllFoot, {}, { session })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.login, { account: phone, password: 'reset123' })).body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('user/info', () => {
  it("shows a visitor 'please log in' in the caller's language", async () => {
    expect((await t.call(Calls.info, {}, { lang: 'en-US' })).body.data?.nickName).toBe('Please log in');
  });

  it('shows the company name and whether company info is complete', async () => {
    const { user, session } = await t.buildUser();
    const before = await t.call(Calls.info, {}, { session });
    expect(before.body.data).toMatchObject({ complete_info: false, companyName: '' });
    await t.buildCompany(user.id, { name: '佛山测试铝材有限公司' });
    const after = await t.call(Calls.info, {}, { session });
    expect(after.body.data).toMatchObject({
      complete_info: true,
      companyName: '佛山测试铝材有限公司',
      businessModel: 'trader',
    });
  });

  it('shows the certified-supplier and forecast VIP periods a user holds now, grants that follow on joined', async () => {
    const { user, session } = await t.buildUser();
    const operator = await t.buildOperator();
    const info = async () => (await t.call(Calls.info, {}, { session })).body.data!;
    expect(await info()).toMatchObject({ isVip: false, vipStart: null, vipEnd: null, isForecastVip: false });
    const grant = (
      kind: CallRequest<typeof Calls.grantEntitlement>['kind'],
      days: CallRequest<typeof Calls.grantEntitlement>['days'],
    ) =>
      t.call(
        Calls.grantEntitlement,
        { reason: 'test grant', userId: user.id, kind, days },
        { session: operator.session },
      );
    expect((await grant('certified_supplier', 30)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await grant('certified_supplier', 30)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await grant('forecast_vip', 7)).body.codeFlag).toBe(CodeFlag.ok);
    const now = t.clock.now().getTime();
    const day = 24 * 3600 * 1000;
    const daySeconds = 24 * 3600;
    const summary = await info();
    expect(summary).toMatchObject({ isVip: true, isForecastVip: true });
    expect(Date.parse(summary.vipStart!)).toBe(now);
    expect(Date.parse(summary.vipEnd!)).toBe(now + 60 * day);
    expect(Date.parse(summary.forecastVipEnd!)).toBe(now + 7 * day);
    t.clock.advance(8 * daySeconds);
    expect(await info()).toMatchObject({ isVip: true, isForecastVip: false, forecastVipEnd: null });
    t.clock.advance(60 * daySeconds);
    expect(await info()).toMatchObject({ isVip: false, vipEnd: null });
  });

  it("shows the company's certified-supplier period to its staff, and an employee's own forecast VIP only to them", async () => {
    const owner = await t.buildUser();
    const employee = await t.buildEmployee(owner);
    const operator = await t.buildOperator();
    const grant = (
      userId: CallRequest<typeof Calls.grantEntitlement>['userId'],
      kind: CallRequest<typeof Calls.grantEntitlement>['kind'],
    ) =>
      t.call(Calls.grantEntitlement, { reason: 'test grant', userId, kind, days: 30 }, { session: operator.session });
    expect((await grant(owner.user.id, 'certified_supplier')).body.codeFlag).toBe(CodeFlag.ok);
    expect((await grant(employee.user.id, 'forecast_vip')).body.codeFlag).toBe(CodeFlag.ok);
    const info = async (session: string) => (await t.call(Calls.info, {}, { session })).body.data!;
    expect(await info(employee.session)).toMatchObject({ isVip: true, isForecastVip: true });
    expect(await info(owner.session)).toMatchObject({ isVip: true, isForecastVip: false });
  });
});
