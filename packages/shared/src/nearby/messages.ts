import type { MessageCatalogue } from '../message-catalogue';

/** What nearby says to users (keys are semantic; see messages.ts). */
export const NEARBY_MESSAGES = {
  'nearby.radiusInvalid': {
    'zh-CN': '请选择 5、10、50 或 200 公里的范围',
    'en-US': 'Please choose a radius of 5, 10, 50 or 200 km',
  },
} as const satisfies MessageCatalogue;
