import type { MessageCatalogue } from '../message-catalogue';

/**
 * What trade orders say to users and operators (keys are semantic; see messages.ts): errors, the names
 * of states, cancel reasons and system reasons (`order.state.*`, `order.reason.*`), and the notices
 * each side gets at every step (`notice.order*`, rendered by the notices module).
 */
export const ORDERS_MESSAGES = {
  'order.notFound': { 'zh-CN': '订单不存在', 'en-US': 'The order does not exist' },
  'order.stockInvalid': { 'zh-CN': '请选择要购买的现货', 'en-US': 'Please choose the stock to buy' },
  'order.quantityInvalid': {
    'zh-CN': '请输入购买数量（吨，最多3位小数）',
    'en-US': 'Please enter the quantity in tons (at most 3 decimals)',
  },
  'order.itemsRequired': { 'zh-CN': '请至少选择一件商品', 'en-US': 'Please choose at least one item' },
  'order.tooManyItems': { 'zh-CN': '一次最多下单20件商品', 'en-US': 'At most 20 items can be ordered at once' },
  'order.duplicateItem': { 'zh-CN': '同一现货请合并为一行', 'en-US': 'Please put each lot on one line only' },
  'order.addressInvalid': { 'zh-CN': '请选择收货地址', 'en-US': 'Please choose a receipt address' },
  'order.invoiceInvalid': { 'zh-CN': '请选择发票抬头', 'en-US': 'Please choose an invoice title' },
  'order.remarkTooLong': { 'zh-CN': '备注不能超过200个字', 'en-US': 'The remark can be at most 200 characters' },
  'order.noteTooLong': { 'zh-CN': '说明过长', 'en-US': 'The note is too long' },
  'order.inquiryInvalid': { 'zh-CN': '询价单有误', 'en-US': 'The inquiry is not valid' },
  'order.inquiryNotCooperated': {
    'zh-CN': '该询价尚未同意报价，不能下单',
    'en-US': 'No quote of this inquiry has been agreed, so it cannot be ordered',
  },
  'order.requestIdInvalid': {
    'zh-CN': '下单请求编号有误，请刷新页面后重新提交',
    'en-US': 'The checkout request id is not valid; please reload the page and submit again',
  },
  'order.requestIdReused': {
    'zh-CN': '该下单请求已用于其他商品，请刷新页面后重新提交',
    'en-US': 'This checkout request was already used for other goods; please reload the page and submit again',
  },
  'order.inquiryOrdered': {
    'zh-CN': '该询价已下过订单',
    'en-US': 'An order has already been placed for this inquiry',
  },
  'order.stockUnavailable': {
    'zh-CN': '“{name}”已下架或不在售，不能购买',
    'en-US': '"{name}" is no longer for sale and cannot be bought',
  },
  'order.stockFutures': {
    'zh-CN': '“{name}”为在途货物（期货），不能在线下单，请与卖家沟通',
    'en-US': '"{name}" is goods in transit (futures) and cannot be ordered online; please talk to the seller',
  },
  'order.stockOwn': { 'zh-CN': '不能购买本公司的现货', 'en-US': "You cannot buy your own company's stock" },
  'order.notSplittable': {
    'zh-CN': '“{name}”不可拆分，只能整批购买{tons}吨',
    'en-US': '"{name}" cannot be split: it is sold only whole, {tons} tons',
  },
  'order.insufficientStock': {
    'zh-CN': '“{name}”库存不足，当前可购{tons}吨',
    'en-US': 'Not enough of "{name}" left: {tons} tons can be bought now',
  },
  'order.soldOut': { 'zh-CN': '“{name}”已售罄', 'en-US': '"{name}" is sold out' },
  'order.wrongSide': {
    'zh-CN': '只有{side}可以进行此操作',
    'en-US': 'Only the {side} can do this',
  },
  'order.wrongState': {
    'zh-CN': '订单当前为“{state}”，不能进行此操作',
    'en-US': 'The order is "{state}" now, so this cannot be done',
  },
  'order.quoteItemsInvalid': {
    'zh-CN': '请为订单的每件商品报价',
    'en-US': 'Please give a price for every item of the order',
  },
  'order.priceInvalid': { 'zh-CN': '请填写有效的单价', 'en-US': 'Please give a valid unit price' },
  'order.freightInvalid': { 'zh-CN': '运费有误', 'en-US': 'The freight is not valid' },
  'order.totalTooLarge': {
    'zh-CN': '订单金额不能超过100亿元，请核对单价和数量',
    'en-US': 'An order cannot total more than 10 billion yuan; please check the prices and quantities',
  },
  'order.deliveryMethodInvalid': {
    'zh-CN': '请选择配送或自提',
    'en-US': 'Please choose delivery or pickup',
  },
  'order.deliveryDateInvalid': { 'zh-CN': '交货日期有误', 'en-US': 'The delivery date is not valid' },
  'order.validHoursInvalid': {
    'zh-CN': '报价有效期为1至168小时',
    'en-US': 'A quote is valid for 1 to 168 hours',
  },
  'order.quoteExpired': {
    'zh-CN': '报价已过有效期，请联系卖家重新报价',
    'en-US': 'The quote is no longer valid; please ask the seller to quote again',
  },
  'order.paymentMethodInvalid': {
    'zh-CN': '请选择对公转账或在线支付',
    'en-US': 'Please choose bank transfer or online payment',
  },
  'order.onlineNotAccepted': {
    'zh-CN': '卖家未开通在线支付，请选择对公转账',
    'en-US': 'The seller does not take online payment; please choose bank transfer',
  },
  'order.notCashier': {
    'zh-CN': '该订单选择了对公转账，请上传转账凭证',
    'en-US': 'This order is paid by bank transfer; please upload the slip',
  },
  'order.notOffline': {
    'zh-CN': '该订单选择了在线支付，无需上传凭证',
    'en-US': 'This order is paid online; no slip is needed',
  },
  'order.cancelReasonInvalid': { 'zh-CN': '请选择取消原因', 'en-US': 'Please choose why you cancel' },
  'order.cancelNoteRequired': {
    'zh-CN': '请填写取消原因说明',
    'en-US': 'Please say why you cancel',
  },
  'order.cancelReasonNotYours': {
    'zh-CN': '该取消原因不适用于您',
    'en-US': 'That reason does not apply to your side',
  },
  'order.cashierPaidNoCancel': {
    'zh-CN': '在线支付的订单已付款，如需取消请联系客服退款',
    'en-US': 'This order was paid online; to cancel it, ask customer service for a refund',
  },
  'order.slipFilesInvalid': {
    'zh-CN': '请上传1至9张转账凭证图片',
    'en-US': 'Please upload 1 to 9 pictures of the transfer slip',
  },
  'order.photosInvalid': { 'zh-CN': '最多上传9张发货照片', 'en-US': 'At most 9 shipment photos' },
  'order.rejectNoteRequired': {
    'zh-CN': '请填写退回凭证的原因',
    'en-US': 'Please say why you return the slip',
  },
  'order.quoteVersionInvalid': {
    'zh-CN': '请选择要同意的报价（刷新订单后重试）',
    'en-US': 'Please choose the quote to agree (reload the order and try again)',
  },
  'order.quoteChanged': {
    'zh-CN': '卖方已更新报价，请查看新报价后再同意',
    'en-US': 'The seller has changed the quote; look at the new one before agreeing',
  },
  'order.slipInvalid': {
    'zh-CN': '请选择要退回的付款凭证（刷新订单后重试）',
    'en-US': 'Please choose the payment slip to return (reload the order and try again)',
  },
  'order.slipChanged': {
    'zh-CN': '买方已更换付款凭证，请查看新凭证后再操作',
    'en-US': 'The buyer has handed in a new payment slip; look at it before returning one',
  },
  'order.logisticsNoteRequired': {
    'zh-CN': '请填写物流信息',
    'en-US': 'Please give the logistics details',
  },
  'order.plateInvalid': { 'zh-CN': '车牌号有误', 'en-US': 'The vehicle plate is not valid' },
  'order.driverPhoneInvalid': { 'zh-CN': '司机手机号有误', 'en-US': "The driver's mobile number is not valid" },
  'order.buyerInvalid': { 'zh-CN': '请选择买家', 'en-US': 'Please choose the buyer' },
  'order.agentBuyInvalid': {
    'zh-CN': '该代理采购需求不是这位买家的',
    'en-US': 'That agent purchase request is not this buyer’s',
  },
  'order.buyerSameCompany': {
    'zh-CN': '不能为本公司的同事选货',
    'en-US': 'You cannot pick goods for a colleague of your own company',
  },
  'order.proxyInvalid': { 'zh-CN': '代选单不存在', 'en-US': 'The selection does not exist' },
  'order.proxyUsed': { 'zh-CN': '该代选单已确认下单', 'en-US': 'This selection has already been ordered' },

  // States, as every list and the history name them.
  'order.state.awaiting_quote': { 'zh-CN': '待报价', 'en-US': 'Awaiting quote' },
  'order.state.quoted': { 'zh-CN': '待确认', 'en-US': 'Quoted' },
  'order.state.agreed': { 'zh-CN': '待付款', 'en-US': 'Awaiting payment' },
  'order.state.payment_submitted': { 'zh-CN': '待确认收款', 'en-US': 'Payment submitted' },
  'order.state.paid': { 'zh-CN': '待发货', 'en-US': 'Paid, to ship' },
  'order.state.shipped': { 'zh-CN': '待收货', 'en-US': 'Shipped' },
  'order.state.completed': { 'zh-CN': '已完成', 'en-US': 'Completed' },
  'order.state.cancelled': { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  'order.state.expired': { 'zh-CN': '已失效', 'en-US': 'Expired' },
  'order.side.buyer': { 'zh-CN': '买家', 'en-US': 'buyer' },
  'order.side.seller': { 'zh-CN': '卖家', 'en-US': 'seller' },

  // Reasons (cancel reasons the sides choose; system reasons the platform records).
  'order.reason.buyer_changed_mind': { 'zh-CN': '买家不想买了', 'en-US': 'The buyer changed their mind' },
  'order.reason.price_not_agreed': { 'zh-CN': '价格未谈拢', 'en-US': 'The price was not agreed' },
  'order.reason.terms_not_agreed': { 'zh-CN': '交货或付款条件未谈拢', 'en-US': 'Delivery or payment terms not agreed' },
  'order.reason.duplicate_order': { 'zh-CN': '重复下单', 'en-US': 'Ordered twice' },
  'order.reason.seller_out_of_stock': { 'zh-CN': '卖家缺货', 'en-US': 'The seller is out of stock' },
  'order.reason.seller_cannot_deliver': { 'zh-CN': '卖家无法按期交货', 'en-US': 'The seller cannot deliver' },
  'order.reason.payment_not_received': { 'zh-CN': '未收到货款', 'en-US': 'The payment did not arrive' },
  'order.reason.other': { 'zh-CN': '其他原因', 'en-US': 'Other' },
  'order.reason.quote_wait_expired': { 'zh-CN': '卖家超时未报价', 'en-US': 'The seller did not quote in time' },
  'order.reason.quote_expired': { 'zh-CN': '报价过期未确认', 'en-US': 'The quote ran out before it was agreed' },
  'order.reason.payment_overdue': { 'zh-CN': '超过付款期限未付款', 'en-US': 'Not paid within the payment days' },
  'order.reason.paid_online': { 'zh-CN': '在线支付成功', 'en-US': 'Paid online' },

  // Notices to the other side at each step (subject `order:<id>`, opening the order).
  'notice.orderPlaced': {
    'zh-CN': '{company}下单购买{name}，请尽快报价（订单号{orderNo}）',
    'en-US': '{company} ordered {name}: please quote soon (order {orderNo})',
  },
  'notice.orderQuoted': {
    'zh-CN': '{company}已为订单{orderNo}报价，合计{total}元，请确认',
    'en-US': '{company} quoted {total} yuan for order {orderNo}: please confirm',
  },
  'notice.orderAgreed': {
    'zh-CN': '{company}已确认订单{orderNo}的报价，等待付款',
    'en-US': '{company} agreed your quote for order {orderNo}; payment is next',
  },
  'notice.orderSlip': {
    'zh-CN': '{company}已上传订单{orderNo}的转账凭证，请核对收款',
    'en-US': '{company} sent the transfer slip for order {orderNo}: please check the payment',
  },
  'notice.orderPaid': {
    'zh-CN': '订单{orderNo}已付款，请安排发货',
    'en-US': 'Order {orderNo} is paid: please arrange the shipment',
  },
  'notice.orderSlipRejected': {
    'zh-CN': '{company}未收到订单{orderNo}的转账，已退回凭证：{note}',
    'en-US': '{company} has not received the transfer for order {orderNo} and returned the slip: {note}',
  },
  'notice.orderPaymentConfirmed': {
    'zh-CN': '{company}已确认收到订单{orderNo}的货款',
    'en-US': '{company} confirmed the payment for order {orderNo}',
  },
  'notice.orderShipped': {
    'zh-CN': '订单{orderNo}已发货，请注意收货',
    'en-US': 'Order {orderNo} has shipped',
  },
  'notice.orderCompleted': {
    'zh-CN': '{company}已确认收货，订单{orderNo}完成',
    'en-US': '{company} confirmed receipt: order {orderNo} is completed',
  },
  // Each reader's notice is worded in their language, so these name no side or reason: the order's history does.
  'notice.orderCancelled': {
    'zh-CN': '订单{orderNo}已被对方取消，取消原因见订单详情',
    'en-US': 'Order {orderNo} was cancelled by the other side; the order shows why',
  },
  'notice.orderRefundedInFull': {
    'zh-CN': '订单{orderNo}的货款已由平台全额退回买方，订单已取消，预留的库存已释放',
    'en-US':
      'The payment for order {orderNo} was refunded to the buyer in full: the order is cancelled and its reserved stock released',
  },
  'notice.orderExpired': {
    'zh-CN': '订单{orderNo}超时未处理，已失效，预留的库存已释放',
    'en-US': 'Order {orderNo} expired as nothing happened in time; its reserved stock was released',
  },
  'notice.orderProxyPicked': {
    'zh-CN': '{company}为您选好了货，请确认下单',
    'en-US': '{company} picked goods for you: please confirm the order',
  },
} as const satisfies MessageCatalogue;
