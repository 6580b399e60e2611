import type { MessageCatalogue } from '../message-catalogue';

/** What shops says to users (keys are semantic; see messages.ts). */
export const SHOPS_MESSAGES = {
  'shop.licenceRequired': {
    'zh-CN': '请先上传营业执照并通过审核',
    'en-US': 'Your business licence must be uploaded and approved first',
  },
  'shop.listingsShort': {
    'zh-CN': '还需发布{shortfall}条现货或产能信息才能开店',
    'en-US': 'Publish {shortfall} more stock or capacity listings to open your shop',
  },
  'shop.alreadyWaiting': { 'zh-CN': '开店申请正在审核中', 'en-US': 'Your shop application is being reviewed' },
  'shop.alreadyOpen': { 'zh-CN': '店铺已开通', 'en-US': 'Your shop is already open' },
  'shop.ownerOnly': {
    'zh-CN': '仅公司主账号可以申请开店',
    'en-US': 'Only the company owner can apply to open the shop',
  },
  'shop.noCompany': {
    'zh-CN': '该公司不存在或尚未完善信息',
    'en-US': 'This company does not exist or has no details yet',
  },
  'attention.ownCompany': { 'zh-CN': '不能关注自己的公司', 'en-US': 'You cannot follow your own company' },
  'notice.shopApproved': {
    'zh-CN': '开店申请已通过，您的店铺已开通',
    'en-US': 'Your shop application was approved; your shop is open',
  },
  'notice.shopRejected': {
    'zh-CN': '开店申请未通过：{reason}',
    'en-US': 'Your shop application was not approved: {reason}',
  },
} as const satisfies MessageCatalogue;
