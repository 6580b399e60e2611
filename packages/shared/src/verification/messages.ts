import type { MessageCatalogue } from '../message-catalogue';

/** What verification says to users (keys are semantic; see messages.ts). */
export const VERIFICATION_MESSAGES = {
  'verification.realNameInvalid': { 'zh-CN': '请输入身份证上的姓名', 'en-US': 'Enter the name on your ID card' },
  'verification.idNumberInvalid': { 'zh-CN': '请输入正确的身份证号码', 'en-US': 'Enter a valid ID number' },
  'verification.limitReached': {
    'zh-CN': '认证失败，已达最大尝试次数',
    'en-US': 'Verification failed, maximum attempts reached',
  },
  'verification.alreadyVerified': { 'zh-CN': '您已实名认证', 'en-US': 'Already verified' },
  'verification.escalationPending': { 'zh-CN': '客服处理中', 'en-US': 'Customer service has your request' },
  'verification.cannotEscalate': { 'zh-CN': '无需联系客服', 'en-US': 'No help request is needed now' },
  'verification.required': { 'zh-CN': '请先实名认证', 'en-US': 'Verify your real name first' },
  'notice.verificationApproved': { 'zh-CN': '客服已为您实名认证', 'en-US': 'Customer service verified you' },
  'notice.verificationRejected': { 'zh-CN': '实名认证未通过：{reason}', 'en-US': 'Verification rejected: {reason}' },
  'notice.verificationRevoked': { 'zh-CN': '实名认证已被撤销', 'en-US': 'Your verification was withdrawn' },
} as const satisfies MessageCatalogue;
