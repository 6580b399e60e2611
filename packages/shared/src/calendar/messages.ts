import type { MessageCatalogue } from '../message-catalogue';

/** What calendar says to users (keys are semantic; see messages.ts). */
export const CALENDAR_MESSAGES = {
  'calendar.monthInvalid': { 'zh-CN': '月份格式应为 年-月，如 2026-11', 'en-US': 'The month must look like 2026-11' },
  'calendar.dateInvalid': {
    'zh-CN': '请输入正确的日期，如 2026-11-20',
    'en-US': 'Please enter a valid date such as 2026-11-20',
  },
} as const satisfies MessageCatalogue;
