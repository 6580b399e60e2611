import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../modules/accounts/accounts.crypto';
import { users } from '../../modules/accounts/accounts.table';
import { staffMemberRoles, staffMembers, staffRoles } from '../../modules/staff/staff.table';
import { DEMO_ACCOUNTS } from './demo';

/** The demo supplier's employee: logs in with this phone and password and acts with the demo role's permissions. */
export const DEMO_EMPLOYEE = {
  phone: '13800000013',
  password: 'demo1234',
  name: '演示员工（Demo）',
  role: '演示业务员（Demo）',
  permissions: ['stock', 'quote', 'take_orders'] as const,
} as const;

/**
 * One employee of the demo supplier (13800000002) holding one role (post stock, quote, take orders), so
 * the staff pages (me → 员工管理) have someone to show and the employee's login shows a member's app.
 */
export async function seedDemoStaff(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const now = clock.now();
  const supplierPhone = DEMO_ACCOUNTS[1].phone;
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.phone, supplierPhone));
  if (!supplier) throw new Error(`demo account ${supplierPhone} is missing`);
  const passwordHash = await hashPassword(DEMO_EMPLOYEE.password);
  await db.transaction(async (tx) => {
    const [role] = await tx
      .insert(staffRoles)
      .values({
        rootId: supplier.id,
        name: DEMO_EMPLOYEE.role,
        intro: '发布现货、报价和抢单（Demo）',
        permissions: [...DEMO_EMPLOYEE.permissions],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: staffRoles.id });
    const [employee] = await tx
      .insert(users)
      .values({
        phone: DEMO_EMPLOYEE.phone,
        account: DEMO_EMPLOYEE.phone,
        passwordHash,
        nickName: DEMO_EMPLOYEE.name,
        rootId: supplier.id,
        isDemo: true,
        createdAt: now,
      })
      .returning({ id: users.id });
    if (!role || !employee) throw new Error('demo employee not stored');
    await tx.insert(staffMembers).values({
      userId: employee.id,
      rootId: supplier.id,
      name: DEMO_EMPLOYEE.name,
      phone: DEMO_EMPLOYEE.phone,
      qq: '10001',
      createdBy: supplier.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(staffMemberRoles).values({ userId: employee.id, roleId: role.id });
  });
}
