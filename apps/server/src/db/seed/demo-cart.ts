import { Calls, CodeFlag, formatTons, Platform } from '@metal/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../modules/accounts/accounts.table';
import { stocks } from '../../modules/stocks/stocks.table';
import { DEMO_ACCOUNTS } from './demo';

/** What the demo buyer asks for of a splittable lot (the other lot is sold only whole). */
const DEMO_PART_KG = 5000;

/**
 * The demo buyer's cart: two of the demo supplier's demo lots (labelled demo, as the lots and the
 * supplier are), added through `shop_cart/add` as the app adds them, so the supplier's visitor
 * analytics (shopcart) show the adds too. A splittable lot in part, and a lot sold only whole if the
 * supplier has one (else a second splittable lot in part). Answers how many lines it added.
 */
export async function seedDemoCart(app: FastifyInstance): Promise<number> {
  const { db } = app.deps;
  const [buyerAccount, supplierAccount] = DEMO_ACCOUNTS;
  const [supplier] = await db.select().from(users).where(eq(users.phone, supplierAccount.phone));
  if (!supplier) throw new Error(`demo account ${supplierAccount.phone} is missing`);
  const lots = await db
    .select()
    .from(stocks)
    .where(and(eq(stocks.rootId, supplier.rootId), eq(stocks.status, 'sale'), eq(stocks.isDemo, true)))
    .orderBy(asc(stocks.id));
  const part = lots.find((lot) => lot.splittable && lot.quantityKg > DEMO_PART_KG);
  const whole = lots.find((lot) => !lot.splittable) ?? lots.find((lot) => lot !== part && lot.splittable);
  const chosen = [part, whole].filter((lot) => lot !== undefined);

  const post = async (path: string, fields: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/${path}.htmls`,
      payload: new URLSearchParams({ platform: String(Platform.web), openId: '', ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const envelope = response.json() as { codeFlag: number; mesg: string; data: unknown };
    if (envelope.codeFlag !== CodeFlag.ok) throw new Error(`demo data: ${path} answered ${envelope.mesg}`);
    return envelope.data;
  };
  const { sessionId } = (await post(Calls.login.path, {
    account: buyerAccount.phone,
    password: buyerAccount.password,
  })) as { sessionId: string };
  for (const lot of chosen) {
    const quantityKg = lot.splittable ? DEMO_PART_KG : lot.quantityKg;
    await post(Calls.cartAdd.path, {
      session_id: sessionId,
      stockId: String(lot.id),
      quantity: formatTons(quantityKg),
    });
  }
  return chosen.length;
}
