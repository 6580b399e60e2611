import type { MessageCatalogue } from '../message-catalogue';

/** What the cart says to users (keys are semantic; see messages.ts). */
export const CART_MESSAGES = {
  // SPEC's user messages, word for word (SPEC §5: a cart quantity out of range is reset).
  'cart.outOfRange': { 'zh-CN': '输入超出范围，已重置', 'en-US': 'Input out of range, has been reset' },
  'cart.quantityInvalid': {
    'zh-CN': '请输入购买数量（吨，最多3位小数）',
    'en-US': 'Please enter the quantity (tons, at most 3 decimals)',
  },
  'cart.selectOne': { 'zh-CN': '请至少选择一件商品', 'en-US': 'Please select at least one item' },
  'cart.notForSale': {
    'zh-CN': '该现货已下架或售罄，不能加入购物车',
    'en-US': 'This stock is no longer for sale, so it cannot be added to the cart',
  },
  'cart.ownStock': {
    'zh-CN': '不能购买本公司的现货',
    'en-US': "You cannot buy your own company's stock",
  },
  'cart.moreThanAvailable': {
    'zh-CN': '购物车中该现货数量不能超过可售数量{available}吨',
    'en-US': 'The cart cannot hold more of this stock than the {available} tons available',
  },
  'cart.wholeLotOnly': {
    'zh-CN': '该现货不可拆分，只能整批购买{available}吨',
    'en-US': 'This lot is not splittable: it is sold only whole ({available} tons)',
  },
  'cart.full': {
    'zh-CN': '购物车最多{max}种商品，请先结算或删除部分商品',
    'en-US': 'The cart holds at most {max} items: please check out or delete some first',
  },
} as const satisfies MessageCatalogue;
