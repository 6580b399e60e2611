import type { MessageCatalogue } from '../message-catalogue';

/** What agent-buys says to users (keys are semantic; see messages.ts). */
export const AGENT_BUYS_MESSAGES = {
  'agentBuy.kindInvalid': { 'zh-CN': '请选择帮我买或帮我卖', 'en-US': 'Please choose help me buy or help me sell' },
  'agentBuy.contentRequired': {
    'zh-CN': '请用文字、语音或图片说明您的需求',
    'en-US': 'Please describe what you need in words, a voice message or photos',
  },
  'agentBuy.textTooLong': { 'zh-CN': '文字最多500字', 'en-US': 'At most 500 characters of text' },
  'agentBuy.voiceInvalid': {
    'zh-CN': '语音无效，请重新录制',
    'en-US': 'The voice message is invalid, please record it again',
  },
  'agentBuy.voiceTooLong': { 'zh-CN': '语音最长60秒', 'en-US': 'A voice message is at most 60 seconds' },
  'agentBuy.photosInvalid': {
    'zh-CN': '图片无效，请重新上传',
    'en-US': 'A photo is invalid, please upload it again',
  },
  'agentBuy.tooManyPhotos': { 'zh-CN': '最多上传9张图片', 'en-US': 'At most 9 photos' },
  'agentBuy.categoryInvalid': { 'zh-CN': '请选择有效的品类', 'en-US': 'Please choose a valid category' },
  'agentBuy.categoryNotPhysical': {
    'zh-CN': '期货品种只看行情，请选择现货品类',
    'en-US': 'Futures are quotes only: please choose a physical product category',
  },
  'agentBuy.notOpen': { 'zh-CN': '该需求已结束', 'en-US': 'This request has ended' },
  'agentQuote.ownRequest': { 'zh-CN': '不能为自己的需求报价', 'en-US': 'You cannot quote on your own request' },
  'agentQuote.ended': { 'zh-CN': '该需求已结束，不能再报价', 'en-US': 'This request no longer takes quotes' },
  'agentQuote.infoRequired': { 'zh-CN': '请填写报价信息', 'en-US': 'Please enter your quote' },
  'agentQuote.companyRequired': { 'zh-CN': '请填写公司名称', 'en-US': 'Please enter the company name' },
  'agentQuote.contactRequired': { 'zh-CN': '请填写联系人', 'en-US': 'Please enter the contact name' },
  'notice.agentBuyApproved': {
    'zh-CN': '您的代理需求「{name}」已通过审核，开始接受代理报价',
    'en-US': 'Your agent request "{name}" was approved and now takes agents\' quotes',
  },
  'notice.agentBuyRejected': {
    'zh-CN': '您的代理需求「{name}」未通过审核：{reason}',
    'en-US': 'Your agent request "{name}" was not approved: {reason}',
  },
  'notice.agentBuyQuoted': {
    'zh-CN': '{company}为您的代理需求「{name}」报价了',
    'en-US': '{company} quoted on your agent request "{name}"',
  },
  'notice.agentBuyExpired': {
    'zh-CN': '您的代理需求「{name}」已到期，不再接受报价',
    'en-US': 'Your agent request "{name}" has expired and takes no more quotes',
  },
} as const satisfies MessageCatalogue;
