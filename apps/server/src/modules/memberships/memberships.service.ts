import {
  CodeFlag,
  formatCents,
  shanghaiDate,
  type TDynamicViewStatus,
  type TVipStatus,
  VIP_RENEWAL_REMIND_DAYS,
  type VipKind,
} from '@metal/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requireCompanyInfo } from '../companies/companies.policy';
import type { PaymentOrderFacts } from '../payments/payments.purposes';
import { createPaymentOrder } from '../payments/payments.service';
import { entitlementPeriod } from './memberships.entitlements';
import { planOnSale } from './memberships.plans';
import { dynamicViewBalances, entitlements, membershipPurchases } from './memberships.table';

const DAY_MS = 24 * 3600 * 1000;

/** The period a holder holds now of a kind (renewals chained end to end), or null. */
async function periodHeld(db: Executor, holderId: number, kind: VipKind | 'dynamic_view', now: Date) {
  if (holderId <= 0) return null;
  const rows = await db
    .select({ startsAt: entitlements.startsAt, endsAt: entitlements.endsAt })
    .from(entitlements)
    .where(and(eq(entitlements.userId, holderId), eq(entitlements.kind, kind), gt(entitlements.endsAt, now)))
    .orderBy(asc(entitlements.startsAt));
  return entitlementPeriod(
    rows.map((row) => ({ startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() })),
    now,
  );
}

/** Certification is the company's, held by its owner (the root user); the other memberships are the user's own. */
const holderOf = (actor: ServiceContext['actor'], kind: VipKind | 'dynamic_view') =>
  kind === 'certified_supplier' ? actor.rootId : actor.userId;

/** SPEC §3 VIP status of the membership in force, with days left counted up (a part day is a day). */
export async function vipStatus(
  { db, clock, actor }: ServiceContext,
  { type = 'certified_supplier' }: { type?: VipKind },
): Promise<TVipStatus> {
  const now = clock.now();
  const period = await periodHeld(db, holderOf(actor, type), type, now);
  if (!period) return { vip: false, type, openDate: null, endDate: null, remainderdays: 0, needremind: false };
  const remainderdays = Math.ceil((period.endsAt.getTime() - now.getTime()) / DAY_MS);
  return {
    vip: true,
    type,
    openDate: period.startsAt.toISOString(),
    endDate: period.endsAt.toISOString(),
    remainderdays,
    needremind: remainderdays <= VIP_RENEWAL_REMIND_DAYS,
  };
}

/**
 * The purchase `vip/open` makes before the payment order: the plan as bought (its price and length
 * copied, so a later change of the plan never alters it), for the company (certified supplier, by its
 * owner, with the agreement and complete company info) or for the buyer.
 */
export async function createPurchase(
  tx: Executor,
  { clock, actor }: Pick<ServiceContext, 'clock' | 'actor'>,
  { planId, agree }: { planId: number; agree?: 0 | 1 },
) {
  const plan = await planOnSale(tx, planId);
  if (!plan) throw new AppError(CodeFlag.notFound, 'membership.planUnavailable');
  if (plan.kind === 'certified_supplier') {
    if (agree !== 1) throw new AppError(CodeFlag.invalidInput, 'membership.agreementRequired');
    // The company's (held by its owner): bought by whoever holds the 'membership' permission. vip/open itself
    // is open to every member, as forecast VIP and dynamic view are each person's own.
    if (!actor.permissions.includes('membership')) throw new AppError(CodeFlag.forbidden, 'noPermission.membership');
    await requireCompanyInfo(tx, actor.rootId);
  }
  const [purchase] = await tx
    .insert(membershipPurchases)
    .values({
      planId: plan.id,
      kind: plan.kind,
      userId: actor.userId,
      rootId: actor.rootId,
      holderId: holderOf(actor, plan.kind),
      months: plan.months,
      days: plan.days,
      viewCount: plan.viewCount,
      priceFen: plan.priceFen,
      // The payment providers' receipts and the order history read in Chinese, the product's language.
      subject: plan.nameZh,
      createdAt: clock.now(),
    })
    .returning();
  if (!purchase) throw new Error('membership purchase was not created');
  return purchase;
}

/** Records the payment order that pays for a purchase. */
export async function attachPaymentOrder(tx: Executor, purchaseId: number, orderNo: string) {
  await tx.update(membershipPurchases).set({ orderNo }).where(eq(membershipPurchases.id, purchaseId));
}

/**
 * `vip/open`: the purchase and the payment order that pays for it, made together (one transaction), so
 * an order never exists without what it pays for. Answers the order to pay at the cashier (`pay/create`);
 * the membership comes when payments hears the order paid (membershipFulfilment).
 */
export async function openVip(ctx: ServiceContext, input: { planId: number; agree?: 0 | 1 }) {
  return ctx.db.transaction(async (tx) => {
    const purchase = await createPurchase(tx, ctx, input);
    const orderNo = await createPaymentOrder(tx, {
      purpose: 'membership',
      purposeRef: String(purchase.id),
      userId: purchase.userId,
      rootId: purchase.rootId,
      amountFen: purchase.priceFen,
      subject: purchase.subject,
      now: ctx.clock.now(),
    });
    await attachPaymentOrder(tx, purchase.id, orderNo);
    return {
      orderNo,
      purchaseId: purchase.id,
      kind: purchase.kind,
      subject: purchase.subject,
      amountFen: purchase.priceFen,
      amount: formatCents(purchase.priceFen),
    };
  });
}

/** The purchase an order of purpose 'membership' pays for, locked; refused unless the order is the one made for it. */
export async function purchaseOfOrder(tx: Executor, order: PaymentOrderFacts) {
  const purchase = await findPurchaseOfOrder(tx, order);
  if (!purchase)
    throw new Error(`payment order ${order.orderNo} does not match membership purchase ${order.purposeRef}`);
  return purchase;
}

/** The membership purchase a payment order was made for, locked; undefined when none matches it. */
export async function findPurchaseOfOrder(tx: Executor, order: PaymentOrderFacts) {
  const purchaseId = Number(order.purposeRef);
  const [purchase] = Number.isSafeInteger(purchaseId)
    ? await tx.select().from(membershipPurchases).where(eq(membershipPurchases.id, purchaseId)).for('update')
    : [];
  if (
    !purchase ||
    purchase.orderNo !== order.orderNo ||
    purchase.userId !== order.userId ||
    purchase.rootId !== order.rootId ||
    purchase.priceFen !== order.amountFen
  ) {
    return undefined;
  }
  return purchase;
}

async function dynamicViewState(db: Executor, userId: number, now: Date, today: string): Promise<TDynamicViewStatus> {
  const [balance] = await db.select().from(dynamicViewBalances).where(eq(dynamicViewBalances.userId, userId));
  const granted = await periodHeld(db, userId, 'dynamic_view', now);
  return {
    remaining: balance?.remaining ?? 0,
    trialUsed: Boolean(balance?.trialUsedAt),
    usedToday: balance?.lastUseDay === today,
    grantedUntil: granted ? granted.endsAt.toISOString() : null,
  };
}

/** `dynamic_view/status`. */
export const dynamicViewStatus = ({ db, clock, actor }: ServiceContext) =>
  dynamicViewState(db, actor.userId, clock.now(), clock.today());

/**
 * `dynamic_view/use`: today (Asia/Shanghai) is paid for once — by an operator's grant in force, else
 * the free trial (once per user), else one use bought — and using again that day costs nothing. The
 * balance row is locked, so uses at the same moment on one day deduct once; with nothing to pay,
 * codeFlag 9 and nothing is written.
 */
export async function useDynamicView({ db, clock, actor }: ServiceContext) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const today = shanghaiDate(Math.floor(now.getTime() / 1000));
    await tx.insert(dynamicViewBalances).values({ userId: actor.userId, updatedAt: now }).onConflictDoNothing();
    const [balance] = await tx
      .select()
      .from(dynamicViewBalances)
      .where(eq(dynamicViewBalances.userId, actor.userId))
      .for('update');
    if (!balance) throw new Error('dynamic view balance was not created');
    const granted = await periodHeld(tx, actor.userId, 'dynamic_view', now);
    const paidBy =
      balance.lastUseDay === today
        ? 'today'
        : granted
          ? 'grant'
          : !balance.trialUsedAt
            ? 'trial'
            : balance.remaining > 0
              ? 'count'
              : null;
    if (!paidBy) throw new AppError(CodeFlag.vipRequired, 'membership.dynamicViewRequired');
    if (paidBy !== 'today') {
      await tx
        .update(dynamicViewBalances)
        .set({
          lastUseDay: today,
          trialUsedAt: paidBy === 'trial' ? now : balance.trialUsedAt,
          remaining: paidBy === 'count' ? sql`${dynamicViewBalances.remaining} - 1` : balance.remaining,
          updatedAt: now,
        })
        .where(eq(dynamicViewBalances.userId, actor.userId));
    }
    return { ...(await dynamicViewState(tx, actor.userId, now, today)), paidBy } as const;
  });
}

/** Adds bought uses to a user's dynamic view (a paid pack). */
export async function addDynamicViews(tx: Executor, userId: number, count: number, now: Date) {
  await tx
    .insert(dynamicViewBalances)
    .values({ userId, remaining: count, updatedAt: now })
    .onConflictDoUpdate({
      target: dynamicViewBalances.userId,
      set: { remaining: sql`${dynamicViewBalances.remaining} + ${count}`, updatedAt: now },
    });
}

/** Takes back up to `count` uses not used yet (those used are gone). */
export async function takeBackDynamicViews(tx: Executor, userId: number, count: number, now: Date) {
  if (count <= 0) return;
  await tx
    .update(dynamicViewBalances)
    .set({ remaining: sql`greatest(${dynamicViewBalances.remaining} - ${count}, 0)`, updatedAt: now })
    .where(eq(dynamicViewBalances.userId, userId));
}
