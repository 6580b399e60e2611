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
  'pay.refundUnconfirmed': {
    'zh-CN': '最多还可退{max}元：另有{unconfirmed}元退款未确认是否已退，请先在退款记录中重新发起该退款',
    'en-US':
      'At most {max} yuan can still be refunded: refunds of {unconfirmed} yuan are not confirmed (the channel may have paid them); send them again first',
  },
  'pay.notRefundable': {
    'zh-CN': '该订单未支付，不能退款',
    'en-US': 'This order is not paid, so it cannot be refunded',
  },
  'pay.refundFailed': {
    'zh-CN': '退款未成功，请稍后再试',
    'en-US': 'The refund did not go through; please try again later',
  },
  'pay.refundNo': { 'zh-CN': '退款单号有误', 'en-US': 'The refund number is not valid' },
  'pay.refundNotFailed': {
    'zh-CN': '只有失败的退款可以重新发起',
    'en-US': 'Only a refund that failed can be sent again',
  },
  'pay.refundResendTooMuch': {
    'zh-CN': '该订单只剩{max}元可退，这笔退款不能再发起',
    'en-US': 'Only {max} yuan of this order is left to refund, so this refund cannot be sent again',
  },
  'pay.refundNotOffline': {
    'zh-CN': '该退款由支付渠道原路退回，无需手工确认',
    'en-US': 'This refund goes back through its payment channel; it is not marked as paid back by hand',
  },
  'pay.refundNotPending': {
    'zh-CN': '该退款已处理，无需再确认',
    'en-US': 'This refund has already been settled',
  },
  'pay.bankReference': {
    'zh-CN': '请填写退款转账的银行流水号',
    'en-US': 'Please give the bank reference of the transfer that paid it back',
  },
  'pay.bankReferenceTooLong': {
    'zh-CN': '银行流水号不能超过64个字',
    'en-US': 'The bank reference can be at most 64 characters',
  },
} as const satisfies MessageCatalogue;
