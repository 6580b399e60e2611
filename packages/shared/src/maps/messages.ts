import type { MessageCatalogue } from '../message-catalogue';

/** What maps says to users (keys are semantic; see messages.ts). */
export const MAPS_MESSAGES = {
  'map.coordinatesInvalid': {
    'zh-CN': '位置坐标不正确，仅支持中国大陆范围内的位置',
    'en-US': 'The location is not valid; only places in mainland China are supported',
  },
  'map.keywordRequired': { 'zh-CN': '请输入要搜索的地点', 'en-US': 'Please enter a place to search for' },
  'map.failed': {
    'zh-CN': '地图服务调用失败（状态 {status}）：{description}',
    'en-US': 'The maps API failed (status {status}): {description}',
  },
  'map.failedStatus': {
    'zh-CN': '地图服务调用失败（状态 {status}）',
    'en-US': 'The maps API failed (status {status})',
  },
  'map.unreachable': {
    'zh-CN': '地图服务暂时无法连接，请稍后再试',
    'en-US': 'The maps API could not be reached; please try again later',
  },
  'map.noPlace': {
    'zh-CN': '未能识别该位置所在的地区',
    'en-US': 'No region was found for this location',
  },
} as const satisfies MessageCatalogue;
