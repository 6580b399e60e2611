import type { MessageCatalogue } from '../message-catalogue';

/** What visitors says to users (keys are semantic; see messages.ts). */
export const VISITORS_MESSAGES = {
  'visitor.membershipRequired': {
    'zh-CN': '访客详情为认证供应商专享，开通后可查看访客身份与浏览记录',
    'en-US': 'Visitor details are for certified suppliers: become one to see who visited and what they looked at',
  },
} as const satisfies MessageCatalogue;
