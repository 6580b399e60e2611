import { findRegionPath } from '@metal/shared/regions';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { disableUser } from '../../modules/accounts/accounts.console';
import { hashPassword } from '../../modules/accounts/accounts.crypto';
import { users } from '../../modules/accounts/accounts.table';
import { companies, companyLinkWays } from '../../modules/companies/companies.table';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from './demo';

/** The demo supplier's colleague, whom its link_way names for after-sales (a login too, labelled demo). */
export const DEMO_COLLEAGUE = { phone: '13800000012', password: 'demo1234', nickName: '演示售后（Demo）' } as const;

/** An account the demo operator disabled, to find in the console's account lookup and enable again. */
export const DEMO_DISABLED = {
  phone: '13800000005',
  password: 'demo1234',
  nickName: '演示停用账号（Demo）',
  company: {
    name: '演示违规金属有限公司（Demo）',
    businessModel: 'trader' as const,
    linkName: '演示违规联系人（Demo）',
    linkPhone: '13800000005',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    addressDetail: '演示街5号（Demo）',
  },
  reason: '演示：冒用他人营业执照（Demo）',
} as const;

async function insertDemoUser(
  app: FastifyInstance,
  person: { phone: string; password: string; nickName: string },
  rootId: number | null,
) {
  const { db } = app.deps;
  const [user] = await db
    .insert(users)
    .values({
      phone: person.phone,
      account: person.phone,
      passwordHash: await hashPassword(person.password),
      nickName: person.nickName,
      rootId: rootId ?? 0,
      isDemo: true,
    })
    .returning();
  if (!user) throw new Error(`demo user ${person.phone} was not created`);
  if (rootId === null) await db.update(users).set({ rootId: user.id }).where(eq(users.id, user.id));
  return user.id;
}

/**
 * The demo supplier's team and contact ways (a colleague for after-sales, chat for sales, the owner's
 * mobile for purchasing: its shop's 团队 page shows them), and a demo account disabled by the demo
 * operator through the console's own service, so its history and the action log say who and why.
 * Answers how many accounts were disabled.
 */
export async function seedDemoAccounts(app: FastifyInstance): Promise<number> {
  const { db, clock, fileLinks } = app.deps;
  const supplierAccount = DEMO_ACCOUNTS[1];
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [supplierAccount.phone, DEMO_OPERATOR.phone]));
  const idOf = (phone: string) => {
    const person = people.find((p) => p.phone === phone);
    if (!person) throw new Error(`demo account ${phone} is missing`);
    return person.id;
  };
  const supplierId = idOf(supplierAccount.phone);
  const colleagueId = await insertDemoUser(app, DEMO_COLLEAGUE, supplierId);
  const now = clock.now();
  await db.insert(companyLinkWays).values([
    { rootId: supplierId, purpose: 'sales', userId: supplierId, channel: 'chat', value: '', updatedAt: now },
    {
      rootId: supplierId,
      purpose: 'purchasing',
      userId: supplierId,
      channel: 'phone',
      value: supplierAccount.phone,
      updatedAt: now,
    },
    {
      rootId: supplierId,
      purpose: 'afterSales',
      userId: colleagueId,
      channel: 'landline',
      value: '0371-66668888',
      updatedAt: now,
    },
  ]);

  const disabledId = await insertDemoUser(app, DEMO_DISABLED, null);
  const { province, city, district } = DEMO_DISABLED.company;
  const centre = findRegionPath(province, city, district)?.district;
  await db
    .insert(companies)
    .values({ rootId: disabledId, ...DEMO_DISABLED.company, lng: centre?.lng, lat: centre?.lat });
  const operatorId = idOf(DEMO_OPERATOR.phone);
  await disableUser(
    {
      db,
      clock,
      links: fileLinks,
      lang: 'zh-CN',
      actor: {
        userId: operatorId,
        rootId: operatorId,
        account: DEMO_OPERATOR.phone,
        operatorRole: DEMO_OPERATOR.operatorRole,
        sessionHash: null,
        companyRole: 'owner',
        permissions: [],
      },
    },
    { userId: disabledId, reason: DEMO_DISABLED.reason },
  );
  return 1;
}
