import type { MessageCatalogue } from '../message-catalogue';
import { INVOICE_TITLES_MAX, RECEIPT_ADDRESSES_MAX } from './schemas';

/** What receipt addresses and invoice titles say to users (keys are semantic; see messages.ts). */
export const ADDRESSES_MESSAGES = {
  'address.receiverRequired': { 'zh-CN': '请输入收货人', 'en-US': 'Please enter the receiver' },
  'address.phoneInvalid': {
    'zh-CN': '请输入正确的联系电话（手机或座机）',
    'en-US': 'Please enter a valid phone number (mobile or landline)',
  },
  'address.regionInvalid': { 'zh-CN': '请选择所在地区', 'en-US': 'Please choose the region' },
  'address.detailRequired': { 'zh-CN': '请输入详细地址', 'en-US': 'Please enter the detailed address' },
  'address.tooMany': {
    'zh-CN': `收货地址最多${RECEIPT_ADDRESSES_MAX}个，请先删除不用的地址`,
    'en-US': `You can keep at most ${RECEIPT_ADDRESSES_MAX} receipt addresses; please delete one you no longer use`,
  },
  'address.notFound': { 'zh-CN': '收货地址不存在或已删除', 'en-US': 'The address does not exist or was deleted' },
  'invoice.nameRequired': { 'zh-CN': '请输入发票抬头', 'en-US': 'Please enter the invoice title' },
  'invoice.taxNoInvalid': {
    'zh-CN': '请输入正确的纳税人识别号（18位统一社会信用代码）',
    'en-US': 'Please enter a valid taxpayer ID (the 18-character unified social credit code)',
  },
  'invoice.phoneInvalid': { 'zh-CN': '请输入正确的注册电话', 'en-US': 'Please enter a valid registered phone' },
  'invoice.bankAccountInvalid': {
    'zh-CN': '银行账号应为8至30位数字',
    'en-US': 'The bank account number should be 8 to 30 digits',
  },
  'invoice.receiverMobileInvalid': {
    'zh-CN': '请输入正确的收票手机号',
    'en-US': 'Please enter a valid mobile number for the e-invoice',
  },
  'invoice.emailInvalid': { 'zh-CN': '请输入正确的收票邮箱', 'en-US': 'Please enter a valid email for the e-invoice' },
  'invoice.tooMany': {
    'zh-CN': `发票抬头最多${INVOICE_TITLES_MAX}个，请先删除不用的抬头`,
    'en-US': `You can keep at most ${INVOICE_TITLES_MAX} invoice titles; please delete one you no longer use`,
  },
  'invoice.notFound': { 'zh-CN': '发票抬头不存在或已删除', 'en-US': 'The invoice title does not exist or was deleted' },
} as const satisfies MessageCatalogue;
