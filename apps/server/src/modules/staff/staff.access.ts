import { CodeFlag, type CompanyRole, PERMISSIONS, type Permission } from '@metal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { staffMemberRoles, staffMembers, staffRoles } from './staff.table';

/*
 * What the rest of the server asks of staff: a session's company role and permissions (read with the
 * session, in the same statement), whether an employee may log in, and the lock that keeps an
 * employee's last actions and their removal apart.
 */

/** Columns to select with a user row (joined to staff_members on the user's id) for `companyAccess`. */
export const staffAccessColumns = {
  memberAuthorized: staffMembers.authorized,
  memberStatus: staffMembers.status,
  /** Union of the permissions of the roles the user holds. */
  granted: sql<Permission[] | null>`(select array_agg(distinct p) from ${staffMemberRoles}
    join ${staffRoles} on ${staffRoles.id} = ${staffMemberRoles.roleId}
    cross join unnest(${staffRoles.permissions}) as p
    where ${staffMemberRoles.userId} = ${users.id})`,
};

/** The staff_members join condition for `staffAccessColumns`. */
export const staffMemberOfUser = eq(staffMembers.userId, users.id);

/**
 * Who the user is in their company: the owner (their own root), the authorized employee, or an
 * employee with their roles' permissions. A colleague made before employees existed, without a staff
 * row, holds no permission until the company gives them roles.
 */
export function companyAccess(row: {
  userId: number;
  rootId: number;
  memberAuthorized: boolean | null;
  granted: Permission[] | null;
}): Pick<Actor, 'companyRole' | 'permissions'> {
  const companyRole: CompanyRole =
    row.userId === row.rootId ? 'owner' : row.memberAuthorized ? 'authorized' : 'employee';
  if (companyRole !== 'employee') return { companyRole, permissions: PERMISSIONS };
  const granted = new Set(row.granted ?? []);
  return { companyRole, permissions: PERMISSIONS.filter((permission) => granted.has(permission)) };
}

/** Sessions of disabled or removed employees do not resolve (a where-clause fragment beside the join). */
export const memberMayAct = sql`coalesce(${staffMembers.status}, 'active') = 'active'`;

/**
 * Still one of the company's people (a disabled employee may be let in again; a removed one's account
 * keeps the company's rootId only so that what they made keeps its author).
 */
export const memberNotRemoved = sql`coalesce(${staffMembers.status}, 'active') <> 'removed'`;

/** Refuses the login of an employee the company disabled or removed, with a message that says so. */
export async function refuseInactiveMember(db: Executor, userId: number) {
  const [member] = await db
    .select({ status: staffMembers.status })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  if (member && member.status !== 'active') throw new AppError(CodeFlag.forbidden, 'staff.disabledLogin');
}

/**
 * Holds a person's user row shared until commit. Disabling or removing an employee locks that row
 * against it first (staff hand-over), so a transaction holding it either commits before the hand-over
 * runs (which then moves what it gave them) or waits for it, and then reads their status as it left it.
 * Taken before any inquiry's lock, as the hand-over takes the row before the inquiries it moves.
 */
export async function holdMember(tx: Executor, userId: number) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for share`);
}

/**
 * Who at each company deals with an order made now on what one of its people made (the lot's poster, the
 * employee who picked goods for a buyer): that person while an active member, else the company's owner,
 * so no order waits on an account nobody uses. Their rows are held (holdMember) in id order, as a
 * hand-over takes them, and before any stock or order lock: a hand-over either ran before (its status
 * is read here) or runs after and moves the order made. Answers the person for each given user id.
 */
export async function dealingMembers(
  tx: Executor,
  people: readonly { rootId: number; userId: number }[],
): Promise<Map<number, number>> {
  const dealing = new Map<number, number>();
  const employees = [...new Map(people.map((person) => [person.userId, person])).values()]
    .filter((person) => person.userId !== person.rootId)
    .sort((a, b) => a.userId - b.userId);
  for (const person of people) if (person.userId === person.rootId) dealing.set(person.userId, person.userId);
  for (const person of employees) await holdMember(tx, person.userId);
  if (employees.length === 0) return dealing;
  // A statement of its own, after the locks: it reads each status as committed once they were granted.
  const members = await tx
    .select({ userId: staffMembers.userId, rootId: staffMembers.rootId, status: staffMembers.status })
    .from(staffMembers)
    .where(
      inArray(
        staffMembers.userId,
        employees.map((person) => person.userId),
      ),
    );
  const memberOf = new Map(members.map((member) => [member.userId, member]));
  for (const person of employees) {
    const member = memberOf.get(person.userId);
    const gone = member !== undefined && (member.rootId !== person.rootId || member.status !== 'active');
    dealing.set(person.userId, gone ? person.rootId : person.userId);
  }
  return dealing;
}

/**
 * Inside a transaction that acts for the company (a quote, a grab): holds the actor's user row
 * (holdMember) and refuses an employee disabled or removed meanwhile: never a quote left with someone
 * who is gone.
 */
export async function lockActingMember(tx: Executor, actor: Pick<Actor, 'userId' | 'rootId'>) {
  if (actor.userId === actor.rootId) return;
  await holdMember(tx, actor.userId);
  await refuseLeftMember(tx, actor);
}

/**
 * Once the actor's user row is held (`lockActingMember`, `holdActiveAccounts`): refuses an employee
 * disabled or removed meanwhile. A statement of its own, so it reads the status as committed after the
 * lock was granted.
 */
export async function refuseLeftMember(tx: Executor, actor: Pick<Actor, 'userId' | 'rootId'>) {
  if (actor.userId === actor.rootId) return;
  const [member] = await tx
    .select({ status: staffMembers.status })
    .from(staffMembers)
    .where(and(eq(staffMembers.userId, actor.userId), eq(staffMembers.rootId, actor.rootId)));
  if (member && member.status !== 'active') throw new AppError(CodeFlag.forbidden, 'staff.disabledLogin');
}
