import type { MessageCatalogue } from '../message-catalogue';

/** What payments says to users and operators (keys are semantic; see messages.ts). */
export const PAYMENTS_MESSAGES = {
  'pay.orderNo': { 'zh-CN': '订单号有误', 'en-US': 'The order number is not valid' },
  'pay.channel': {
    'zh-CN': '请选择微信支付、支付宝或对公转账',
    'en-US': 'Please choose WeChat Pay, Alipay or bank transfer',
  },
  'pay.notPayable': {
    'zh-CN': '该订单已支付或已关闭，无需再付款',
    'en-US': 'This order is already paid or closed; there is nothing to pay',
  },
  'pay.channelUnavailable': {
    'zh-CN': '该支付方式暂不可用，请选择其他方式',
    'en-US': 'This way of paying is not available now; please choose another',
  },
  'pay.overChannelLimit': {
    'zh-CN': '金额超出该支付方式单笔{max}元的限额，请选择其他方式或对公转账',
    'en-US':
      'The amount is over this way of paying’s limit of {max} yuan per payment; please choose another, or a bank transfer',
  },
  'pay.providerUnavailable': {
    'zh-CN': '支付服务暂时不可用，请稍后再试',
    'en-US': 'The payment service is not available right now; please try again later',
  },
  'pay.slipFile': { 'zh-CN': '请上传转账凭证图片', 'en-US': 'Please upload a picture of the transfer slip' },
  'pay.notOffline': {
    'zh-CN': '请先选择对公转账再上传凭证',
    'en-US': 'Please choose bank transfer before uploading a slip',
  },
  'pay.slipPending': {
    'zh-CN': '已有凭证在审核中，请耐心等待',
    'en-US': 'A slip is already waiting to be checked; please wait',
  },
  'pay.slipDecided': { 'zh-CN': '该凭证已处理', 'en-US': 'This slip has already been decided' },
  'pay.reason': { 'zh-CN': '请填写原因', 'en-US': 'Please give a reason' },
  'pay.reasonTooLong': { 'zh-CN': '原因不能超过200个字', 'en-US': 'The reason can be at most 200 characters' },
  'pay.refundAmount': { 'zh-CN': '退款金额有误', 'en-US': 'The refund amount is not valid' },
  'pay.refundTooMuch': {
    'zh-CN': '退款金额不能超过可退金额{max}元',
    'en-US': 'At most {max} yuan can still be refunded',
  },
  'pay.notRefundable': {
    'zh-CN': '该订单未支付，不能退款',
    'en-US': 'This order is not paid, so it cannot be refunded',
  },
  'pay.refundFailed': {
    'zh-CN': '退款未成功，请稍后再试',
    'en-US': 'The refund did not go through; please try again later',
  },
} as const satisfies MessageCatalogue;
