import type { MessageCatalogue } from '../message-catalogue';

/** What push says to users (keys are semantic; see messages.ts). */
export const PUSH_MESSAGES = {
  'push.subscribeInvalid': {
    'zh-CN': '订阅格式应为 price-品种编号，多个以逗号分隔',
    'en-US': 'Subscriptions must be price-{sortId}, separated by commas',
  },
  'push.subscriptionInvalid': {
    'zh-CN': '推送订阅无效，请重新开启消息通知',
    'en-US': 'The push subscription is not valid; please turn notifications on again',
  },
  'push.chatTitle': { 'zh-CN': '新消息', 'en-US': 'New message' },
  'push.chatCollapsed': { 'zh-CN': '[{count}条] {text}', 'en-US': '[{count} messages] {text}' },
  'push.noticeTitle': { 'zh-CN': '通知', 'en-US': 'Notice' },
} as const satisfies MessageCatalogue;
