import {
  CodeFlag,
  type CompanyRole,
  PERMISSIONS,
  type Permission,
  ROLES_PER_COMPANY_MAX,
  type TRoleList,
  type TStaffHandover,
  type TStaffList,
  type TStaffMember,
  type ZRoleSaveRequest,
  type ZStaffDeleteRequest,
  type ZStaffDisableRequest,
  type ZStaffSaveRequest,
} from '@metal/shared';
import { and, asc, count, desc, eq, inArray, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, invalid } from '../../platform/errors';
import { hashPassword } from '../accounts/accounts.crypto';
import { checkCode, claimCode, revokeOtherSessions } from '../accounts/accounts.service';
import { sessions, users } from '../accounts/accounts.table';
import { recountQuotes } from '../agent-buys/agent-buys.service';
import { agentBuyQuotes, agentBuys } from '../agent-buys/agent-buys.table';
import { handOver } from '../chat/chat.actions';
import { deliverMessageOnCommit, toChatMessage } from '../chat/chat.service';
import { chatHandovers, chatMessages } from '../chat/chat.table';
import { reassignHandedOver } from '../inquiries/inquiries.dispatch';
import { dispatchGroupMembers, inquiryHandlings, inquiryQuotes } from '../inquiries/inquiries.table';
import { lockInquiriesOfMember } from '../inquiries/inquiries.taking';
import { handOverOrders } from '../orders/orders.service';
import { staffMemberRoles, staffMembers, staffRoles } from './staff.table';

type StaffSaveInput = z.output<typeof ZStaffSaveRequest>;
type RoleSaveInput = z.output<typeof ZRoleSaveRequest>;
type StaffDisableInput = z.output<typeof ZStaffDisableRequest>;
type StaffDeleteInput = z.output<typeof ZStaffDeleteRequest>;

const staffNotFound = () => new AppError(CodeFlag.notFound, 'staff.notFound');
const roleNotFound = () => new AppError(CodeFlag.notFound, 'role.notFound');
const ownerUntouchable = () => new AppError(CodeFlag.forbidden, 'staff.ownerUntouchable');
const ownerOnlyAuthorized = () => new AppError(CodeFlag.forbidden, 'staff.ownerOnlyAuthorized');

/** The company's people as rows: the owner and everyone whose rootId is theirs, but the removed. */
async function companyPeople(db: Executor, rootId: number, userId?: number) {
  return db
    .select({
      userId: users.id,
      nickName: users.nickName,
      phone: users.phone,
      createdAt: users.createdAt,
      member: staffMembers,
    })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(
      and(
        eq(users.rootId, rootId),
        userId === undefined ? undefined : eq(users.id, userId),
        sql`coalesce(${staffMembers.status}, 'active') <> 'removed'`,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id));
}

type PersonRow = Awaited<ReturnType<typeof companyPeople>>[number];

async function rolesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ userId: staffMemberRoles.userId, id: staffRoles.id, name: staffRoles.name })
    .from(staffMemberRoles)
    .innerJoin(staffRoles, eq(staffRoles.id, staffMemberRoles.roleId))
    .where(inArray(staffMemberRoles.userId, userIds))
    .orderBy(asc(staffRoles.id));
  const byUser = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, name: row.name }]);
  return byUser;
}

function companyRoleOf(row: PersonRow, rootId: number): CompanyRole {
  if (row.userId === rootId) return 'owner';
  return row.member?.authorized ? 'authorized' : 'employee';
}

function present(row: PersonRow, rootId: number, roles: { id: number; name: string }[]): TStaffMember {
  return {
    userId: row.userId,
    name: row.member?.name ?? row.nickName,
    phone: row.phone,
    qq: row.member?.qq ?? '',
    companyRole: companyRoleOf(row, rootId),
    status: row.member?.status === 'disabled' ? 'disabled' : 'active',
    roles,
    createdAt: (row.member?.createdAt ?? row.createdAt).toISOString(),
  };
}

const rank = (member: TStaffMember) =>
  member.companyRole === 'owner' ? 0 : member.status === 'active' ? (member.companyRole === 'authorized' ? 1 : 2) : 3;

export async function listStaff(ctx: ServiceContext): Promise<TStaffList> {
  const rootId = ctx.actor.rootId;
  const people = await companyPeople(ctx.db, rootId);
  const roles = await rolesOf(
    ctx.db,
    people.map((p) => p.userId),
  );
  const list = people.map((row) => present(row, rootId, roles.get(row.userId) ?? []));
  // Stable: within a rank, newest first as read.
  return {
    list: list
      .map((m, i) => ({ m, i }))
      .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
      .map((x) => x.m),
  };
}

export async function staffDetail(ctx: ServiceContext, input: { userId: number }): Promise<TStaffMember> {
  const [row] = await companyPeople(ctx.db, ctx.actor.rootId, input.userId);
  if (!row) throw staffNotFound();
  const roles = await rolesOf(ctx.db, [row.userId]);
  return present(row, ctx.actor.rootId, roles.get(row.userId) ?? []);
}

/** Role ids given must all be the company's; answers the permissions they give together. */
async function requireCompanyRoles(db: Executor, rootId: number, roleIds: number[]): Promise<Permission[]> {
  if (roleIds.length === 0) return [];
  const found = await db
    .select({ id: staffRoles.id, permissions: staffRoles.permissions })
    .from(staffRoles)
    .where(and(eq(staffRoles.rootId, rootId), inArray(staffRoles.id, roleIds)));
  if (found.length !== roleIds.length) throw invalid('role.notFound', 'roleIds');
  return found.flatMap((role) => role.permissions);
}

/** The permissions an employee's roles give them. */
async function heldPermissions(db: Executor, userId: number): Promise<Permission[]> {
  const rows = await db
    .select({ permissions: staffRoles.permissions })
    .from(staffMemberRoles)
    .innerJoin(staffRoles, eq(staffRoles.id, staffMemberRoles.roleId))
    .where(eq(staffMemberRoles.userId, userId));
  return rows.flatMap((role) => role.permissions);
}

/**
 * An employee who manages staff (neither the owner nor the authorized employee) hands on only the
 * permissions they hold, and edits, disables or removes no colleague holding more: else a role they made or took, or the
 * password they set for a colleague who holds more, would give them every permission, which only the
 * owner gives (by making the authorized employee).
 */
function refuseBeyondOwn(actor: Actor, permissions: readonly Permission[]) {
  if (actor.companyRole !== 'employee') return;
  const missing = PERMISSIONS.find((p) => permissions.includes(p) && !actor.permissions.includes(p));
  if (missing) throw new AppError(CodeFlag.forbidden, `noPermission.${missing}`, {}, { data: { permission: missing } });
}

async function setRoles(tx: Executor, userId: number, roleIds: number[]) {
  await tx.delete(staffMemberRoles).where(eq(staffMemberRoles.userId, userId));
  if (roleIds.length > 0) await tx.insert(staffMemberRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** An employee of the caller's company (not the owner, not removed), with their staff row if they have one. */
async function requireEmployee(db: Executor, rootId: number, userId: number) {
  const [row] = await companyPeople(db, rootId, userId);
  if (!row) throw staffNotFound();
  if (row.userId === rootId) throw ownerUntouchable();
  return row;
}

export async function saveStaff(ctx: ServiceContext, input: StaffSaveInput): Promise<{ userId: number }> {
  const { actor, clock, db } = ctx;
  const rootId = actor.rootId;
  refuseBeyondOwn(actor, await requireCompanyRoles(db, rootId, input.roleIds));
  const authorized = input.authorized === 1;
  if (input.userId === undefined) return addStaff(ctx, { ...input, authorized });

  const row = await requireEmployee(db, rootId, input.userId);
  const wasAuthorized = Boolean(row.member?.authorized);
  if ((wasAuthorized || authorized) && actor.companyRole !== 'owner') throw ownerOnlyAuthorized();
  refuseBeyondOwn(actor, await heldPermissions(db, row.userId));
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .insert(staffMembers)
      .values({
        userId: row.userId,
        rootId,
        name: input.name,
        phone: row.phone,
        qq: input.qq,
        authorized,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: staffMembers.userId,
        set: { name: input.name, qq: input.qq, authorized, updatedAt: now },
      });
    await setRoles(tx, row.userId, input.roleIds);
    if (passwordHash) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
      await revokeOtherSessions(tx, row.userId, null, now);
      await publishOnCommit(tx, 'sessions.ended', { userId: row.userId });
    }
    await publishOnCommit(tx, 'staff.changed', { rootId });
  });
  return { userId: row.userId };
}

async function addStaff(
  { actor, clock, db }: ServiceContext,
  input: Omit<StaffSaveInput, 'authorized'> & { authorized: boolean },
): Promise<{ userId: number }> {
  const rootId = actor.rootId;
  const phone = input.phone ?? '';
  if (input.authorized && actor.companyRole !== 'owner') throw ownerOnlyAuthorized();
  await refuseRegisteredPhone(db, rootId, phone);
  // Checked before the transaction, so a wrong guess is counted although the call fails (accounts' limits).
  const codeId = await checkCode({ db, clock }, { phone, purpose: 'employee', code: input.code ?? '' });
  const passwordHash = await hashPassword(input.password ?? '');
  const now = clock.now();
  return db.transaction(async (tx) => {
    await claimCode(tx, clock, codeId);
    const [created] = await tx
      .insert(users)
      .values({ phone, account: phone, passwordHash, nickName: input.name, rootId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw phoneOtherCompany();
    await tx.insert(staffMembers).values({
      userId: created.id,
      rootId,
      name: input.name,
      phone,
      qq: input.qq,
      authorized: input.authorized,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await setRoles(tx, created.id, input.roleIds);
    return { userId: created.id };
  });
}

const phoneOtherCompany = () =>
  new AppError(CodeFlag.conflict, 'staff.phoneOtherCompany', {}, { errors: { phone: 'staff.phoneOtherCompany' } });

async function refuseRegisteredPhone(db: Executor, rootId: number, phone: string) {
  const [existing] = await db.select({ rootId: users.rootId }).from(users).where(eq(users.phone, phone)).limit(1);
  if (!existing) return;
  if (existing.rootId === rootId)
    throw new AppError(
      CodeFlag.conflict,
      'staff.phoneAlreadyStaff',
      {},
      { errors: { phone: 'staff.phoneAlreadyStaff' } },
    );
  throw phoneOtherCompany();
}

/** Who takes over: the colleague named (active, of the company, not the one leaving), else the owner. */
async function handoverTarget(db: Executor, rootId: number, leaving: number, handoverTo: number | undefined) {
  if (handoverTo === undefined) return { userId: rootId, named: false };
  const [row] = handoverTo === leaving ? [] : await companyPeople(db, rootId, handoverTo);
  if (!row || row.member?.status === 'disabled') throw invalid('staff.handoverInvalid', 'handoverTo');
  return { userId: row.userId, named: true };
}

/**
 * What a leaving employee held goes on: their live quotes to the colleague named or the owner (a quote
 * needs a person the buyer deals with); the inquiries they quoted on likewise; those they only grabbed
 * to the colleague named, or back to the company's pool for anyone to take; their live quotes on agent
 * requests to the colleague or the owner, who is then the one to call (unless they quoted that request
 * themselves or posted it: the leaver's is replaced); their live trade orders, bought or sold, to the
 * colleague or the owner; their chats with outside users to the colleague or the owner, with the
 * hand-over message the peer sees (chat's switch).
 */
async function handOverWork(
  tx: Executor,
  ctx: Pick<ServiceContext, 'clock'>,
  input: { rootId: number; fromUserId: number; toUserId: number; named: boolean },
): Promise<TStaffHandover> {
  const { rootId, fromUserId, toUserId, named } = input;
  const now = ctx.clock.now();
  // The inquiries all this is on, before any of it moves: a call on one of them runs before or after.
  await lockInquiriesOfMember(tx, { rootId, userId: fromUserId });
  const quotes = await tx
    .update(inquiryQuotes)
    .set({ userId: toUserId, updatedAt: now })
    .where(
      and(eq(inquiryQuotes.rootId, rootId), eq(inquiryQuotes.userId, fromUserId), eq(inquiryQuotes.status, 'live')),
    )
    .returning({ id: inquiryQuotes.id });
  const held = and(eq(inquiryHandlings.rootId, rootId), eq(inquiryHandlings.userId, fromUserId));
  const quoted = await tx
    .update(inquiryHandlings)
    .set({ userId: toUserId, updatedAt: now })
    .where(and(held, eq(inquiryHandlings.state, 'quoted')))
    .returning({ id: inquiryHandlings.inquiryId });
  const grabbed = named
    ? await tx
        .update(inquiryHandlings)
        .set({ userId: toUserId, updatedAt: now })
        .where(and(held, eq(inquiryHandlings.state, 'grabbed')))
        .returning({ id: inquiryHandlings.inquiryId })
    : await tx
        .delete(inquiryHandlings)
        .where(and(held, eq(inquiryHandlings.state, 'grabbed')))
        .returning({ id: inquiryHandlings.inquiryId });

  // The dispatch routings name whoever holds each of those inquiries now.
  await reassignHandedOver(tx, { rootId, fromUserId });
  const agentQuotes = await handOverAgentQuotes(tx, { fromUserId, toUserId, now });
  const orders = await handOverOrders(tx, { rootId, fromUserId, toUserId });

  const peers = await outsidePeers(tx, rootId, fromUserId);
  for (const peerId of peers) {
    const message = await handOver(tx, ctx.clock, { peerId, fromUserId, toUserId, reason: 'switch' });
    await deliverMessageOnCommit(tx, toChatMessage(message));
  }
  return {
    quotes: quotes.length + agentQuotes,
    inquiries: quoted.length + grabbed.length,
    orders,
    chats: peers.length,
    toUserId,
  };
}

/**
 * The leaver's live agent-request quotes, now the receiver's with the receiver's name and phone; how many
 * moved. The requests they are on are locked first, in id order, after the people's user rows, as an
 * agent quote takes them (its actor's row, then the request): a quote the receiver saves on one of them
 * lands before (theirs stands, the leaver's is replaced) or after (it replaces the one handed over), and
 * the leaver can no longer quote (their row is held). A quote on a request the receiver posted is
 * replaced, never handed to them: nobody quotes on their own request.
 */
async function handOverAgentQuotes(tx: Executor, input: { fromUserId: number; toUserId: number; now: Date }) {
  const { fromUserId, toUserId, now } = input;
  const leaversLive = and(eq(agentBuyQuotes.userId, fromUserId), eq(agentBuyQuotes.status, 'live'));
  const requests = await tx
    .select({ id: agentBuys.id, userId: agentBuys.userId })
    .from(agentBuys)
    .where(inArray(agentBuys.id, tx.select({ id: agentBuyQuotes.agentBuyId }).from(agentBuyQuotes).where(leaversLive)))
    .orderBy(asc(agentBuys.id))
    .for('update');
  if (requests.length === 0) return 0;
  const receiversOwn = requests.filter((request) => request.userId === toUserId).map((request) => request.id);
  const [receiver] = await tx
    .select({ nickName: users.nickName, phone: users.phone, name: staffMembers.name })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(users.id, toUserId));
  const own = alias(agentBuyQuotes, 'receivers_quote');
  const moved = receiver
    ? await tx
        .update(agentBuyQuotes)
        .set({
          userId: toUserId,
          contactName: receiver.name ?? receiver.nickName,
          phone: receiver.phone,
          updatedAt: now,
        })
        .where(
          and(
            leaversLive,
            receiversOwn.length > 0 ? notInArray(agentBuyQuotes.agentBuyId, receiversOwn) : undefined,
            notExists(
              tx
                .select({ id: own.id })
                .from(own)
                .where(
                  and(eq(own.agentBuyId, agentBuyQuotes.agentBuyId), eq(own.userId, toUserId), eq(own.status, 'live')),
                ),
            ),
          ),
        )
        .returning({ id: agentBuyQuotes.id })
    : [];
  const replaced = await tx
    .update(agentBuyQuotes)
    .set({ status: 'replaced', updatedAt: now })
    .where(leaversLive)
    .returning({ agentBuyId: agentBuyQuotes.agentBuyId });
  for (const id of [...new Set(replaced.map((r) => r.agentBuyId))].sort((a, b) => a - b)) await recountQuotes(tx, id);
  return moved.length;
}

/** Users outside the company the employee talked with and has not handed over yet. */
async function outsidePeers(tx: Executor, rootId: number, userId: number): Promise<number[]> {
  const peer = sql<number>`case when ${chatMessages.sendUserId} = ${userId} then ${chatMessages.receiveUserId} else ${chatMessages.sendUserId} end`;
  const rows = await tx
    .selectDistinct({ peerId: peer.mapWith(Number) })
    .from(chatMessages)
    .where(or(eq(chatMessages.sendUserId, userId), eq(chatMessages.receiveUserId, userId)));
  const candidates = rows.map((r) => r.peerId).filter((id) => id !== userId);
  if (candidates.length === 0) return [];
  const outside = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, candidates), ne(users.rootId, rootId)));
  const handed = await tx
    .select({ peerId: chatHandovers.peerId })
    .from(chatHandovers)
    .where(eq(chatHandovers.formerUserId, userId));
  const gone = new Set(handed.map((h) => h.peerId));
  return outside
    .map((o) => o.id)
    .filter((id) => !gone.has(id))
    .sort((a, b) => a - b);
}

/** Checks common to disabling and removing: an employee, not oneself, an authorized one only by the owner. */
async function requireLeavable(ctx: ServiceContext, userId: number) {
  const row = await requireEmployee(ctx.db, ctx.actor.rootId, userId);
  if (userId === ctx.actor.userId) throw new AppError(CodeFlag.forbidden, 'staff.notYourself');
  if (row.member?.authorized && ctx.actor.companyRole !== 'owner') throw ownerOnlyAuthorized();
  // A staff manager turns away (or back) no colleague who holds more than they do.
  refuseBeyondOwn(ctx.actor, await heldPermissions(ctx.db, row.userId));
  return row;
}

/**
 * Ends an employee's part in the company's work in one transaction: their user row and that of the
 * colleague named to take over locked first, in id order (an action of either under way, or a call giving
 * either an inquiry, finishes before, or waits and then sees the change: `holdMember`; a colleague
 * leaving at the same moment is then seen as gone), their status set, every session revoked (and
 * forgotten on every instance on commit), their work handed over.
 *
 * The rows are locked for no key update: that keeps out what holds them shared, not the foreign-key
 * checks of a call writing something for them (a notice, a message) while it holds an inquiry the
 * hand-over waits for. Freeing a removed employee's phone and name changes keys of the row, which waits
 * for such calls: so it comes last, when the hand-over waits for nothing else.
 */
async function leave(
  ctx: ServiceContext,
  input: { userId: number; handoverTo: number | undefined; status: 'disabled' | 'removed' },
): Promise<TStaffHandover> {
  const { actor, clock, db } = ctx;
  const rootId = actor.rootId;
  const row = await requireLeavable(ctx, input.userId);
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.rootId, rootId),
          inArray(users.id, input.handoverTo === undefined ? [row.userId] : [row.userId, input.handoverTo]),
        ),
      )
      .orderBy(asc(users.id))
      .for('no key update');
    const target = await handoverTarget(tx, rootId, row.userId, input.handoverTo);
    await tx
      .insert(staffMembers)
      .values({
        userId: row.userId,
        rootId,
        name: row.member?.name ?? row.nickName,
        phone: row.member?.phone ?? row.phone,
        status: input.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { status: input.status, updatedAt: now } });
    if (input.status === 'removed') {
      await tx.delete(staffMemberRoles).where(eq(staffMemberRoles.userId, row.userId));
      await tx.delete(dispatchGroupMembers).where(eq(dispatchGroupMembers.userId, row.userId));
    }
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, row.userId), sql`${sessions.revokedAt} is null`));
    const moved = await handOverWork(tx, ctx, {
      rootId,
      fromUserId: row.userId,
      toUserId: target.userId,
      named: target.named,
    });
    if (input.status === 'removed') {
      // The account stays (what they made keeps its author) but can no longer be reached by its phone or
      // name, which are free for the person to register again or join another company.
      const freed = `~${row.userId}`;
      await tx.update(users).set({ phone: freed, account: freed }).where(eq(users.id, row.userId));
    }
    await publishOnCommit(tx, 'sessions.ended', { userId: row.userId });
    await publishOnCommit(tx, 'staff.changed', { rootId });
    await publishOnCommit(tx, 'profiles.changed', { userId: row.userId });
    return moved;
  });
}

export async function disableStaff(ctx: ServiceContext, input: StaffDisableInput) {
  if (input.disabled === 1)
    return leave(ctx, { userId: input.userId, handoverTo: input.handoverTo, status: 'disabled' });
  const row = await requireLeavable(ctx, input.userId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(staffMembers).set({ status: 'active', updatedAt: now }).where(eq(staffMembers.userId, row.userId));
    await publishOnCommit(tx, 'staff.changed', { rootId: ctx.actor.rootId });
  });
  return { quotes: 0, inquiries: 0, orders: 0, chats: 0, toUserId: row.userId } satisfies TStaffHandover;
}

export async function deleteStaff(ctx: ServiceContext, input: StaffDeleteInput) {
  return leave(ctx, { userId: input.userId, handoverTo: input.handoverTo, status: 'removed' });
}

// ---------------------------------------------------------------------------------------------
// Roles

export async function listRoles({ db, actor }: ServiceContext): Promise<TRoleList> {
  const holders = db
    .select({ roleId: staffMemberRoles.roleId, n: count().as('n') })
    .from(staffMemberRoles)
    .innerJoin(staffMembers, eq(staffMembers.userId, staffMemberRoles.userId))
    .where(ne(staffMembers.status, 'removed'))
    .groupBy(staffMemberRoles.roleId)
    .as('holders');
  const rows = await db
    .select({ role: staffRoles, holders: sql<number>`coalesce(${holders.n}, 0)`.mapWith(Number) })
    .from(staffRoles)
    .leftJoin(holders, eq(holders.roleId, staffRoles.id))
    .where(eq(staffRoles.rootId, actor.rootId))
    .orderBy(asc(staffRoles.id));
  return {
    list: rows.map(({ role, holders: n }) => ({
      id: role.id,
      name: role.name,
      intro: role.intro,
      permissions: role.permissions,
      holders: n,
    })),
  };
}

const nameTaken = () =>
  new AppError(CodeFlag.invalidInput, 'role.nameTaken', {}, { errors: { name: 'role.nameTaken' } });

export async function saveRole({ db, actor, clock }: ServiceContext, input: RoleSaveInput): Promise<{ id: number }> {
  refuseBeyondOwn(actor, input.permissions);
  const rootId = actor.rootId;
  const now = clock.now();
  return db.transaction(async (tx) => {
    // One company's role edits one after another, so the count and name checks hold.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-roles:${rootId}`}))`);
    const [sameName] = await tx
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(and(eq(staffRoles.rootId, rootId), sql`lower(${staffRoles.name}) = ${input.name.toLowerCase()}`));
    if (sameName && sameName.id !== input.id) throw nameTaken();
    let id = input.id;
    if (id === undefined) {
      const [existing] = await tx.select({ n: count() }).from(staffRoles).where(eq(staffRoles.rootId, rootId));
      if ((existing?.n ?? 0) >= ROLES_PER_COMPANY_MAX) throw new AppError(CodeFlag.conflict, 'role.tooMany');
      const [created] = await tx
        .insert(staffRoles)
        .values({
          rootId,
          name: input.name,
          intro: input.intro,
          permissions: input.permissions,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: staffRoles.id });
      id = created?.id;
    } else {
      const updated = await tx
        .update(staffRoles)
        .set({ name: input.name, intro: input.intro, permissions: input.permissions, updatedAt: now })
        .where(and(eq(staffRoles.id, id), eq(staffRoles.rootId, rootId)))
        .returning({ id: staffRoles.id });
      if (updated.length === 0) throw roleNotFound();
    }
    if (id === undefined) throw new Error('role not stored');
    await publishOnCommit(tx, 'staff.changed', { rootId });
    return { id };
  });
}

export async function deleteRole({ db, actor }: ServiceContext, input: { id: number }): Promise<null> {
  const rootId = actor.rootId;
  await db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(and(eq(staffRoles.id, input.id), eq(staffRoles.rootId, rootId)))
      .for('update');
    if (!role) throw roleNotFound();
    const [held] = await tx.select({ n: count() }).from(staffMemberRoles).where(eq(staffMemberRoles.roleId, role.id));
    if ((held?.n ?? 0) > 0) throw new AppError(CodeFlag.conflict, 'role.inUse', { count: held?.n ?? 0 });
    await tx.delete(staffRoles).where(eq(staffRoles.id, role.id));
    await publishOnCommit(tx, 'staff.changed', { rootId });
  });
  return null;
}
