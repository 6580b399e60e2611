import type { MessageCatalogue } from '../message-catalogue';

/** What forecasts says to users (keys are semantic; see messages.ts). */
export const FORECASTS_MESSAGES = {
  'forecast.choice': { 'zh-CN': '请选择涨、跌或平', 'en-US': 'Please choose up, down or flat' },
  'forecast.closed': {
    'zh-CN': '当前不在预测时间内（每个交易日前一晚21:00至当日09:00）',
    'en-US': 'Forecasts are open from 21:00 the evening before a trading day until 09:00 that day',
  },
  'forecast.alreadyVoted': {
    'zh-CN': '本轮已预测，提交后不可修改',
    'en-US': 'You have already voted in this round; votes cannot be changed',
  },
  'forecast.vipRequired': {
    'zh-CN': '开通预测会员可查看进行中的多数预测统计',
    'en-US': 'Open statistics of a running round are for Forecast VIPs',
  },
  'forecast.shareTitle': {
    'zh-CN': '{sort}明日涨跌，你怎么看？',
    'en-US': 'Where will {sort} go next? Make your call',
  },
} as const satisfies MessageCatalogue;
