import type { MessageCatalogue } from '../message-catalogue';
import { FIVE_DAY_STOCK_DAYS, STOCK_SEARCH_RADIUS_MAX_KM } from './schemas';

/** What stock-search says to users (keys are semantic; see messages.ts). */
export const STOCK_SEARCH_MESSAGES = {
  'stockSearch.priceRangeInverted': {
    'zh-CN': '最低价不能高于最高价',
    'en-US': 'The lowest price cannot be above the highest price',
  },
  'stockSearch.pointInvalid': { 'zh-CN': '位置坐标不正确', 'en-US': 'The location is not valid' },
  'stockSearch.pointIncomplete': {
    'zh-CN': '位置需要同时提供经度和纬度',
    'en-US': 'A location needs both longitude and latitude',
  },
  'stockSearch.radiusInvalid': {
    'zh-CN': `搜索范围须大于0且不超过${STOCK_SEARCH_RADIUS_MAX_KM}公里`,
    'en-US': `The search radius must be above 0 and at most ${STOCK_SEARCH_RADIUS_MAX_KM} km`,
  },
  'stockSearch.radiusNeedsPoint': {
    'zh-CN': '按范围搜索需要先获取位置',
    'en-US': 'Searching within a radius needs your location',
  },
  'stockSearch.distanceNeedsPoint': {
    'zh-CN': '按距离排序需要先获取位置',
    'en-US': 'Ordering by distance needs your location',
  },
  'stockSearch.orderInvalid': { 'zh-CN': '排序方式不正确', 'en-US': 'Unknown order' },
  'stockSearch.fiveDayOutOfRange': {
    'zh-CN': `只能查看最近${FIVE_DAY_STOCK_DAYS}天发布的现货`,
    'en-US': `Only stock published in the last ${FIVE_DAY_STOCK_DAYS} days can be shown`,
  },
} as const satisfies MessageCatalogue;
