import { STOCK_BATCH_MAX } from '../constants';
import type { MessageCatalogue } from '../message-catalogue';

/** What stock-manager says to users (keys are semantic; see messages.ts). */
export const STOCK_MANAGER_MESSAGES = {
  'manager.dateRange': {
    'zh-CN': '开始日期不能晚于结束日期',
    'en-US': 'The start date must come before the end date',
  },
  'manager.selectStock': { 'zh-CN': '请先选择库存', 'en-US': 'Please select stock first' },
  'manager.tooMany': {
    'zh-CN': `一次最多操作${STOCK_BATCH_MAX}条库存`,
    'en-US': `At most ${STOCK_BATCH_MAX} listings at a time`,
  },
  'manager.adjustZero': { 'zh-CN': '调整金额不能为0', 'en-US': 'The adjustment cannot be 0' },
  'manager.priceNotPositive': {
    'zh-CN': '调整后一口价须大于0，请减小降价金额',
    'en-US': 'A fixed price must stay above 0; please cut it by less',
  },
  'manager.cannotOnline': {
    'zh-CN': '只有上架过的已下架、已售罄、在途或已过期库存可以重新上架',
    'en-US':
      'Only listings that were on sale before and are now offline, sold out, on the way or expired can go back on sale',
  },
  'manager.cannotOffline': {
    'zh-CN': '只有在售、已售罄、在途或已过期的库存可以下架',
    'en-US': 'Only listings on sale, sold out, on the way or expired can go offline',
  },
  'manager.cannotSoldOut': {
    'zh-CN': '只有在售、已下架、在途或已过期的库存可以标为售罄',
    'en-US': 'Only listings on sale, offline, on the way or expired can be marked sold out',
  },
  'manager.cannotOnTheWay': {
    'zh-CN': '只有在售、已下架、已售罄或已过期的库存可以标为在途',
    'en-US': 'Only listings on sale, offline, sold out or expired can be marked on the way',
  },
  'manager.otherCategory': {
    'zh-CN': '所选库存不属于该品类，请重新选择',
    'en-US': 'Some selected listings are not of this category; please select again',
  },
  'manager.noneInCategory': {
    'zh-CN': '该品类下没有可修改的库存',
    'en-US': 'You have no listings of this category to change',
  },
} as const satisfies MessageCatalogue;
