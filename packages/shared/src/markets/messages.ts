import type { MessageCatalogue } from '../message-catalogue';

/** What markets says to users (keys are semantic; see messages.ts). */
export const MARKETS_MESSAGES = {
  'markets.import.market': { 'zh-CN': '未知的市场', 'en-US': 'Unknown market' },
  'markets.import.sort': { 'zh-CN': '未知的品种', 'en-US': 'Unknown sort' },
  'markets.import.price': {
    'zh-CN': '价格应为正数，最多两位小数',
    'en-US': 'Prices must be positive numbers with at most two decimals',
  },
  'markets.import.range': { 'zh-CN': '最低价不能高于最高价', 'en-US': 'The low price cannot be above the high price' },
  'markets.import.notTradingDay': { 'zh-CN': '该日期不是交易日', 'en-US': 'This date is not a trading day' },
  'markets.import.duplicate': { 'zh-CN': '同一品种同一日期重复出现', 'en-US': 'The same series and date appear twice' },
  'markets.rate.invalid': {
    'zh-CN': '汇率应为 1 到 20 之间的数字，最多四位小数',
    'en-US': 'The rate must be a number from 1 to 20 with at most four decimals',
  },
  'markets.import.header': {
    'zh-CN': '表头应为 market,sort,date,low,high[,price]',
    'en-US': 'The header must be market,sort,date,low,high[,price]',
  },
  'markets.import.columns': { 'zh-CN': '列数与表头不一致', 'en-US': 'The number of columns does not match the header' },
  'markets.import.failed': {
    'zh-CN': '导入失败：{count}行有误，未导入任何数据',
    'en-US': 'Import refused: {count} bad lines, nothing was imported',
  },
  'markets.import.tooMany': { 'zh-CN': '一次最多导入{max}行', 'en-US': 'At most {max} rows per import' },
  'markets.group.name': { 'zh-CN': '分组名称为1-10个字', 'en-US': 'A group name is 1-10 characters' },
  'markets.group.nameTaken': { 'zh-CN': '分组名称已存在', 'en-US': 'Group name already exists' },
  'markets.group.sorts': { 'zh-CN': '请选择有效的品种', 'en-US': 'Please choose valid sorts' },
  'markets.group.tooManySorts': { 'zh-CN': '一个分组最多30个品种', 'en-US': 'At most 30 sorts in a group' },
  'markets.group.tooMany': { 'zh-CN': '最多创建10个分组', 'en-US': 'At most 10 groups' },
  'markets.group.defaultName': { 'zh-CN': '我的行情', 'en-US': 'My quotes' },
} as const satisfies MessageCatalogue;
