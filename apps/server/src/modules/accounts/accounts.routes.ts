import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { disableUser, enableUser, searchUsers, userDetail } from './accounts.console';
import { ProfileCache } from './accounts.profile';
import {
  changePassword,
  login,
  loginWithCode,
  newCaptcha,
  register,
  resetPassword,
  revokeSession,
  sendCode,
} from './accounts.service';
import { SessionCache } from './accounts.sessions';

/** Per-IP limits on the calls that guess at secrets or cost an SMS (each in place of the global limit, and stricter). */
const SEND_CODE_LIMIT = { max: 10, timeWindow: '1 minute' };
const LOGIN_LIMIT = { max: 30, timeWindow: '1 minute' };

export function accountsRoutes(app: FastifyInstance) {
  const { db, clock, sms, config, bus } = app.deps;
  const sessions = new SessionCache({ db, clock, bus, maxAgeSeconds: config.sessionCacheSeconds });
  app.decorate('resolveSession', (sessionId: string) => sessions.resolve(sessionId));
  const profiles = new ProfileCache({ db, clock, bus, maxAgeSeconds: config.profileCacheSeconds });

  registerCall(
    app,
    Calls.sendCode,
    ({ input, ip }) =>
      sendCode({
        db,
        sms,
        clock,
        phone: input.phone,
        purpose: input.purpose,
        ip,
        revealCode: config.smsSandbox,
        dailyCapPerIp: config.smsDailyCapPerIp,
      }),
    { rateLimit: SEND_CODE_LIMIT },
  );
  registerCall(
    app,
    Calls.register,
    ({ input, platform }) =>
      register({ db, clock, phone: input.phone, code: input.code, password: input.password, platform }),
    { rateLimit: LOGIN_LIMIT },
  );
  registerCall(
    app,
    Calls.login,
    ({ input, ip, platform }) =>
      login({
        db,
        clock,
        account: input.account,
        password: input.password,
        captchaKey: input.captchaKey,
        captcha: input.captcha,
        ip,
        platform,
      }),
    { rateLimit: LOGIN_LIMIT },
  );
  registerCall(
    app,
    Calls.loginCode,
    ({ input, platform }) => loginWithCode({ db, clock, phone: input.phone, code: input.code, platform }),
    {
      rateLimit: LOGIN_LIMIT,
    },
  );
  registerCall(app, Calls.logout, async ({ actor }) => {
    await revokeSession({ db, actor, clock, endings: sessions });
    return null;
  });
  registerCall(app, Calls.modifyPassword, async ({ actor, input, ip }) => {
    await changePassword({
      db,
      clock,
      endings: sessions,
      actor,
      oldPassword: input.oldPassword,
      password: input.password,
      ip,
    });
    return null;
  });
  registerCall(
    app,
    Calls.resetPassword,
    async ({ input }) => {
      await resetPassword({
        db,
        clock,
        endings: sessions,
        phone: input.phone,
        code: input.code,
        password: input.password,
      });
      return null;
    },
    { rateLimit: LOGIN_LIMIT },
  );
  registerCall(app, Calls.info, ({ actor, lang }) => profiles.summary(actor, lang));
  registerCall(app, Calls.captchaImage, () => newCaptcha({ db, clock }), { rateLimit: LOGIN_LIMIT });

  registerCall(app, Calls.consoleUserSearch, (call) => searchUsers(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.consoleUserDetail, (call) => userDetail(serviceContext(app.deps, call), call.input.userId));
  registerCall(app, Calls.consoleUserDisable, (call) => disableUser(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.consoleUserEnable, (call) => enableUser(serviceContext(app.deps, call), call.input));
}
