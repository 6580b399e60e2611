import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../modules/accounts/accounts.table';
import { addShanghaiMonths } from '../../modules/memberships/memberships.entitlements';
import { dynamicViewBalances, entitlements } from '../../modules/memberships/memberships.table';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from './demo';

const DAY_MS = 24 * 3600 * 1000;
/** Why the demo memberships exist, kept with each (the console's action log and the entitlement show it). */
export const DEMO_MEMBERSHIP_REASON = '演示数据（Demo）';

/**
 * Memberships to look at, as an operator's grants labelled demo: the demo trader's company is a
 * certified supplier whose six months end in 20 days (so vip_center asks for renewal, and the renewal
 * reminder job tells the owner), the demo buyer a forecast VIP for three months with dynamic-view uses
 * left after the trial. The demo supplier stays uncertified, to be the one who buys through the
 * sandbox cashier. Answers how many periods were written.
 */
export async function seedDemoMemberships(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const now = clock.now();
  const [buyerAccount, , traderAccount] = DEMO_ACCOUNTS;
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [buyerAccount.phone, traderAccount.phone, DEMO_OPERATOR.phone]));
  const idOf = (phone: string) => {
    const person = people.find((p) => p.phone === phone);
    if (!person) throw new Error(`demo account ${phone} is missing`);
    return person.id;
  };
  const grantedBy = idOf(DEMO_OPERATOR.phone);
  const certifiedEnds = new Date(now.getTime() + 20 * DAY_MS);
  const rows = [
    {
      userId: idOf(traderAccount.phone),
      kind: 'certified_supplier' as const,
      startsAt: addShanghaiMonths(certifiedEnds, -6),
      endsAt: certifiedEnds,
    },
    {
      userId: idOf(buyerAccount.phone),
      kind: 'forecast_vip' as const,
      startsAt: new Date(now.getTime() - 10 * DAY_MS),
      endsAt: addShanghaiMonths(new Date(now.getTime() - 10 * DAY_MS), 3),
    },
  ];
  await db.transaction(async (tx) => {
    await tx
      .insert(entitlements)
      .values(rows.map((row) => ({ ...row, grantedBy, reason: DEMO_MEMBERSHIP_REASON, createdAt: now })));
    await tx.insert(dynamicViewBalances).values({
      userId: idOf(buyerAccount.phone),
      remaining: 8,
      trialUsedAt: new Date(now.getTime() - 3 * DAY_MS),
      updatedAt: now,
    });
  });
  return rows.length;
}
