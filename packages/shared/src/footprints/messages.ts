import type { MessageCatalogue } from '../message-catalogue';

/** What footprints says to users (keys are semantic; see messages.ts). */
export const FOOTPRINTS_MESSAGES = {
  'footprint.invalid': { 'zh-CN': '足迹数据格式不正确', 'en-US': 'The footprint data is not in the expected format' },
} as const satisfies MessageCatalogue;
