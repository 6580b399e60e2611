import {
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TDispatchArea,
  type TDispatchGroupList,
  type TDispatchGroupSaveInput,
  type TDispatchQueuePage,
} from '@metal/shared';
import { citiesOf, findRegionPath, provinces } from '@metal/shared/regions';
import { and, asc, eq, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { AppError, forbidden, invalid } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { holdMember, memberMayAct, memberNotRemoved, staffMemberOfUser } from '../staff/staff.access';
import { staffMembers } from '../staff/staff.table';
import { routeInquiries } from './inquiries.routing';
import { inquiryName, summaries } from './inquiries.service';
import {
  dispatchGroupAreas,
  dispatchGroupMembers,
  dispatchGroupProducts,
  dispatchGroups,
  inquiries,
  inquiryDispatches,
  inquiryHandlings,
} from './inquiries.table';
import { lockedInquiry, lockInquiry, requireTakeable } from './inquiries.taking';

type GroupRow = typeof dispatchGroups.$inferSelect;
type Ctx = { db: Database; clock: Clock; actor: Actor };

const isOwner = (actor: Actor) => actor.userId === actor.rootId;

/** `dispatch_group/list`: the company's groups, oldest first, with members, areas and products. */
export async function listGroups(db: Executor, rootId: number): Promise<TDispatchGroupList> {
  const groups = await db
    .select()
    .from(dispatchGroups)
    .where(eq(dispatchGroups.rootId, rootId))
    .orderBy(asc(dispatchGroups.id));
  if (groups.length === 0) return { list: [] };
  const ids = groups.map((g) => g.id);
  const [members, areas, products] = await Promise.all([
    db
      .select({
        groupId: dispatchGroupMembers.groupId,
        userId: dispatchGroupMembers.userId,
        role: dispatchGroupMembers.role,
        nickName: users.nickName,
      })
      .from(dispatchGroupMembers)
      .innerJoin(users, eq(users.id, dispatchGroupMembers.userId))
      .where(inArray(dispatchGroupMembers.groupId, ids))
      .orderBy(sql`${dispatchGroupMembers.role} = 'dispatcher' desc`, asc(dispatchGroupMembers.userId)),
    db
      .select()
      .from(dispatchGroupAreas)
      .where(inArray(dispatchGroupAreas.groupId, ids))
      .orderBy(asc(dispatchGroupAreas.province), asc(dispatchGroupAreas.city), asc(dispatchGroupAreas.district)),
    db
      .select({ groupId: dispatchGroupProducts.groupId, sortId: sorts.id, name: sorts.name })
      .from(dispatchGroupProducts)
      .innerJoin(sorts, eq(sorts.id, dispatchGroupProducts.sortId))
      .where(inArray(dispatchGroupProducts.groupId, ids))
      .orderBy(asc(sorts.sortOrder), asc(sorts.id)),
  ]);
  return {
    list: groups.map((group) => ({
      id: group.id,
      name: group.name,
      mode: group.mode,
      assignHours: group.assignHours,
      members: members
        .filter((m) => m.groupId === group.id)
        .map((m) => ({ userId: m.userId, nickName: m.nickName, role: m.role, owner: m.userId === rootId })),
      areas: areas
        .filter((a) => a.groupId === group.id)
        .map((a) => ({ province: a.province, city: a.city, district: a.district })),
      products: products.filter((p) => p.groupId === group.id).map((p) => ({ sortId: p.sortId, name: p.name })),
    })),
  };
}

/** A place of the region table: a province, a city of it, or a district of that city. */
function isRegion({ province, city, district }: TDispatchArea) {
  if (district) return city !== '' && findRegionPath(province, city, district) !== null;
  const found = provinces().find((p) => p.name === province);
  if (!found) return false;
  return city === '' || citiesOf(found.code).some((c) => c.name === city);
}

/** Two areas overlap when one holds the other (a province holds its cities, a city its districts). */
const overlaps = (a: TDispatchArea, b: TDispatchArea) =>
  a.province === b.province &&
  (a.city === '' || b.city === '' || a.city === b.city) &&
  (a.city === '' || b.city === '' || a.district === '' || b.district === '' || a.district === b.district);

async function ownGroup(tx: Executor, actor: Actor, id: number): Promise<GroupRow> {
  const [group] = await tx.select().from(dispatchGroups).where(eq(dispatchGroups.id, id)).for('update');
  if (!group) throw new AppError(CodeFlag.notFound, 'dispatch.groupNotFound');
  if (group.rootId !== actor.rootId) throw forbidden();
  return group;
}

/**
 * `dispatch_group/save`: validates members (the company's active people), areas (the region table)
 * and products (physical categories), refuses a name or an area and product another group of the
 * company claims, writes the group, and routes the open inquiries it now covers. The company's row is
 * locked first, so two saves of one company check their conflicts one after the other.
 */
export async function saveGroup({ db, clock, actor }: Ctx, input: TDispatchGroupSaveInput) {
  const now = clock.now();
  if (!input.areas.every(isRegion)) throw invalid('dispatch.areaInvalid', 'areas');
  await db.transaction(async (tx) => {
    await tx
      .select({ rootId: companies.rootId })
      .from(companies)
      .where(eq(companies.rootId, actor.rootId))
      .for('update');
    const current = input.id === undefined ? undefined : await ownGroup(tx, actor, input.id);

    const memberIds = input.members.map((m) => m.userId);
    const people = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(staffMembers, staffMemberOfUser)
      .where(
        and(inArray(users.id, memberIds), eq(users.rootId, actor.rootId), eq(users.status, 'active'), memberNotRemoved),
      );
    if (people.length !== memberIds.length) throw invalid('dispatch.memberInvalid', 'members');
    const categories = await tx
      .select({ id: sorts.id })
      .from(sorts)
      .where(and(inArray(sorts.id, input.sortIds), eq(sorts.physical, true)));
    if (categories.length !== input.sortIds.length) throw invalid('dispatch.productInvalid', 'sortIds');

    const others = (await listGroups(tx, actor.rootId)).list.filter((g) => g.id !== current?.id);
    if (others.some((g) => g.name === input.name)) throw new AppError(CodeFlag.conflict, 'dispatch.nameTaken');
    const clash = others.find(
      (g) =>
        g.products.some((p) => input.sortIds.includes(p.sortId)) &&
        g.areas.some((area) => input.areas.some((mine) => overlaps(area, mine))),
    );
    if (clash) throw new AppError(CodeFlag.conflict, 'dispatch.conflict', { group: clash.name });

    const fields = {
      name: input.name,
      mode: input.mode,
      assignHours: input.mode === 'assign' ? (input.assignHours ?? null) : null,
      updatedAt: now,
    };
    let groupId: number;
    if (current) {
      groupId = current.id;
      await tx.update(dispatchGroups).set(fields).where(eq(dispatchGroups.id, groupId));
      await tx.delete(dispatchGroupMembers).where(eq(dispatchGroupMembers.groupId, groupId));
      await tx.delete(dispatchGroupAreas).where(eq(dispatchGroupAreas.groupId, groupId));
      await tx.delete(dispatchGroupProducts).where(eq(dispatchGroupProducts.groupId, groupId));
      // What waits unassigned is routed again under the new areas, products and mode; what someone was given stays theirs.
      await tx
        .delete(inquiryDispatches)
        .where(
          and(
            eq(inquiryDispatches.groupId, groupId),
            isNull(inquiryDispatches.assigneeId),
            isNull(inquiryDispatches.escalatedAt),
          ),
        );
    } else {
      const [created] = await tx
        .insert(dispatchGroups)
        .values({ ...fields, rootId: actor.rootId, createdAt: now })
        .returning({ id: dispatchGroups.id });
      groupId = created!.id;
    }
    await tx.insert(dispatchGroupMembers).values(input.members.map((m) => ({ groupId, ...m })));
    await tx.insert(dispatchGroupAreas).values(input.areas.map((area) => ({ groupId, ...area })));
    await tx.insert(dispatchGroupProducts).values(input.sortIds.map((sortId) => ({ groupId, sortId })));
    await routeInquiries(tx, { now, rootId: actor.rootId });
  });
  return listGroups(db, actor.rootId);
}

/** `dispatch_group/delete`: its routed inquiries go back to the company's pool (the routing rows cascade). */
export async function deleteGroup({ db, actor }: Omit<Ctx, 'clock'>, id: number) {
  await db.transaction(async (tx) => {
    await ownGroup(tx, actor, id);
    await tx.delete(dispatchGroups).where(eq(dispatchGroups.id, id));
  });
  return listGroups(db, actor.rootId);
}

async function routingOf(tx: Executor, inquiryId: number, rootId: number) {
  const [routed] = await tx
    .select({ dispatch: inquiryDispatches, group: dispatchGroups })
    .from(inquiryDispatches)
    .innerJoin(dispatchGroups, eq(dispatchGroups.id, inquiryDispatches.groupId))
    .where(and(eq(inquiryDispatches.inquiryId, inquiryId), eq(inquiryDispatches.rootId, rootId)));
  return routed;
}

/** The member's role in the group, while they may act: not for an account or employee disabled or removed. */
async function memberRole(tx: Executor, groupId: number, userId: number) {
  const [member] = await tx
    .select({ role: dispatchGroupMembers.role, status: users.status })
    .from(dispatchGroupMembers)
    .innerJoin(users, eq(users.id, dispatchGroupMembers.userId))
    .leftJoin(staffMembers, staffMemberOfUser)
    .where(and(eq(dispatchGroupMembers.groupId, groupId), eq(dispatchGroupMembers.userId, userId), memberMayAct));
  return member?.status === 'active' ? member.role : undefined;
}

async function currentHolding(tx: Executor, inquiryId: number, rootId: number) {
  const [handling] = await tx
    .select({ userId: inquiryHandlings.userId, state: inquiryHandlings.state, name: users.nickName })
    .from(inquiryHandlings)
    .innerJoin(users, eq(users.id, inquiryHandlings.userId))
    .where(and(eq(inquiryHandlings.inquiryId, inquiryId), eq(inquiryHandlings.rootId, rootId)));
  return handling && (handling.state === 'grabbed' || handling.state === 'quoted') ? handling : undefined;
}

async function nickName(tx: Executor, userId: number) {
  const [user] = await tx.select({ name: users.nickName }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

const hoursLater = (now: Date, hours: number | null) =>
  hours === null ? null : new Date(now.getTime() + hours * 3_600_000);

/**
 * `inquiry/distribute`: a dispatcher of the group (or the owner) gives a routed inquiry nobody of the
 * company holds to a member, who holds it as if grabbed and has the group's hours to quote. The
 * inquiry is locked, so of two dispatchers assigning at once the second finds it held (codeFlag 5). The
 * member's user row is held first (holdMember): one being disabled or removed at that moment is either
 * checked after their hand-over (and refused) or given the inquiry before it (which then moves it on).
 */
export async function distributeInquiry({ db, clock, actor }: Ctx, { id, userId }: { id: number; userId: number }) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await holdMember(tx, userId);
    const inquiry = await lockInquiry(tx, id);
    await requireTakeable({ db: tx, actor }, { inquiry, now });
    const routed = await routingOf(tx, inquiry.id, actor.rootId);
    if (!routed) throw new AppError(CodeFlag.conflict, 'dispatch.notRouted');
    const { group } = routed;
    if (!isOwner(actor) && (await memberRole(tx, group.id, actor.userId)) !== 'dispatcher')
      throw new AppError(CodeFlag.forbidden, 'dispatch.notDispatcher', { group: group.name });
    const held = await currentHolding(tx, inquiry.id, actor.rootId);
    if (held) throw new AppError(CodeFlag.conflict, 'dispatch.alreadyAssigned', { name: held.name });
    if (!(await memberRole(tx, group.id, userId))) throw invalid('dispatch.assigneeInvalid', 'userId');

    const holding = { userId, state: 'grabbed' as const, updatedAt: now };
    await tx
      .insert(inquiryHandlings)
      .values({ inquiryId: inquiry.id, rootId: actor.rootId, ...holding })
      .onConflictDoUpdate({ target: [inquiryHandlings.inquiryId, inquiryHandlings.rootId], set: holding });
    await tx
      .update(inquiryDispatches)
      .set({ assigneeId: userId, assignedAt: now, dueAt: hoursLater(now, group.assignHours), escalatedAt: null })
      .where(and(eq(inquiryDispatches.inquiryId, inquiry.id), eq(inquiryDispatches.rootId, actor.rootId)));
    const params = { from: await nickName(tx, actor.userId), name: await inquiryName(tx, inquiry) };
    await sendNotice(tx, clock, {
      userId,
      messageKey: group.assignHours === null ? 'notice.inquiryTransferred' : 'notice.inquiryAssigned',
      params: group.assignHours === null ? params : { ...params, hours: group.assignHours },
      subject: `inquiry:${inquiry.id}`,
      senderId: actor.userId,
    });
  });
}

/**
 * `inquiry/transfer`: the company's holder of an inquiry hands it to a colleague (a member of its group
 * while it is routed to one), who is told. Handed on before its quote, an assign group's inquiry gets
 * the group's hours again. The colleague's user row is held first, as inquiry/distribute holds the member's.
 */
export async function transferInquiry({ db, clock, actor }: Ctx, { id, userId }: { id: number; userId: number }) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await holdMember(tx, userId);
    const inquiry = await lockInquiry(tx, id);
    await requireTakeable({ db: tx, actor }, { inquiry, now });
    const held = await currentHolding(tx, inquiry.id, actor.rootId);
    if (held?.userId !== actor.userId) throw new AppError(CodeFlag.conflict, 'dispatch.notHolder');
    const [colleague] = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(staffMembers, staffMemberOfUser)
      .where(and(eq(users.id, userId), eq(users.rootId, actor.rootId), eq(users.status, 'active'), memberMayAct));
    if (!colleague || userId === actor.userId) throw invalid('dispatch.colleagueInvalid', 'userId');
    const routed = await routingOf(tx, inquiry.id, actor.rootId);
    const inGroup = routed && routed.dispatch.escalatedAt === null;
    if (inGroup && !(await memberRole(tx, routed.group.id, userId)))
      throw invalid('dispatch.assigneeInvalid', 'userId');

    await tx
      .update(inquiryHandlings)
      .set({ userId, updatedAt: now })
      .where(and(eq(inquiryHandlings.inquiryId, inquiry.id), eq(inquiryHandlings.rootId, actor.rootId)));
    if (inGroup)
      await tx
        .update(inquiryDispatches)
        .set({
          assigneeId: userId,
          assignedAt: now,
          ...(held.state === 'grabbed' ? { dueAt: hoursLater(now, routed.group.assignHours) } : {}),
        })
        .where(and(eq(inquiryDispatches.inquiryId, inquiry.id), eq(inquiryDispatches.rootId, actor.rootId)));
    await sendNotice(tx, clock, {
      userId,
      messageKey: 'notice.inquiryTransferred',
      params: { from: await nickName(tx, actor.userId), name: await inquiryName(tx, inquiry) },
      subject: `inquiry:${inquiry.id}`,
      senderId: actor.userId,
    });
  });
}

/**
 * `dispatch/queue`: open inquiries routed to the caller's groups that wait for them: a grab group's
 * unheld ones (grab), an assign group's unheld ones for its dispatchers and the owner (assign; also
 * once escalated), and those the caller holds without a quote yet (handle). Soonest due first.
 */
export async function dispatchQueue(
  { db, clock, actor, lang }: Ctx & { lang: Language },
  input: { page?: number | undefined; pageSize?: number | undefined },
): Promise<TDispatchQueuePage> {
  const now = clock.now();
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const owner = isOwner(actor);
  const rows = await db
    .select({
      inquiry: inquiries,
      group: dispatchGroups,
      dispatch: inquiryDispatches,
      role: dispatchGroupMembers.role,
      holderId: inquiryHandlings.userId,
      holderState: inquiryHandlings.state,
      holderName: users.nickName,
    })
    .from(inquiryDispatches)
    .innerJoin(inquiries, eq(inquiries.id, inquiryDispatches.inquiryId))
    .innerJoin(dispatchGroups, eq(dispatchGroups.id, inquiryDispatches.groupId))
    .leftJoin(
      dispatchGroupMembers,
      and(eq(dispatchGroupMembers.groupId, dispatchGroups.id), eq(dispatchGroupMembers.userId, actor.userId)),
    )
    .leftJoin(
      inquiryHandlings,
      and(eq(inquiryHandlings.inquiryId, inquiries.id), eq(inquiryHandlings.rootId, inquiryDispatches.rootId)),
    )
    .leftJoin(users, eq(users.id, inquiryHandlings.userId))
    .where(
      and(
        eq(inquiryDispatches.rootId, actor.rootId),
        eq(inquiries.status, 'open'),
        sql`${inquiries.quoteDeadline} > ${now}`,
        sql`(
          (${inquiryHandlings.userId} = ${actor.userId} and ${inquiryHandlings.state} = 'grabbed')
          or (coalesce(${inquiryHandlings.state}, '') not in ('grabbed', 'quoted') and (
            (${dispatchGroups.mode} = 'grab' and ${dispatchGroupMembers.userId} is not null
              and ${inquiryDispatches.escalatedAt} is null)
            or (${dispatchGroups.mode} = 'assign' and (${dispatchGroupMembers.role} = 'dispatcher' or ${sql.raw(owner ? 'true' : 'false')}))
          ))
        )`,
      ),
    )
    .orderBy(sql`coalesce(${inquiryDispatches.dueAt}, ${inquiries.quoteDeadline})`, asc(inquiries.id))
    .limit(size + 1)
    .offset((number - 1) * size);
  const shown = rows.slice(0, size);
  const list = await summaries({ db, lang, actor }, { rows: shown.map((r) => r.inquiry), now });
  return {
    list: shown.map((row, index) => {
      const mine = row.holderId === actor.userId && row.holderState === 'grabbed';
      return {
        ...list[index]!,
        groupId: row.group.id,
        groupName: row.group.name,
        mode: row.group.mode,
        assigneeId: mine || row.holderState === 'grabbed' ? row.holderId : null,
        assigneeName: mine ? (row.holderName ?? '') : '',
        dueAt: row.dispatch.dueAt?.toISOString() ?? null,
        escalated: row.dispatch.escalatedAt !== null,
        action: mine ? 'handle' : row.group.mode === 'grab' ? 'grab' : 'assign',
      };
    }),
    page: number,
    hasMore: rows.length > size,
  };
}

/**
 * Routings due to escalate at `at`: not escalated, past their time, not quoted on by the company, of an
 * inquiry still open before its deadline.
 */
function dueRoutings(db: Executor, at: Date, inquiryId?: number) {
  const quoted = db
    .select({ inquiryId: inquiryHandlings.inquiryId })
    .from(inquiryHandlings)
    .where(
      and(
        eq(inquiryHandlings.inquiryId, inquiryDispatches.inquiryId),
        eq(inquiryHandlings.rootId, inquiryDispatches.rootId),
        eq(inquiryHandlings.state, 'quoted'),
      ),
    );
  const open = db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.id, inquiryDispatches.inquiryId),
        eq(inquiries.status, 'open'),
        sql`${inquiries.quoteDeadline} > ${at}`,
      ),
    );
  return and(
    inquiryId === undefined ? undefined : eq(inquiryDispatches.inquiryId, inquiryId),
    isNull(inquiryDispatches.escalatedAt),
    lte(inquiryDispatches.dueAt, at),
    notExists(quoted),
    sql`exists (${open})`,
  );
}

/**
 * The escalation job's work: each assign-group inquiry still open whose time ran out (nobody was given
 * it, or its assignee has not quoted) is marked escalated once, its unquoted assignee lets go, and the
 * group's dispatchers and the owner are told; it is then the company pool's (anyone may grab it, a
 * dispatcher may still assign it). Each inquiry is decided in a transaction of its own under the
 * inquiry's lock, the one inquiry/quote, grab, distribute, transfer, close and a staff hand-over take: a
 * call under way finishes first and the inquiry is then looked at again, so a quote, a new assignment or
 * a close that commits meanwhile is never escalated over. Marking and telling share that transaction, so
 * a rerun finds nothing.
 */
export async function escalateOverdue({ db, clock, at }: { db: Database; clock: Clock; at: Date }) {
  const due = await db
    .selectDistinct({ inquiryId: inquiryDispatches.inquiryId })
    .from(inquiryDispatches)
    .where(dueRoutings(db, at))
    .orderBy(asc(inquiryDispatches.inquiryId));
  let escalatedCount = 0;
  for (const { inquiryId } of due) {
    escalatedCount += await db.transaction(async (tx) => {
      const inquiry = await lockedInquiry(tx, inquiryId);
      if (!inquiry) return 0;
      // Read again under the lock: what a call committed while the job waited for it counts.
      const escalated = await tx
        .update(inquiryDispatches)
        .set({ escalatedAt: at, assigneeId: null })
        .where(dueRoutings(tx, at, inquiryId))
        .returning();
      for (const row of escalated) {
        await tx
          .delete(inquiryHandlings)
          .where(
            and(
              eq(inquiryHandlings.inquiryId, row.inquiryId),
              eq(inquiryHandlings.rootId, row.rootId),
              eq(inquiryHandlings.state, 'grabbed'),
            ),
          );
        const [group] = await tx.select().from(dispatchGroups).where(eq(dispatchGroups.id, row.groupId));
        if (!group) continue;
        const dispatchers = await tx
          .select({ userId: dispatchGroupMembers.userId })
          .from(dispatchGroupMembers)
          .where(
            and(
              eq(dispatchGroupMembers.groupId, group.id),
              eq(dispatchGroupMembers.role, 'dispatcher'),
              ne(dispatchGroupMembers.userId, row.rootId),
            ),
          );
        const name = await inquiryName(tx, inquiry);
        for (const userId of [row.rootId, ...dispatchers.map((d) => d.userId)])
          await sendNotice(tx, clock, {
            userId,
            messageKey: 'notice.inquiryEscalated',
            params: { group: group.name, name, hours: group.assignHours ?? 0 },
            subject: `inquiry:${row.inquiryId}`,
          });
      }
      return escalated.length;
    });
  }
  return escalatedCount;
}

/**
 * After a leaving employee's held inquiries went on (staff hand-over: to the colleague named, the quoted
 * ones to the owner otherwise, the only grabbed ones back to the pool), the routings that named them as
 * assignee name who holds each inquiry for the company now, or nobody. Answers the inquiries changed.
 */
export async function reassignHandedOver(tx: Executor, { rootId, fromUserId }: { rootId: number; fromUserId: number }) {
  const holder = tx
    .select({ userId: inquiryHandlings.userId })
    .from(inquiryHandlings)
    .where(
      and(
        eq(inquiryHandlings.inquiryId, inquiryDispatches.inquiryId),
        eq(inquiryHandlings.rootId, inquiryDispatches.rootId),
        inArray(inquiryHandlings.state, ['grabbed', 'quoted']),
      ),
    );
  const changed = await tx
    .update(inquiryDispatches)
    .set({ assigneeId: sql`(${holder})` })
    .where(and(eq(inquiryDispatches.rootId, rootId), eq(inquiryDispatches.assigneeId, fromUserId)))
    .returning({ inquiryId: inquiryDispatches.inquiryId });
  return changed.map((row) => row.inquiryId);
}
