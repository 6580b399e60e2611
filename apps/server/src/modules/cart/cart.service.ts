import {
  CART_MAX_LINES,
  type CartProblem,
  ChatFrameType,
  CodeFlag,
  formatTons,
  type TCartGroup,
  type TCartItem,
  type TCartLineQuantity,
  type TCartList,
} from '@metal/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { deliverOnCommit, publishOnCommit } from '../../platform/delivery';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { canSeeStock } from '../stocks/stocks.policy';
import {
  latestQuotes,
  presentStockSummaries,
  type StockRow,
  stockPrice,
  summaryForViewer,
} from '../stocks/stocks.present';
import { stocks } from '../stocks/stocks.table';
import { recordVisitorEvent } from '../visitors/visitors.record';
import { type CartItemRow, cartItems } from './cart.table';

/**
 * What a listing offers now, in kilograms: its quantity while it is for sale, nothing otherwise. The
 * one place the cart works availability out, so that reservations by orders change it here alone.
 */
export function availableKg(stock: Pick<StockRow, 'status' | 'quantityKg'>): number {
  return stock.status === 'sale' ? Math.max(0, stock.quantityKg) : 0;
}

/**
 * Cart changes of one company take turns (until the transaction ends): a line's new total is checked
 * against what is available, and the line cap against the lines held, from what the change itself read.
 */
const lockCart = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('cart.company'), ${rootId})`);

/** The profile summary's shopCartNum: the lines in a company's cart, as a query of one row (`n`). */
export function cartLineCountQuery(db: Executor, rootId: number) {
  return db.select({ n: count() }).from(cartItems).where(eq(cartItems.rootId, rootId));
}

async function cartLineCount(db: Executor, rootId: number): Promise<number> {
  const [row] = await cartLineCountQuery(db, rootId);
  return row?.n ?? 0;
}

/**
 * After a change to a company's cart, on commit: every instance forgets the company's profiles
 * (shopCartNum), and the company's people's open connections get SPEC §4's cart-update event with the
 * count, so a badge changes without asking.
 */
async function announceCartChange(tx: Executor, rootId: number): Promise<number> {
  const lines = await cartLineCount(tx, rootId);
  const people = await tx.select({ id: users.id }).from(users).where(eq(users.rootId, rootId));
  await publishOnCommit(tx, 'profiles.changed', { rootId });
  await deliverOnCommit(tx, {
    userIds: people.map((person) => person.id),
    frame: { type: ChatFrameType.cart, count: lines },
  });
  return lines;
}

/** The listing's price terms and its unit price now, as a line keeps them when added or accepted. */
async function priceTermsNow(db: Executor, clock: Clock, stock: StockRow) {
  const quotes = await latestQuotes(db, stock.seriesId === null ? [] : [stock.seriesId], clock.today());
  const price = stockPrice(stock, quotes, new Map());
  return {
    priceType: stock.priceType,
    priceFen: stock.priceType === 'fixed' ? stock.priceFen : null,
    seriesId: stock.priceType === 'market' ? stock.seriesId : null,
    processingFeeFen: stock.priceType === 'market' ? stock.processingFeeFen : null,
    unitPriceFen: price.unitPriceFen,
  };
}

/**
 * Whether a quantity may be in the cart: at most what is available, and all of it for a lot that is
 * not splittable. Answers the message key that says why not, or null.
 */
function quantityProblem(stock: StockRow, quantityKg: number): 'cart.moreThanAvailable' | 'cart.wholeLotOnly' | null {
  const available = availableKg(stock);
  if (quantityKg > available) return 'cart.moreThanAvailable';
  if (!stock.splittable && quantityKg !== available) return 'cart.wholeLotOnly';
  return null;
}

/**
 * `shop_cart/add`: another company's for-sale listing, a quantity within what is available; the same
 * listing again adds to its line (the total within what is available). The line takes the listing's
 * price terms as they are now (the buyer has just seen them), and the seller's visitor analytics
 * record the add (kind `cart`; `fromSearch` is kept on the line).
 */
export async function addToCart(
  { db, clock, actor }: ServiceContext,
  { stockId, quantityKg, fromSearch }: { stockId: number; quantityKg: number; fromSearch: 0 | 1 },
): Promise<TCartLineQuantity> {
  return db.transaction(async (tx) => {
    await lockCart(tx, actor.rootId);
    const [stock] = await tx.select().from(stocks).where(eq(stocks.id, stockId)).limit(1);
    if (!stock || !canSeeStock(actor, stock)) throw notFound();
    if (stock.rootId === actor.rootId) throw invalid('cart.ownStock', 'stockId');
    if (availableKg(stock) <= 0) throw invalid('cart.notForSale', 'stockId');
    const [held] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.rootId, actor.rootId), eq(cartItems.stockId, stockId)));
    const total = (held?.quantityKg ?? 0) + quantityKg;
    const problem = quantityProblem(stock, total);
    if (problem) {
      throw new AppError(
        CodeFlag.invalidInput,
        problem,
        { available: formatTons(availableKg(stock)) },
        {
          errors: { quantity: problem },
        },
      );
    }
    if (!held && (await cartLineCount(tx, actor.rootId)) >= CART_MAX_LINES) {
      throw new AppError(CodeFlag.invalidInput, 'cart.full', { max: CART_MAX_LINES });
    }
    const now = clock.now();
    const terms = await priceTermsNow(tx, clock, stock);
    const [line] = held
      ? await tx
          .update(cartItems)
          .set({ quantityKg: total, ...terms, updatedAt: now })
          .where(eq(cartItems.id, held.id))
          .returning()
      : await tx
          .insert(cartItems)
          .values({
            rootId: actor.rootId,
            stockId,
            sellerRootId: stock.rootId,
            quantityKg: total,
            addedBy: actor.userId,
            source: fromSearch ? 'search' : 'other',
            ...terms,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
    await recordVisitorEvent({ db: tx, actor, ownerRootId: stock.rootId, kind: 'cart', stockId, now });
    const lines = await announceCartChange(tx, actor.rootId);
    return { id: line!.id, stockId, quantityKg: line!.quantityKg, count: lines };
  });
}

/** A line of the caller's company's cart, locked: another company's is refused (codeFlag 3), a missing one not found. */
async function ownLine(tx: Executor, actor: Actor, id: number): Promise<CartItemRow> {
  const [line] = await tx.select().from(cartItems).where(eq(cartItems.id, id)).for('update');
  if (!line) throw notFound();
  if (line.rootId !== actor.rootId) throw forbidden();
  return line;
}

/**
 * `shop_cart/update`: a line's new quantity. Out of range (SPEC §5) answers codeFlag 2 with the line
 * as it stays, so the page puts the quantity back. `acceptPrice` takes the listing's current terms.
 */
export async function updateCartLine(
  { db, clock, actor }: ServiceContext,
  { id, quantityKg, acceptPrice }: { id: number; quantityKg: number; acceptPrice: 0 | 1 },
): Promise<TCartLineQuantity> {
  return db.transaction(async (tx) => {
    await lockCart(tx, actor.rootId);
    const line = await ownLine(tx, actor, id);
    const [stock] = await tx.select().from(stocks).where(eq(stocks.id, line.stockId)).limit(1);
    if (!stock || quantityProblem(stock, quantityKg)) {
      const lines = await cartLineCount(tx, actor.rootId);
      throw new AppError(
        CodeFlag.invalidInput,
        'cart.outOfRange',
        {},
        {
          errors: { quantity: 'cart.outOfRange' },
          data: { id: line.id, stockId: line.stockId, quantityKg: line.quantityKg, count: lines },
        },
      );
    }
    const terms = acceptPrice ? await priceTermsNow(tx, clock, stock) : {};
    const [updated] = await tx
      .update(cartItems)
      .set({ quantityKg, ...terms, updatedAt: clock.now() })
      .where(eq(cartItems.id, id))
      .returning();
    const lines = await announceCartChange(tx, actor.rootId);
    return { id, stockId: line.stockId, quantityKg: updated!.quantityKg, count: lines };
  });
}

/** `shop_cart/delete`: the caller's company's lines; one of another company's refuses them all (nothing deleted). */
export async function deleteCartLines(
  { db, actor }: ServiceContext,
  { ids }: { ids: number[] },
): Promise<{ deleted: number; count: number }> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await lockCart(tx, actor.rootId);
    const lines = await tx.select().from(cartItems).where(inArray(cartItems.id, wanted)).for('update');
    if (lines.length !== wanted.length) throw notFound();
    if (lines.some((line) => line.rootId !== actor.rootId)) throw forbidden();
    await tx.delete(cartItems).where(inArray(cartItems.id, wanted));
    const left = await announceCartChange(tx, actor.rootId);
    return { deleted: wanted.length, count: left };
  });
}

/**
 * For orders: removes the buyer's cart lines of the listings just checked out, inside the checkout's
 * own transaction (`tx`), so the lines go exactly when the order is made and stay if it fails. `actor`
 * is the buyer (the cart is its company's, `actor.rootId`); listings without a line are skipped.
 * Sends the cart-update event and refreshes shopCartNum on commit. Answers how many lines it removed.
 */
export async function removeCheckedOutCartLines(tx: Executor, actor: Actor, stockIds: number[]): Promise<number> {
  if (stockIds.length === 0) return 0;
  await lockCart(tx, actor.rootId);
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.rootId, actor.rootId), inArray(cartItems.stockId, [...new Set(stockIds)])))
    .returning({ id: cartItems.id });
  if (removed.length > 0) await announceCartChange(tx, actor.rootId);
  return removed.length;
}

/** Why a line cannot be checked out as it stands (CART_PROBLEMS), from the listing as it is now. */
function problemsOf(line: CartItemRow, stock: StockRow, unitPriceFen: number | null): CartProblem[] {
  const problems: CartProblem[] = [];
  const available = availableKg(stock);
  if (stock.status === 'soldOut' || (stock.status === 'sale' && available <= 0)) problems.push('soldOut');
  else if (stock.status !== 'sale') problems.push('offSale');
  else if (line.quantityKg > available) problems.push('short');
  else if (!stock.splittable && line.quantityKg !== available) problems.push('wholeLot');
  const termsChanged =
    line.priceType !== stock.priceType ||
    (stock.priceType === 'fixed'
      ? line.priceFen !== stock.priceFen
      : line.seriesId !== stock.seriesId || line.processingFeeFen !== stock.processingFeeFen);
  if (termsChanged) problems.push('priceChanged');
  if (unitPriceFen === null) problems.push('noPrice');
  return problems;
}

/**
 * `shop_cart/list`: the company's lines grouped by seller (the seller with the most recently changed
 * line first), each listing presented as lists present it, with today's price.
 */
export async function listCart({ db, clock, actor, lang, links }: ServiceContext): Promise<TCartList> {
  const lines = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.rootId, actor.rootId))
    .orderBy(desc(cartItems.updatedAt), desc(cartItems.id));
  if (lines.length === 0) return { groups: [], count: 0, maxLines: CART_MAX_LINES };
  const stockIds = lines.map((line) => line.stockId);
  const sellerIds = [...new Set(lines.map((line) => line.sellerRootId))];
  const [rows, sellers] = await Promise.all([
    db.select().from(stocks).where(inArray(stocks.id, stockIds)),
    db
      .select({
        rootId: companies.rootId,
        name: companies.name,
        shopOpenedAt: companies.shopOpenedAt,
        isDemo: users.isDemo,
      })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.rootId))
      .where(inArray(companies.rootId, sellerIds)),
  ]);
  const summaries = await presentStockSummaries({ db, rows, lang, today: clock.today(), point: null, links });
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const summaryOf = new Map(summaries.map((summary) => [summary.id, summary]));
  const sellerOf = new Map(sellers.map((seller) => [seller.rootId, seller]));
  const groups = new Map<number, TCartGroup>();
  for (const line of lines) {
    const stock = rowOf.get(line.stockId);
    const listed = summaryOf.get(line.stockId);
    if (!stock || !listed) continue;
    const summary = summaryForViewer(listed, actor.rootId);
    const problems = problemsOf(line, stock, summary.price.unitPriceFen);
    const item: TCartItem = {
      id: line.id,
      stockId: line.stockId,
      quantityKg: line.quantityKg,
      availableKg: availableKg(stock),
      addedUnitPriceFen: line.unitPriceFen,
      stock: summary,
      problems,
      checkoutable: problems.length === 0,
      addedAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    };
    const group = groups.get(line.sellerRootId);
    if (group) {
      group.items.push(item);
      continue;
    }
    const seller = sellerOf.get(line.sellerRootId);
    groups.set(line.sellerRootId, {
      sellerRootId: line.sellerRootId,
      sellerName: seller?.name ?? summary.companyName,
      shopOpen: Boolean(seller?.shopOpenedAt),
      isDemo: seller?.isDemo ?? false,
      items: [item],
    });
  }
  return { groups: [...groups.values()], count: lines.length, maxLines: CART_MAX_LINES };
}
