import { Calls, CodeFlag, Platform } from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../modules/accounts/accounts.crypto';
import { users } from '../../modules/accounts/accounts.table';
import { staffMemberRoles, staffMembers, staffRoles } from '../../modules/staff/staff.table';
import type { Database } from '../client';
import { DEMO_ACCOUNTS } from './demo';

/**
 * The demo supplier's two employees, to log in as members of its dispatch group. Nobody can add an
 * employee through the app yet (issue 19's staff part), so they are written as the tests' colleagues are.
 */
export const DEMO_DISPATCH_EMPLOYEES = [
  { phone: '13800000021', password: 'demo1234', nickName: '演示调度员（Demo）', role: 'dispatcher' },
  { phone: '13800000022', password: 'demo1234', nickName: '演示接单员（Demo）', role: 'staff' },
] as const;

export const DEMO_DISPATCH_GROUP = '华南组（Demo）';

/**
 * A dispatch group of the demo supplier, saved through `dispatch_group/save` as its owner: assign mode
 * with 24 hours, the demo dispatcher and order taker, Guangdong (where the demo buyer's inquiries go)
 * for A00 aluminium, 6063 rod and alloy ingots. The open ADC12 inquiry the supplier has not quoted is
 * routed to it and waits in the dispatcher's (and the owner's) queue to be assigned. Answers how many
 * groups it made.
 */
export async function seedDemoDispatch(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const supplierAccount = DEMO_ACCOUNTS[1];
  const [owner] = await db.select().from(users).where(eq(users.phone, supplierAccount.phone));
  if (!owner) throw new Error(`demo account ${supplierAccount.phone} is missing`);
  const employees = [];
  for (const employee of DEMO_DISPATCH_EMPLOYEES) {
    const [user] = await db
      .insert(users)
      .values({
        phone: employee.phone,
        account: employee.phone,
        passwordHash: await hashPassword(employee.password),
        nickName: employee.nickName,
        rootId: owner.rootId,
        isDemo: true,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('demo employee was not created');
    employees.push({ userId: user.id, role: employee.role });
  }
  await giveDispatchRole(db, owner.rootId, employees, clock.now());

  const login = await inject(app, Calls.login.path, {
    account: supplierAccount.phone,
    password: supplierAccount.password,
  });
  const session = (login.data as { sessionId: string }).sessionId;
  await inject(app, Calls.dispatchGroupSave.path, {
    session_id: session,
    name: DEMO_DISPATCH_GROUP,
    mode: 'assign',
    assignHours: '24',
    members: JSON.stringify(employees),
    areas: JSON.stringify([{ province: '广东省' }]),
    sortIds: JSON.stringify([13, 21, 22]),
  });
  return 1;
}

async function inject(app: FastifyInstance, path: string, fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: `/${path}.htmls`,
    payload: new URLSearchParams({ platform: String(Platform.web), openId: '', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const envelope = response.json() as { codeFlag: number; mesg: string; data: unknown };
  if (envelope.codeFlag !== CodeFlag.ok)
    throw new Error(`demo data: ${path} answered ${envelope.codeFlag} ${envelope.mesg}`);
  return envelope;
}

/** The dispatch employees as the company's staff, holding a demo role that may dispatch, take orders and quote. */
async function giveDispatchRole(db: Database, rootId: number, employees: { userId: number }[], now: Date) {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .insert(staffRoles)
      .values({
        rootId,
        name: '演示派单员（Demo）',
        intro: '派单、接单和报价（Demo）',
        permissions: ['dispatch', 'take_orders', 'quote'],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: staffRoles.id });
    if (!role) throw new Error('demo dispatch role not stored');
    for (const [index, employee] of employees.entries()) {
      const person = DEMO_DISPATCH_EMPLOYEES[index]!;
      await tx.insert(staffMembers).values({
        userId: employee.userId,
        rootId,
        name: person.nickName,
        phone: person.phone,
        qq: '',
        createdBy: rootId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(staffMemberRoles).values({ userId: employee.userId, roleId: role.id });
    }
  });
}
