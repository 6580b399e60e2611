import type { MessageCatalogue } from '../message-catalogue';

/** What check-prices says to users (keys are semantic; see messages.ts). */
export const CHECK_PRICES_MESSAGES = {
  'checkPrice.itemsRequired': {
    'zh-CN': '请至少填写一条规格和价格',
    'en-US': 'Enter at least one specification with its price',
  },
  'checkPrice.tooManyItems': { 'zh-CN': '每次最多提交7条', 'en-US': 'At most 7 entries per submission' },
  'checkPrice.specificationRequired': { 'zh-CN': '请填写规格', 'en-US': 'Please enter the specification' },
  'checkPrice.specificationChinese': {
    'zh-CN': '规格不能包含中文',
    'en-US': 'The specification must not contain Chinese characters',
  },
  'checkPrice.baseRequired': { 'zh-CN': '请选择基准价', 'en-US': 'Please choose a base price' },
  'checkPrice.baseInvalid': {
    'zh-CN': '第{index}条的基准价不可用',
    'en-US': 'The base price of entry {index} is not available',
  },
} as const satisfies MessageCatalogue;
