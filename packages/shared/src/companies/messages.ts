import type { MessageCatalogue } from '../message-catalogue';
import { PAYMENT_DAYS_MAX, PAYMENT_DAYS_MIN } from './trade-settings';

/** What companies says to users (keys are semantic; see messages.ts). */
export const COMPANIES_MESSAGES = {
  'companyInfo.incomplete': {
    'zh-CN': '您的公司信息不完善，是否立即去完善？',
    'en-US': 'Your company info is incomplete, go complete it now?',
  },
  'linkWay.qqInvalid': { 'zh-CN': '请输入正确的QQ号', 'en-US': 'Please enter a valid QQ number' },
  'linkWay.wechatInvalid': {
    'zh-CN': '请输入正确的微信号（6-20位字母、数字、下划线或减号，以字母开头）',
    'en-US': 'Please enter a valid WeChat ID (6-20 letters, digits, _ or -, starting with a letter)',
  },
  'linkWay.personRequired': { 'zh-CN': '请选择联系人', 'en-US': 'Please choose a contact person' },
  'linkWay.channelRequired': { 'zh-CN': '请选择联系方式', 'en-US': 'Please choose a contact channel' },
  'linkWay.purposeTwice': {
    'zh-CN': '每项业务只能设置一个联系人',
    'en-US': 'Each purpose takes one contact person',
  },
  'company.nameInvalid': { 'zh-CN': '请输入有效的公司名称', 'en-US': 'Please enter a valid company name' },
  'company.nameTaken': {
    'zh-CN': '该公司名称已被注册，您可以联系持有人或更换名称',
    'en-US': 'This company name is taken: you may contact its holder or choose another',
  },
  'company.nameSet': {
    'zh-CN': '公司名称已设置，如需修改请提交名称变更',
    'en-US': 'The company name is set; to change it, request a name change',
  },
  'company.nameUnchanged': { 'zh-CN': '新名称与当前名称相同', 'en-US': 'The new name is the current name' },
  'company.nameNotSet': { 'zh-CN': '请先设置公司名称', 'en-US': 'Please set the company name first' },
  'company.nameChangePending': {
    'zh-CN': '公司名称变更审核中，请等待审核结果',
    'en-US': 'A company name change is under review; please wait for the result',
  },
  'company.holderContacted': {
    'zh-CN': '已通知该名称的持有人',
    'en-US': 'The holder of this name has been notified',
  },
  'company.holderContactedAlready': {
    'zh-CN': '今天已通知过该名称的持有人',
    'en-US': 'You have already notified the holder of this name today',
  },
  'company.ownerOnly': {
    'zh-CN': '仅公司主账号可以修改公司信息',
    'en-US': "Only the company's main account can change company info",
  },
  'company.duplicateCategories': { 'zh-CN': '请勿重复选择品类', 'en-US': 'Avoid duplicate categories.' },
  'company.tooManyProducts': { 'zh-CN': '最多选择30个品类', 'en-US': 'Choose at most 30 categories' },
  'company.unknownSort': { 'zh-CN': '所选品类不存在', 'en-US': 'A chosen category does not exist' },
  'company.businessModel': {
    'zh-CN': '请选择经营模式',
    'en-US': 'Please choose a business model',
  },
  'company.phoneInvalid': {
    'zh-CN': '请输入正确的电话号码',
    'en-US': 'Please enter a valid phone number',
  },
  'company.faxInvalid': {
    'zh-CN': '请输入正确的传真号码，如 0757-86001234',
    'en-US': 'Please enter a valid fax number such as 0757-86001234',
  },
  'company.tooManyPhones': { 'zh-CN': '最多填写5个业务电话', 'en-US': 'At most 5 business phones' },
  'company.tooManyFaxes': { 'zh-CN': '最多填写5个传真', 'en-US': 'At most 5 fax numbers' },
  'company.qqInvalid': { 'zh-CN': '请输入正确的QQ号', 'en-US': 'Please enter a valid QQ number' },
  'company.wechatInvalid': { 'zh-CN': '请输入正确的微信号', 'en-US': 'Please enter a valid WeChat ID' },
  'company.webUrlInvalid': {
    'zh-CN': '网址应以 http:// 或 https:// 开头',
    'en-US': 'The website must start with http:// or https://',
  },
  'company.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'company.addressDetailRequired': { 'zh-CN': '请填写详细地址', 'en-US': 'Please enter the street address' },
  'company.coordinatesInvalid': {
    'zh-CN': '地图位置不正确，请重新选择',
    'en-US': 'The map position is not valid; please pick it again',
  },
  'company.linkNameRequired': { 'zh-CN': '请填写联系人', 'en-US': 'Please enter the contact person' },
  'review.reasonRequired': { 'zh-CN': '驳回时请填写原因', 'en-US': 'Please give a reason for the rejection' },
  'review.notPending': { 'zh-CN': '该申请已处理', 'en-US': 'This request has already been reviewed' },
  'review.versionRequired': {
    'zh-CN': '请刷新审核列表后重新审核',
    'en-US': 'Reload the review queue and decide again',
  },
  'review.changedSinceListed': {
    'zh-CN': '提交方已修改该内容，请查看修改后的内容再审核',
    'en-US': 'The submitter has changed this since it was listed: look at the changes before deciding',
  },
  'notice.nameContact': {
    'zh-CN': '有用户希望使用公司名称「{name}」，请留意联系',
    'en-US': 'Another user would like to use the company name "{name}" and may contact you',
  },
  'notice.nameApproved': {
    'zh-CN': '公司名称变更已通过，新名称：{name}',
    'en-US': 'Your company name change was approved; the new name is {name}',
  },
  'notice.nameRejected': {
    'zh-CN': '公司名称变更未通过：{reason}',
    'en-US': 'Your company name change was rejected: {reason}',
  },
  'licence.required': { 'zh-CN': '请上传营业执照', 'en-US': 'Please upload the business licence' },
  'licence.fileInvalid': {
    'zh-CN': '营业执照图片已失效，请重新上传',
    'en-US': 'The licence picture is no longer available; please upload it again',
  },
  'licence.pending': {
    'zh-CN': '营业执照审核中，请等待审核结果',
    'en-US': 'A business licence is under review; please wait for the result',
  },
  'licence.reviewWithName': {
    'zh-CN': '该营业执照随公司名称变更一起审核',
    'en-US': 'This licence is reviewed with its company name change',
  },
  'licence.none': {
    'zh-CN': '该公司暂无审核通过的营业执照',
    'en-US': 'This company has no approved business licence',
  },
  'notice.licenceApproved': {
    'zh-CN': '营业执照审核已通过',
    'en-US': 'Your business licence was approved',
  },
  'notice.licenceRejected': {
    'zh-CN': '营业执照审核未通过：{reason}',
    'en-US': 'Your business licence was rejected: {reason}',
  },
  'tradeSet.paymentDaysInvalid': {
    'zh-CN': `付款期限应为${PAYMENT_DAYS_MIN}至${PAYMENT_DAYS_MAX}天`,
    'en-US': `Payment days should be from ${PAYMENT_DAYS_MIN} to ${PAYMENT_DAYS_MAX}`,
  },
  'tradeSet.bankAccountInvalid': {
    'zh-CN': '银行账号应为8至30位数字',
    'en-US': 'The bank account number should be 8 to 30 digits',
  },
  'tradeSet.bankIncomplete': {
    'zh-CN': '请完整填写收款户名、开户银行和银行账号',
    'en-US': 'Please fill in the account name, the bank and the account number together',
  },
} as const satisfies MessageCatalogue;
