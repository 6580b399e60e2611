import { z } from 'zod';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZCartAddRequest, ZCartDeleteRequest, ZCartLineQuantity, ZCartList, ZCartUpdateRequest } from './schemas';

/**
 * The `.htmls` calls of the cart (SPEC §2 shopping_cart). The cart is the company's: every member of
 * staff with the 'orders' permission sees and checks out the same lines, as the orders they become
 * are the company's. Each change refreshes user/info's shopCartNum and sends the company's open
 * connections a cart frame (ChatFrameType.cart).
 */
export const cartCalls = {
  cartList: contract({
    path: 'shop_cart/list',
    auth: 'user',
    permission: 'orders',
    feature: 'cart',
    summary:
      "Cart: the caller's company's lines grouped by seller, each listing with today's price (a following price moves with today's quote) and its problems (off sale, sold out, less available, whole lot changed, price terms changed, no quote): a line with problems is not checked out",
    request: ZEmptyRequest,
    response: ZCartList,
  }),
  cartAdd: contract({
    path: 'shop_cart/add',
    auth: 'user',
    permission: 'orders',
    feature: 'cart',
    summary:
      "Cart: add a quantity (tons) of another company's for-sale listing, within what is available (a lot that is not splittable only whole); the same listing again adds to its line. Records the price at this moment and the add for the seller's visitor analytics",
    request: ZCartAddRequest,
    response: ZCartLineQuantity,
  }),
  cartUpdate: contract({
    path: 'shop_cart/update',
    auth: 'user',
    permission: 'orders',
    feature: 'cart',
    summary:
      "Cart: change a line's quantity (tons); out of range answers codeFlag 2 'Input out of range, has been reset' with the line as it stays. acceptPrice 1 takes the listing's current price terms",
    request: ZCartUpdateRequest,
    response: ZCartLineQuantity,
  }),
  cartDelete: contract({
    path: 'shop_cart/delete',
    auth: 'user',
    permission: 'orders',
    feature: 'cart',
    summary: "Cart: delete one or more of the caller's company's lines (at least one)",
    request: ZCartDeleteRequest,
    response: z.object({ deleted: z.number(), count: z.number() }),
  }),
} as const;
