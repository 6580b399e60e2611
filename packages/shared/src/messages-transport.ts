/**
 * What the protocol client itself says when a call gets no answer it can use, and the rate limiter's
 * answer (a client tells it from a feature's own codeFlag 6 message by its text). Kept apart from the
 * rest of MESSAGES (which includes these) so that an app's start-up bundle carries only these few,
 * not every message of every feature.
 */
export const TRANSPORT_MESSAGES = {
  'common.serverFault': {
    'zh-CN': '服务器开小差了，请稍后再试',
    'en-US': 'Something went wrong on our side, please try again later',
  },
  'common.tooManyRequests': { 'zh-CN': '操作太频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  'common.networkError': {
    'zh-CN': '网络连接失败，请检查网络',
    'en-US': 'Network error, please check your connection',
  },
} as const;
