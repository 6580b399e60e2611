import type { MessageCatalogue } from '../message-catalogue';

/** What memberships says to users (keys are semantic; see messages.ts). */
export const MEMBERSHIPS_MESSAGES = {
  // SPEC §8, word for word.
  'membership.agreementRequired': {
    'zh-CN': '请先同意认证供应商协议',
    'en-US': 'Please agree to the certified supplier agreement first',
  },
  'membership.ownerOnly': {
    'zh-CN': '认证供应商会员由公司负责人为公司开通，请联系您的公司负责人',
    'en-US': "Certified-supplier membership is bought for the company by its owner: please ask your company's owner",
  },
  'membership.planUnavailable': {
    'zh-CN': '该套餐已下架，请选择其他套餐',
    'en-US': 'This plan is no longer offered: please choose another',
  },
  'membership.dynamicViewRequired': {
    'zh-CN': '免费试用已用完，购买动态查看次数后可继续使用',
    'en-US': 'Your free trial is used up: buy dynamic-view uses to go on',
  },
  // SPEC §8: shown by the app when the dynamic-view trial cannot be activated.
  'membership.trialOpenFailed': {
    'zh-CN': '开通失败，请允许获取手机号以开通试用',
    'en-US': 'Failed to open, please allow access to your phone number to activate the trial.',
  },
  'membership.planName': {
    'zh-CN': '请填写套餐名称（不超过40个字）',
    'en-US': 'Please give the plan a name (at most 80 characters)',
  },
  'membership.planLength': {
    'zh-CN': '请填写时长：月数或天数（二选一）',
    'en-US': 'Give the length in months or in days (one of them)',
  },
  'membership.planViewCount': {
    'zh-CN': '动态查看按次数出售，请填写次数（1-1000）',
    'en-US': 'Dynamic view is sold by count: give the number of uses (1-1000)',
  },
  // Operators type the price in yuan (the console sends it in fen), so the message speaks of yuan.
  'membership.planPrice': {
    'zh-CN': '请填写价格（0.01至1000000元）',
    'en-US': 'Give the price in yuan (0.01 to 1,000,000)',
  },
  'membership.grantReason': {
    'zh-CN': '请填写授予原因（不超过200个字）',
    'en-US': 'Please give the reason for the grant (at most 200 characters)',
  },
  'membership.grantToOwner': {
    'zh-CN': '认证供应商属于公司，请授予公司负责人（主账号）',
    'en-US': "Certified supplier is the company's: grant it to the company's owner (the main account)",
  },
  'notice.certifiedSupplierEnding': {
    'zh-CN': '您公司的认证供应商会员将于{date}到期，续费后有效期从到期日起顺延',
    'en-US': "Your company's certified-supplier membership ends on {date}; a renewal adds its time from that date",
  },
  'notice.forecastVipEnding': {
    'zh-CN': '您的预测会员将于{date}到期，续费后有效期从到期日起顺延',
    'en-US': 'Your Forecast VIP ends on {date}; a renewal adds its time from that date',
  },
} as const satisfies MessageCatalogue;
