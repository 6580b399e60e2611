import { type EntitlementKind, formatCents, type TConsolePlan, type TVipPlan } from '@metal/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { recordOperatorAction } from '../operators/operators.service';
import { membershipPlans } from './memberships.table';

type PlanRow = typeof membershipPlans.$inferSelect;

export const presentPlan = (plan: PlanRow, lang: ServiceContext['lang']): TVipPlan => ({
  id: plan.id,
  kind: plan.kind,
  name: lang === 'zh-CN' ? plan.nameZh : plan.nameEn,
  months: plan.months,
  days: plan.days,
  viewCount: plan.viewCount,
  priceFen: plan.priceFen,
  price: formatCents(plan.priceFen),
});

const presentConsolePlan = (plan: PlanRow): TConsolePlan => ({
  id: plan.id,
  kind: plan.kind,
  nameZh: plan.nameZh,
  nameEn: plan.nameEn,
  months: plan.months,
  days: plan.days,
  viewCount: plan.viewCount,
  priceFen: plan.priceFen,
  active: plan.active,
  sortOrder: plan.sortOrder,
  updatedAt: plan.updatedAt.toISOString(),
});

/** `vip/plans`: what is on sale of a kind, in the operators' order. */
export async function plansOnSale({ db, lang }: ServiceContext, { kind }: { kind: EntitlementKind }) {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.kind, kind), eq(membershipPlans.active, true)))
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id));
  return { kind, list: rows.map((plan) => presentPlan(plan, lang)) };
}

/** A plan on sale, or undefined (none, or taken off sale). */
export async function planOnSale(db: Executor, planId: number) {
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.active, true)));
  return plan;
}

/** `console/plan/list`. */
export async function consolePlans({ db }: ServiceContext, { kind }: { kind?: EntitlementKind }) {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(kind ? eq(membershipPlans.kind, kind) : undefined)
    .orderBy(asc(membershipPlans.kind), asc(membershipPlans.sortOrder), asc(membershipPlans.id));
  return { list: rows.map(presentConsolePlan) };
}

/**
 * `console/plan/save`: creates a plan, or changes one (its kind stays what it was sold as). Purchases
 * copied what they bought, so a new price or length applies to orders made from now on only.
 */
export async function savePlan(
  { db, clock, actor }: ServiceContext,
  input: {
    id?: number;
    kind: EntitlementKind;
    nameZh: string;
    nameEn: string;
    months?: number;
    days?: number;
    viewCount?: number;
    priceFen: number;
    active: 0 | 1;
    sortOrder?: number;
  },
) {
  return db.transaction(async (tx) => {
    const values = {
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      months: input.months ?? null,
      days: input.days ?? null,
      viewCount: input.viewCount ?? null,
      priceFen: input.priceFen,
      active: input.active === 1,
      sortOrder: input.sortOrder ?? 0,
      updatedAt: clock.now(),
    };
    const [plan] = input.id
      ? await tx
          .update(membershipPlans)
          .set(values)
          .where(and(eq(membershipPlans.id, input.id), eq(membershipPlans.kind, input.kind)))
          .returning()
      : await tx
          .insert(membershipPlans)
          .values({ kind: input.kind, ...values })
          .returning();
    if (!plan) throw notFound();
    await recordOperatorAction(
      { db: tx, clock, actor },
      {
        action: 'plan.save',
        target: `plan:${plan.id}`,
        detail: {
          kind: plan.kind,
          priceFen: plan.priceFen,
          months: plan.months,
          days: plan.days,
          viewCount: plan.viewCount,
          active: plan.active,
        },
      },
    );
    return presentConsolePlan(plan);
  });
}
