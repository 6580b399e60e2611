import type { MessageCatalogue } from '../message-catalogue';

/** What quick-buys says to users (keys are semantic; see messages.ts). */
export const QUICK_BUYS_MESSAGES = {
  'quickBuy.empty': { 'zh-CN': '不能添加空信息！', 'en-US': 'Cannot add empty information!' },
  'quickBuy.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'quickBuy.duplicate': { 'zh-CN': '该规格已订阅！', 'en-US': 'This specification has already been subscribed!' },
  'quickBuy.tooMany': {
    'zh-CN': '最多订阅{max}条，请先删除不需要的订阅',
    'en-US': 'You can hold at most {max} subscriptions; delete one you no longer need first',
  },
  'quickBuy.categoryInvalid': { 'zh-CN': '该品类不存在', 'en-US': 'This category does not exist' },
  'quickBuy.categoryNotPhysical': {
    'zh-CN': '期货品种只看行情，请选择现货品类',
    'en-US': 'Futures are quotes only: please choose a physical product category',
  },
  'quickBuy.provinceInvalid': { 'zh-CN': '请选择正确的省份', 'en-US': 'Please choose a valid province' },
  'notice.quickBuyStock': {
    'zh-CN': '您订阅的「{subscription}」有新现货：{name}，{company}',
    'en-US': 'New stock for your subscription "{subscription}": {name}, {company}',
  },
  'notice.quickBuyInquiry': {
    'zh-CN': '您订阅的「{subscription}」有新询价：{name}，{company}',
    'en-US': 'New inquiry for your subscription "{subscription}": {name}, {company}',
  },
} as const satisfies MessageCatalogue;
