import type { MessageCatalogue } from '../message-catalogue';

/** What inquiries says to users (keys are semantic; see messages.ts). */
export const INQUIRIES_MESSAGES = {
  'inquiry.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'inquiry.categoryNotPhysical': {
    'zh-CN': '期货品种只看行情，请选择现货品类',
    'en-US': 'Futures are quotes only: please choose a physical product category',
  },
  'inquiry.specsRequired': { 'zh-CN': '请至少填写一个采购产品', 'en-US': 'Please add at least one product' },
  'inquiry.tooManySpecs': { 'zh-CN': '最多添加10个规格', 'en-US': 'At most 10 specifications' },
  'inquiry.quantityRequired': {
    'zh-CN': '请填写每个产品的采购数量（吨，最多3位小数）',
    'en-US': 'Please enter the purchase quantity of each product (tons, at most 3 decimals)',
  },
  'inquiry.paymentInvalid': { 'zh-CN': '请选择付款方式', 'en-US': 'Please choose a payment method' },
  'inquiry.creditDaysRequired': { 'zh-CN': '请填写账期天数', 'en-US': 'Please enter the credit days' },
  'inquiry.deadlineRequired': { 'zh-CN': '请选择报价截止时间', 'en-US': 'Please choose the quote deadline' },
  'inquiry.deadlineInvalid': {
    'zh-CN': '报价截止时间须在现在之后90天以内',
    'en-US': 'The quote deadline must be in the future and within 90 days',
  },
  'inquiry.deliveryDateInvalid': {
    'zh-CN': '期望交货日期不能早于报价截止日期',
    'en-US': 'The delivery date cannot be before the quote deadline',
  },
  'inquiry.addressRequired': { 'zh-CN': '请填写收货地址', 'en-US': 'Please enter the delivery address' },
  'inquiry.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'inquiry.visibilityInvalid': { 'zh-CN': '请选择询价范围', 'en-US': 'Please choose who may quote' },
  'inquiry.designatedRequired': {
    'zh-CN': '请至少选择一家指定供应商',
    'en-US': 'Please choose at least one designated supplier',
  },
  'inquiry.designatedInvalid': {
    'zh-CN': '指定的供应商须是已开店的其他公司',
    'en-US': 'Designated suppliers must be other companies with an open shop',
  },
  'inquiry.tooManyDesignated': { 'zh-CN': '最多指定20家供应商', 'en-US': 'At most 20 designated suppliers' },
  'inquiry.tooManyAttachments': { 'zh-CN': '附件最多9个', 'en-US': 'At most 9 attachments' },
  'inquiry.attachmentsInvalid': {
    'zh-CN': '附件须是本公司上传的文件',
    'en-US': 'Attachments must be files your company uploaded',
  },
  'inquiry.notEditable': {
    'zh-CN': '询价已发布，不能再修改',
    'en-US': 'This inquiry is already published and can no longer be changed',
  },
  'inquiry.notOpen': { 'zh-CN': '询价已结束', 'en-US': 'This inquiry has ended' },
  'inquiry.colleagueHolds': {
    'zh-CN': '该询价已由同事接单，请勿重复处理',
    'en-US': 'A colleague is already handling this inquiry',
  },
  'inquiry.withdrawFirst': {
    'zh-CN': '您的报价仍有效，请先撤回报价',
    'en-US': 'Your quote is still live: withdraw it first',
  },
  'notice.inquiryApproved': {
    'zh-CN': '询价「{name}」审核已通过，供应商可以报价了',
    'en-US': 'Your inquiry "{name}" was approved; suppliers can now quote',
  },
  'notice.inquiryRejected': {
    'zh-CN': '询价「{name}」审核未通过：{reason}',
    'en-US': 'Your inquiry "{name}" was rejected: {reason}',
  },
  'notice.inquiryDesignated': {
    'zh-CN': '{company}邀请您为「{name}」报价',
    'en-US': '{company} invites you to quote for "{name}"',
  },
  'quote.priceRequired': { 'zh-CN': '请填写单价', 'en-US': 'Please enter the price' },
  'quote.itemsRequired': { 'zh-CN': '请至少为一个产品报价', 'en-US': 'Please quote for at least one product' },
  'quote.itemsInvalid': {
    'zh-CN': '报价的产品须是该询价的产品，且每个只报一次',
    'en-US': "Quote each of the inquiry's products at most once",
  },
  'quote.deliveryDateRequired': { 'zh-CN': '请选择交货日期', 'en-US': 'Please choose the delivery date' },
  'quote.licenceRequired': {
    'zh-CN': '报价前请先上传营业执照并通过审核',
    'en-US': 'Please upload your business licence and have it approved before quoting',
  },
  'quote.ownInquiry': { 'zh-CN': '不能为本公司的询价报价', 'en-US': "You cannot quote on your own company's inquiry" },
  'quote.notDesignated': {
    'zh-CN': '该询价仅限指定供应商报价',
    'en-US': 'Only the designated suppliers may quote on this inquiry',
  },
  'quote.inquiryEnded': { 'zh-CN': '询价已截止或已结束，不能再报价', 'en-US': 'This inquiry has closed for quotes' },
  'quote.notLive': { 'zh-CN': '该报价已失效', 'en-US': 'This quote is no longer current' },
  'notice.inquiryQuoted': {
    'zh-CN': '{company}对您的询价「{name}」报价了',
    'en-US': '{company} quoted on your inquiry "{name}"',
  },
  'notice.quoteAgreed': {
    'zh-CN': '买家采纳了您对「{name}」的报价',
    'en-US': 'The buyer agreed to your quote for "{name}"',
  },
  'notice.quoteLost': {
    'zh-CN': '询价「{name}」的买家已与其他供应商合作',
    'en-US': 'The buyer of "{name}" cooperated with another supplier',
  },
  'notice.inquiryExpired': {
    'zh-CN': '询价「{name}」已到报价截止时间',
    'en-US': 'Quoting for your inquiry "{name}" has closed',
  },
  'dispatch.nameRequired': { 'zh-CN': '请输入分组名称', 'en-US': 'Please enter the group name' },
  'dispatch.nameTaken': { 'zh-CN': '分组名称已存在', 'en-US': 'Group name already exists' },
  'dispatch.modeInvalid': { 'zh-CN': '请选择派单模式', 'en-US': 'Please choose how orders are dispatched' },
  'dispatch.hoursInvalid': {
    'zh-CN': '请填写分配时长（1-72小时）',
    'en-US': 'Please enter the assign duration (1 to 72 hours)',
  },
  'dispatch.orderTakerRequired': {
    'zh-CN': '选择调度员需要有接单员',
    'en-US': 'Dispatcher selection needs an order taker',
  },
  'dispatch.dispatcherRequired': {
    'zh-CN': '分配模式需要至少一名调度员',
    'en-US': 'An assign group needs a group dispatcher',
  },
  'dispatch.memberInvalid': {
    'zh-CN': '成员须是本公司的在职人员',
    'en-US': 'Members must be active people of your company',
  },
  'dispatch.membersDuplicate': { 'zh-CN': '成员重复', 'en-US': 'A member is listed twice' },
  'dispatch.areasRequired': { 'zh-CN': '请至少选择一个服务区域', 'en-US': 'Please choose at least one service area' },
  'dispatch.areaInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'dispatch.areasDuplicate': { 'zh-CN': '服务区域重复', 'en-US': 'A service area is listed twice' },
  'dispatch.productsRequired': { 'zh-CN': '请至少选择一个产品', 'en-US': 'Please choose at least one product' },
  'dispatch.productsDuplicate': { 'zh-CN': '请避免重复品类', 'en-US': 'Avoid duplicate categories.' },
  'dispatch.productInvalid': {
    'zh-CN': '请选择现货品类',
    'en-US': 'Please choose physical product categories',
  },
  'dispatch.tooMany': { 'zh-CN': '选择的数量过多', 'en-US': 'Too many chosen' },
  'dispatch.conflict': {
    'zh-CN': '与其他分组冲突，请删除或更改区域（{group}）',
    'en-US': 'Conflict with other groups. Delete or change area to resolve. ({group})',
  },
  'dispatch.groupNotFound': { 'zh-CN': '派单分组不存在', 'en-US': 'This dispatch group does not exist' },
  'dispatch.notRouted': {
    'zh-CN': '该询价不在任何派单分组中',
    'en-US': 'This inquiry is not routed to a dispatch group',
  },
  'dispatch.notDispatcher': {
    'zh-CN': '只有「{group}」的调度员可以分配该询价',
    'en-US': 'Only the dispatchers of "{group}" may assign this inquiry',
  },
  'dispatch.alreadyAssigned': {
    'zh-CN': '该询价已由{name}处理',
    'en-US': '{name} is already handling this inquiry',
  },
  'dispatch.assigneeInvalid': {
    'zh-CN': '请选择本组的成员',
    'en-US': 'Please choose a member of the group',
  },
  'dispatch.routedToGroup': {
    'zh-CN': '该询价由派单分组「{group}」负责',
    'en-US': 'This inquiry belongs to the dispatch group "{group}"',
  },
  'dispatch.waitForAssign': {
    'zh-CN': '该询价由「{group}」的调度员分配，请等待分配',
    'en-US': 'The dispatchers of "{group}" assign this inquiry: wait for the assignment',
  },
  'dispatch.notHolder': {
    'zh-CN': '只有正在处理该询价的人可以转交',
    'en-US': 'Only the person handling this inquiry may hand it on',
  },
  'dispatch.colleagueInvalid': {
    'zh-CN': '请选择本公司的其他在职同事',
    'en-US': 'Please choose another active colleague of your company',
  },
  'notice.inquiryAssigned': {
    'zh-CN': '{from}给您分配了询价「{name}」，请在{hours}小时内报价',
    'en-US': '{from} assigned you the inquiry "{name}": quote within {hours} hours',
  },
  'notice.inquiryTransferred': {
    'zh-CN': '{from}把询价「{name}」转交给您处理',
    'en-US': '{from} handed you the inquiry "{name}"',
  },
  'notice.inquiryEscalated': {
    'zh-CN': '派单分组「{group}」的询价「{name}」超过{hours}小时未处理，已退回公司询价池',
    'en-US':
      'The inquiry "{name}" of the dispatch group "{group}" was not handled within {hours} hours and is back in the company\'s pool',
  },
} as const satisfies MessageCatalogue;
