import type { MessageCatalogue } from './message-catalogue';
import { TRANSPORT_MESSAGES } from './messages-transport';

/** Messages of no one feature: invalid input, logins and permissions, faults. */
export const COMMON_MESSAGES = {
  'common.invalidInput': {
    'zh-CN': '输入有误，请检查后重试',
    'en-US': 'Some input is invalid, please check and try again',
  },
  'common.required': { 'zh-CN': '此项为必填项', 'en-US': 'This field is required' },
  'common.notLoggedIn': { 'zh-CN': '请先登录', 'en-US': 'Please log in first' },
  'common.forbidden': { 'zh-CN': '无权进行此操作', 'en-US': 'You are not allowed to do this' },
  'common.notFound': { 'zh-CN': '内容不存在或已删除', 'en-US': 'Not found or already deleted' },
  ...TRANSPORT_MESSAGES,
  'common.submitFailed': { 'zh-CN': '提交失败，请重试', 'en-US': 'Submission failed, please try again' },
  'common.pleaseEnterNumbers': { 'zh-CN': '请输入数字', 'en-US': 'Please enter numbers' },
  'common.onlyPositiveIntegers': { 'zh-CN': '只能输入正整数', 'en-US': 'Only positive integers' },
  'common.invalidJson': { 'zh-CN': '数据格式不正确', 'en-US': 'The data is not in the expected format' },
  'common.unstorableCharacters': {
    'zh-CN': '内容含有无法保存的字符，请删除后重试',
    'en-US': 'The text contains characters that cannot be stored, please remove them and try again',
  },
  'common.tooLong': { 'zh-CN': '内容过长', 'en-US': 'Too long' },
} as const satisfies MessageCatalogue;
