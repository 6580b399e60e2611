import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZConsoleUserDetail,
  ZConsoleUserPage,
  ZConsoleUserRequest,
  ZConsoleUserSearchRequest,
  ZConsoleUserStateRequest,
} from './console';
import {
  ZCaptchaImage,
  ZLoginCodeRequest,
  ZLoginRequest,
  ZModifyPasswordRequest,
  ZProfileSummary,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZSessionUser,
} from './schemas';

/** The `.htmls` calls of accounts (see contract.ts). */
export const accountsCalls = {
  sendCode: contract({
    path: 'user/send_code',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Send a 6-digit SMS code for register, login, reset, change_phone or delete_account',
    request: ZSendCodeRequest,
    response: ZSendCodeResponse,
  }),
  register: contract({
    path: 'user/register',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Register with phone, SMS code and password; answers the session user (logged in)',
    request: ZRegisterRequest,
    response: ZSessionUser,
  }),
  login: contract({
    path: 'user/login',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Log in with account (or phone) and password; after 3 failures the image captcha is required',
    request: ZLoginRequest,
    response: ZSessionUser,
  }),
  loginCode: contract({
    path: 'user/login_code',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Log in with phone and SMS code',
    request: ZLoginCodeRequest,
    response: ZSessionUser,
  }),
  logout: contract({
    path: 'user/logout',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Revoke the current session',
    request: ZEmptyRequest,
    response: ZNull,
  }),
  modifyPassword: contract({
    path: 'user/modify_password',
    auth: 'user',
    feature: 'accounts',
    summary: 'Change the password (old password required); ends every other session',
    request: ZModifyPasswordRequest,
    response: ZNull,
  }),
  resetPassword: contract({
    path: 'user/reset_password',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Reset a forgotten password with an SMS code (purpose reset); ends every session',
    request: ZResetPasswordRequest,
    response: ZNull,
  }),
  info: contract({
    path: 'user/info',
    auth: 'visitor',
    feature: 'accounts',
    summary: "The profile summary of SPEC §3 (a visitor's says 'please log in')",
    request: ZEmptyRequest,
    response: ZProfileSummary,
  }),
  captchaImage: contract({
    path: 'captcha/image',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'A new image captcha as SVG; send its captchaKey with the answer',
    request: ZEmptyRequest,
    response: ZCaptchaImage,
  }),
  consoleUserSearch: contract({
    path: 'console/user/search',
    auth: 'operator',
    feature: 'accounts',
    summary:
      'Accounts (console): search accounts by phone, account, nickname or company name, newest first, a page at a time',
    request: ZConsoleUserSearchRequest,
    response: ZConsoleUserPage,
  }),
  consoleUserDetail: contract({
    path: 'console/user/detail',
    auth: 'operator',
    feature: 'accounts',
    summary:
      'Accounts (console): one account with its company, role, state and its history, listings and recent logins',
    request: ZConsoleUserRequest,
    response: ZConsoleUserDetail,
  }),
  // Customer service disables and enables accounts (fraud, complaints): reversible and moving no money,
  // unlike the administrators' calls, and every change is logged with the operator and the reason.
  consoleUserDisable: contract({
    path: 'console/user/disable',
    auth: 'operator',
    feature: 'accounts',
    summary:
      "Accounts (console): disable an account with a reason: its sessions end on every instance, its (an owner's: the company's) public listings go off sale",
    request: ZConsoleUserStateRequest,
    response: ZConsoleUserDetail,
  }),
  consoleUserEnable: contract({
    path: 'console/user/enable',
    auth: 'operator',
    feature: 'accounts',
    summary:
      'Accounts (console): enable a disabled account with a reason: the listings its disabling took off sale go back, and only those',
    request: ZConsoleUserStateRequest,
    response: ZConsoleUserDetail,
  }),
} as const;
