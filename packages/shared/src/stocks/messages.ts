import type { MessageCatalogue } from '../message-catalogue';

/** What stocks says to users (keys are semantic; see messages.ts). */
export const STOCKS_MESSAGES = {
  'stock.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'stock.categoryNotPhysical': {
    'zh-CN': '期货品种只看行情，请选择现货品类',
    'en-US': 'Futures are quotes only: please choose a physical product category',
  },
  'stock.quantityRequired': {
    'zh-CN': '请填写库存数量（吨，最多3位小数）',
    'en-US': 'Please enter the quantity (tons, at most 3 decimals)',
  },
  'stock.pieceWeightRequired': {
    'zh-CN': '请填写件重（吨，最多3位小数）',
    'en-US': 'Please enter the piece weight (tons, at most 3 decimals)',
  },
  'stock.weightInvalid': {
    'zh-CN': '重量为正数，单位吨，最多3位小数',
    'en-US': 'A weight is a positive number of tons with at most 3 decimals',
  },
  'stock.quantityChanged': {
    'zh-CN': '您打开后这条库存有订单成交，剩余{tons}吨（打开时{seenTons}吨），请核对库存数量后再保存',
    'en-US':
      'Orders have taken from this listing since you opened it: {tons} tons left ({seenTons} then). Check the quantity and save again',
  },
  'stock.grossBelowNet': { 'zh-CN': '毛重不能小于库存数量', 'en-US': 'The gross weight cannot be below the quantity' },
  'stock.priceRequired': { 'zh-CN': '请填写价格', 'en-US': 'Please enter a price' },
  'stock.seriesRequired': {
    'zh-CN': '请选择跟随的行情',
    'en-US': 'Please choose the market quote the price follows',
  },
  'stock.processingFeeRequired': {
    'zh-CN': '请填写加工费（元/吨）',
    'en-US': 'Please enter the processing fee (yuan per ton)',
  },
  'stock.priceOutOfRange': { 'zh-CN': '价格超出范围', 'en-US': 'The price is out of range' },
  'stock.dateInvalid': { 'zh-CN': '日期格式不正确', 'en-US': 'The date is not valid' },
  'stock.tooManyImages': { 'zh-CN': '最多上传9张图片', 'en-US': 'At most 9 pictures' },
  'stock.seriesNotYuan': {
    'zh-CN': '请选择以人民币报价的行情',
    'en-US': 'Please choose a market quote in yuan',
  },
  'stock.imagesInvalid': {
    'zh-CN': '部分图片已失效，请重新上传',
    'en-US': 'Some pictures are no longer available; please upload them again',
  },
  'stock.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'stock.refreshNotAllowed': {
    'zh-CN': '只有已上架或已过期的现货可以刷新',
    'en-US': 'Only stock that is for sale or expired can be refreshed',
  },
  'notice.stockApproved': {
    'zh-CN': '现货「{name}」审核已通过，已上架',
    'en-US': 'Your stock "{name}" was approved and is now for sale',
  },
  'notice.stockRejected': {
    'zh-CN': '现货「{name}」审核未通过：{reason}',
    'en-US': 'Your stock "{name}" was rejected: {reason}',
  },
  'notice.stockExpired': {
    'zh-CN': '您有{count}条现货超过{days}天未刷新，已过期下架，刷新后可重新上架',
    'en-US':
      '{count} of your stock listings were not refreshed for {days} days and have expired; refresh them to put them on sale again',
  },
} as const satisfies MessageCatalogue;
