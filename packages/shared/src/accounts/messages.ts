import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import type { MessageCatalogue } from '../message-catalogue';
import { ACCOUNT_REASON_MAX } from './console';

/** What accounts says to users (keys are semantic; see messages.ts). */
export const ACCOUNTS_MESSAGES = {
  'phone.invalid': { 'zh-CN': '请输入正确的手机号码', 'en-US': 'Please enter the correct phone number' },
  'phone.landlineInvalid': { 'zh-CN': '请输入正确的电话号码', 'en-US': 'Please enter a valid phone number' },
  'phone.alreadyRegistered': { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  'phone.notRegistered': { 'zh-CN': '该手机号尚未注册', 'en-US': 'This phone number is not registered' },
  'account.required': { 'zh-CN': '请输入账号', 'en-US': 'Please enter your account' },
  'password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter your password' },
  'account.invalid': {
    'zh-CN': '账号只能由字母和数字组成，最多18位',
    'en-US': 'The account may only contain letters and digits, at most 18',
  },
  'password.invalid': {
    'zh-CN': `密码为${PASSWORD_MIN}-${PASSWORD_MAX}位字母和数字组合`,
    'en-US': `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters of letters and digits`,
  },
  'password.oldWrong': { 'zh-CN': '原密码错误', 'en-US': 'The current password is wrong' },
  'password.tooManyWrongLoggedOut': {
    'zh-CN': '原密码错误次数过多，为保护账号已退出登录，请重新登录',
    'en-US':
      'The current password was wrong too many times: to protect the account you have been logged out, please log in again',
  },
  'password.changed': { 'zh-CN': '密码已修改，请妥善保管', 'en-US': 'Password changed' },
  'sms.sendFailed': {
    'zh-CN': '短信发送失败，请稍后再试',
    'en-US': 'The SMS could not be sent, please try again later',
  },
  'password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  'terms.required': {
    'zh-CN': '请先阅读并同意用户协议和隐私政策',
    'en-US': 'Please read and agree to the user agreement and privacy policy first',
  },
  'code.invalid': { 'zh-CN': '请输入6位数字验证码', 'en-US': 'Please enter the 6-digit code' },
  'code.wrong': { 'zh-CN': '验证码错误或已过期', 'en-US': 'The code is wrong or has expired' },
  'code.tooSoon': {
    'zh-CN': '验证码发送太频繁，请{seconds}秒后再试',
    'en-US': 'Please wait {seconds} s before asking for another code',
  },
  'code.dailyCap': { 'zh-CN': '今日获取验证码次数已达上限', 'en-US': 'You have asked for too many codes today' },
  'code.sent': { 'zh-CN': '验证码已发送', 'en-US': 'Code sent' },
  'captcha.required': { 'zh-CN': '请输入图形验证码', 'en-US': 'Please enter the image captcha' },
  'captcha.wrong': { 'zh-CN': '图形验证码错误或已过期', 'en-US': 'The image captcha is wrong or has expired' },
  'login.failed': { 'zh-CN': '账号或密码错误', 'en-US': 'Wrong account or password' },
  'login.disabled': {
    'zh-CN': '该账号已停用，请联系客服',
    'en-US': 'This account is disabled, please contact customer service',
  },
  'account.reasonRequired': { 'zh-CN': '请填写原因', 'en-US': 'Please give a reason' },
  'account.reasonTooLong': {
    'zh-CN': `原因最多${ACCOUNT_REASON_MAX}个字`,
    'en-US': `The reason may be at most ${ACCOUNT_REASON_MAX} characters`,
  },
  'account.alreadyDisabled': { 'zh-CN': '该账号已停用', 'en-US': 'This account is already disabled' },
  'account.notDisabled': { 'zh-CN': '该账号未停用', 'en-US': 'This account is not disabled' },
  'account.operatorKept': {
    'zh-CN': '运营账号不能在后台停用',
    'en-US': "Operators' accounts cannot be disabled from the console",
  },
  'profile.pleaseLogIn': { 'zh-CN': '请登录', 'en-US': 'Please log in' },
} as const satisfies MessageCatalogue;
