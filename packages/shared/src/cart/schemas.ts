import { z } from 'zod';
import { tonsTextToKg } from '../helpers/tons';
import { bigintId, formFlag, jsonText } from '../schemas/common';
import { STOCK_MAX_TONS, ZStockSummary } from '../stocks/schemas';

/**
 * Lines a company's cart holds at most: a B2B cart is a short list of lots being negotiated, not a
 * wish list; past this the buyer is asked to check out or delete some first.
 */
export const CART_MAX_LINES = 50;

/**
 * Why a cart line cannot be checked out as it stands (SPEC: never silently bought). `offSale`: the
 * listing is no longer for sale (taken off, expired, deleted, back in review); `soldOut`: the seller
 * marked it sold out or nothing is left; `short`: less is available than the line asks for;
 * `wholeLot`: a lot sold only whole whose quantity changed since it was added; `priceChanged`: the
 * seller changed the price terms since it was added (a fixed price, or a following price's series or
 * processing fee: a following price moving with the day's quote is the agreed terms, not a change);
 * `noPrice`: a following price whose series has no quote yet.
 */
export const CART_PROBLEMS = ['offSale', 'soldOut', 'short', 'wholeLot', 'priceChanged', 'noPrice'] as const;
export type CartProblem = (typeof CART_PROBLEMS)[number];

/**
 * Tons as typed for a cart quantity: a positive number with at most 3 decimals (kilograms), returned
 * as integer kilograms. A quantity that parses but is more than is available is the service's to
 * refuse (codeFlag 2, 'cart.outOfRange', with the quantity the line was reset to).
 */
const cartTons = () =>
  z.preprocess(
    (value: number | string) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: 'cart.quantityInvalid' })
      .trim()
      .refine((text) => tonsTextToKg(text) !== null, { error: 'cart.quantityInvalid' })
      .transform((text) => tonsTextToKg(text) ?? 0)
      .pipe(
        z
          .number()
          .int()
          .positive({ error: 'cart.quantityInvalid' })
          .max(STOCK_MAX_TONS * 1000, { error: 'cart.outOfRange' }),
      ),
  );

/**
 * `shop_cart/add`: a for-sale listing of another company, a quantity in tons within what is available
 * (a lot that is not splittable only whole). The same listing again adds to its line. `fromSearch`
 * says the buyer found it through search (stock search results), for the seller's visitor analytics.
 */
export const ZCartAddRequest = z
  .object({
    stockId: bigintId(),
    quantity: cartTons(),
    fromSearch: formFlag().optional().default(0),
  })
  .transform(({ quantity, ...rest }) => ({ ...rest, quantityKg: quantity }));
export type TCartAddRequest = z.input<typeof ZCartAddRequest>;

/**
 * `shop_cart/update`: a line's new quantity in tons. Out of range (above what is available, or not the
 * whole of a lot sold only whole) answers codeFlag 2 'Input out of range, has been reset' with the
 * line as it stays (`data`: ZCartLineQuantity). `acceptPrice` 1 takes the listing's current price
 * terms as the line's, clearing its `priceChanged` mark: the buyer has seen the new price.
 */
export const ZCartUpdateRequest = z
  .object({
    id: bigintId(),
    quantity: cartTons(),
    acceptPrice: formFlag().optional().default(0),
  })
  .transform(({ quantity, ...rest }) => ({ ...rest, quantityKg: quantity }));
export type TCartUpdateRequest = z.input<typeof ZCartUpdateRequest>;

/** `shop_cart/delete`: one or more of the caller's company's lines (SPEC §5: at least one selected). */
export const ZCartDeleteRequest = z.object({
  ids: jsonText(
    z
      .array(bigintId(), { error: 'cart.selectOne' })
      .min(1, { error: 'cart.selectOne' })
      .max(CART_MAX_LINES, { error: 'common.invalidInput' }),
  ),
});
export type TCartDeleteRequest = z.input<typeof ZCartDeleteRequest>;

/** A line's quantity as it stands: the answer of add and update, and the `data` of an out-of-range refusal. */
export const ZCartLineQuantity = z.object({
  id: z.number(),
  stockId: z.number(),
  quantityKg: z.number(),
  /** Lines in the caller's company's cart now (user/info's shopCartNum). */
  count: z.number(),
});
export type TCartLineQuantity = z.infer<typeof ZCartLineQuantity>;

/** One line of the cart: the listing as lists show it today (live price), the quantity and its marks. */
export const ZCartItem = z.object({
  id: z.number(),
  stockId: z.number(),
  quantityKg: z.number(),
  /** What is on offer now (0 when not for sale). */
  availableKg: z.number(),
  /** The unit price (fen per ton) when the line was added or its price last accepted; null if it had none. */
  addedUnitPriceFen: z.number().nullable(),
  /** The listing with today's price (a following price moves with today's quote). */
  stock: ZStockSummary,
  problems: z.array(z.enum(CART_PROBLEMS)),
  /** No problems: the line may be checked out (checkout refuses the others as well). */
  checkoutable: z.boolean(),
  addedAt: z.string(),
  updatedAt: z.string(),
});
export type TCartItem = z.infer<typeof ZCartItem>;

/** The cart's lines of one seller, checked out together (one order per seller). */
export const ZCartGroup = z.object({
  sellerRootId: z.number(),
  sellerName: z.string(),
  shopOpen: z.boolean(),
  isDemo: z.boolean(),
  items: z.array(ZCartItem),
});
export type TCartGroup = z.infer<typeof ZCartGroup>;

/** `shop_cart/list`: the caller's company's cart grouped by seller, the seller with the latest line first. */
export const ZCartList = z.object({
  groups: z.array(ZCartGroup),
  count: z.number(),
  maxLines: z.number(),
});
export type TCartList = z.infer<typeof ZCartList>;
