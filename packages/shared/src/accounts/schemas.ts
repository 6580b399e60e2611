import { z } from 'zod';
import { ACCOUNT_MAX, BUSINESS_MODELS, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH, SMS_PURPOSES } from '../constants';

import { formFlag, mobile } from '../schemas/common';
import { COMPANY_ROLES, PERMISSIONS } from '../staff/permissions';

export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
export const ACCOUNT_PATTERN = new RegExp(`^[A-Za-z\\d]{1,${ACCOUNT_MAX}}$`);
const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

export const password = () =>
  z.string({ error: 'password.invalid' }).regex(PASSWORD_PATTERN, { error: 'password.invalid' });
export const smsCode = () => z.string({ error: 'code.invalid' }).trim().regex(CODE_PATTERN, { error: 'code.invalid' });

/** `user/send_code` */
export const ZSendCodeRequest = z.object({
  phone: mobile(),
  purpose: z.enum(SMS_PURPOSES, { error: 'common.invalidInput' }),
});
export type TSendCodeRequest = z.infer<typeof ZSendCodeRequest>;
/** `data.code` is present only when the server runs with SMS_SANDBOX=1. */
export const ZSendCodeResponse = z.object({ resendAfter: z.number(), code: z.string().optional() });
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;

/** `user/register` */
export const ZRegisterRequest = z
  .object({
    phone: mobile(),
    code: smsCode(),
    password: password(),
    password2: z.string({ error: 'password.mismatch' }),
    agree: formFlag('terms.required').pipe(z.literal(1, { error: 'terms.required' })),
  })
  .refine((value) => value.password === value.password2, { path: ['password2'], error: 'password.mismatch' });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** `user/modify_password`: ends every other session of the user. */
export const ZModifyPasswordRequest = z
  .object({
    oldPassword: z.string({ error: 'password.oldWrong' }).min(1, { error: 'password.oldWrong' }).max(64),
    password: password(),
    password2: z.string({ error: 'password.mismatch' }),
  })
  .refine((value) => value.password === value.password2, { path: ['password2'], error: 'password.mismatch' });

/** `user/reset_password`: by SMS code (purpose reset); ends every session of the user. */
export const ZResetPasswordRequest = z
  .object({
    phone: mobile(),
    code: smsCode(),
    password: password(),
    password2: z.string({ error: 'password.mismatch' }),
  })
  .refine((value) => value.password === value.password2, { path: ['password2'], error: 'password.mismatch' });

/** `user/login`: the account is letters and digits (at most 18) or the phone. */
export const ZLoginRequest = z.object({
  // An empty field is asked for, not told its format is wrong: `abort` stops at the first failed check.
  account: z
    .string({ error: 'account.required' })
    .trim()
    .min(1, { error: 'account.required', abort: true })
    .regex(ACCOUNT_PATTERN, { error: 'account.invalid' }),
  password: z
    .string({ error: 'password.required' })
    .min(1, { error: 'password.required', abort: true })
    .max(64, { error: 'password.invalid' }),
  captchaKey: z.string().max(64).optional(),
  captcha: z.string().trim().max(12).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** `user/login_code` */
export const ZLoginCodeRequest = z.object({ phone: mobile(), code: smsCode() });
export type TLoginCodeRequest = z.infer<typeof ZLoginCodeRequest>;

/** SPEC §3 session user, the answer of a login. `rootId` is the company owner's userId. */
export const ZSessionUser = z.object({
  account: z.string(),
  rootId: z.number(),
  userId: z.number(),
  sessionId: z.string(),
  lastLoginDate: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** Answer of a failed `user/login` that now needs the image captcha: codeFlag 2 with `data.needCaptcha`. */
export const ZLoginFailure = z.object({ needCaptcha: z.boolean() });
export type TLoginFailure = z.infer<typeof ZLoginFailure>;

/** `captcha/image` */
export const ZCaptchaImage = z.object({ captchaKey: z.string(), svg: z.string() });
export type TCaptchaImage = z.infer<typeof ZCaptchaImage>;

/** SPEC §3 profile summary (`user/info`). Visitors get nickName 'please log in' and zeros. */
export const ZProfileSummary = z.object({
  userId: z.number(),
  attentionNum: z.number(),
  nickName: z.string(),
  companyName: z.string(),
  businessModel: z.enum(BUSINESS_MODELS).or(z.literal('')),
  visitNum: z.number(),
  vipStart: z.string().nullable(),
  vipEnd: z.string().nullable(),
  shopOpen: z.boolean(),
  isVip: z.boolean(),
  head: z.string(),
  showNum: z.number(),
  complete_info: z.boolean(),
  shopCartNum: z.number(),
  isForecastVip: z.boolean(),
  forecastVipStart: z.string().nullable(),
  forecastVipEnd: z.string().nullable(),
  phone: z.string(),
  /** The caller's place in their company, and the company permissions they hold (staff), so the app hides what they may not do. */
  companyRole: z.enum(COMPANY_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type TProfileSummary = z.infer<typeof ZProfileSummary>;
