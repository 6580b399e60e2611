import { findRegionPath } from '@metal/shared/regions';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/accounts/accounts.crypto';
import { users } from '../../modules/accounts/accounts.table';
import { companies } from '../../modules/companies/companies.table';
import type { Database } from '../client';

/** Demo logins, labelled as demo everywhere they show; loaded only by the start command on an empty database. */
export const DEMO_ACCOUNTS = [
  {
    phone: '13800000001',
    password: 'demo1234',
    nickName: '演示买家（Demo）',
    // Complete company info (SPEC §5's gate), so posting an inquiry is not stopped at the end of the form.
    company: {
      name: '演示采购有限公司（Demo）',
      brand: '',
      businessModel: 'buyer' as const,
      sellProducts: [],
      linkName: '演示采购员（Demo）',
      linkPhone: '13800000001',
      province: '广东省',
      city: '佛山市',
      district: '南海区',
      addressDetail: '演示大道8号（Demo）',
    },
  },
  {
    phone: '13800000002',
    password: 'demo1234',
    nickName: '演示供应商（Demo）',
    company: {
      name: '演示铝业有限公司（Demo）',
      brand: '演示铝（Demo）',
      businessModel: 'producer' as const,
      // A00 aluminium and 6063 aluminium rod processing fee, from the market sort catalogue.
      sellProducts: [13, 21],
      linkName: '演示联系人（Demo）',
      linkPhone: '13800000002',
      province: '河南省',
      city: '郑州市',
      district: '中原区',
      addressDetail: '演示路1号（Demo）',
    },
  },
  {
    phone: '13800000003',
    password: 'demo1234',
    nickName: '演示贸易商（Demo）',
    // A second supplier whose shop application, new listing and capacity wait in the console's queues.
    company: {
      name: '演示金属贸易有限公司（Demo）',
      brand: '演示贸（Demo）',
      businessModel: 'trader' as const,
      // 1# electrolytic copper and A00 aluminium.
      sellProducts: [12, 13],
      linkName: '演示业务员（Demo）',
      linkPhone: '13800000003',
      province: '广东省',
      city: '佛山市',
      district: '顺德区',
      addressDetail: '演示仓储园3号（Demo）',
    },
  },
] as const;

/** The demo operator, for trying the operators' console (`/console`) on demo data. */
export const DEMO_OPERATOR = {
  phone: '13800000009',
  password: 'demo1234',
  nickName: '演示运营（Demo）',
  operatorRole: 'admin',
} as const;

/** Loads the demo data when the database has no users; answers whether it did. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    for (const demo of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          phone: demo.phone,
          account: demo.phone,
          passwordHash: await hashPassword(demo.password),
          nickName: demo.nickName,
          rootId: 0,
          isDemo: true,
        })
        .returning();
      if (!user) throw new Error('demo user was not created');
      await tx.update(users).set({ rootId: user.id }).where(eq(users.id, user.id));
      if (demo.company) {
        const { province, city, district } = demo.company;
        // The map point a new address gets when none is picked: its district's centre.
        const centre = findRegionPath(province, city, district)?.district;
        await tx.insert(companies).values({
          rootId: user.id,
          ...demo.company,
          sellProducts: [...demo.company.sellProducts],
          lng: centre?.lng,
          lat: centre?.lat,
        });
      }
    }
    const [operator] = await tx
      .insert(users)
      .values({
        phone: DEMO_OPERATOR.phone,
        account: DEMO_OPERATOR.phone,
        passwordHash: await hashPassword(DEMO_OPERATOR.password),
        nickName: DEMO_OPERATOR.nickName,
        rootId: 0,
        operatorRole: DEMO_OPERATOR.operatorRole,
        isDemo: true,
      })
      .returning();
    if (!operator) throw new Error('demo operator was not created');
    await tx.update(users).set({ rootId: operator.id }).where(eq(users.id, operator.id));
  });
  return true;
}
