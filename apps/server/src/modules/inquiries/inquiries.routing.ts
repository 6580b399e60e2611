import { CodeFlag } from '@metal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { dispatchGroupMembers, dispatchGroups, inquiryDispatches } from './inquiries.table';

/**
 * Routes open inquiries to the supplier companies' dispatch groups whose service areas hold the
 * delivery place and whose products hold the category: one inquiry (when it opens) or one company's
 * (when it saves a group). A company's groups never overlap (dispatch_group/save refuses it), so an
 * inquiry goes to at most one group of each company; routing twice changes nothing. Only inquiries the
 * company may quote on: another company's, public or designated to it.
 */
export async function routeInquiries(
  tx: Executor,
  { now, inquiryId, rootId }: { now: Date; inquiryId?: number; rootId?: number },
) {
  const scope = sql.join(
    [
      sql`true`,
      ...(inquiryId === undefined ? [] : [sql`i.id = ${inquiryId}`]),
      ...(rootId === undefined ? [] : [sql`g.root_id = ${rootId}`]),
    ],
    sql` and `,
  );
  await tx.execute(sql`
    insert into inquiry_dispatches (inquiry_id, root_id, group_id, routed_at, due_at)
    select i.id, g.root_id, g.id, ${now},
      case when g.mode = 'assign' then ${now}::timestamptz + make_interval(hours => g.assign_hours) end
    from inquiries i
    join dispatch_groups g on g.root_id <> i.root_id
    join dispatch_group_products p on p.group_id = g.id and p.sort_id = i.sort_id
    where ${scope}
      and i.status = 'open' and i.quote_deadline > ${now}
      and (i.visibility = 'public' or exists (
        select 1 from inquiry_designations d where d.inquiry_id = i.id and d.root_id = g.root_id))
      and exists (
        select 1 from dispatch_group_areas a
        where a.group_id = g.id and a.province = i.province
          and (a.city = '' or a.city = i.city) and (a.district = '' or a.district = i.district))
    on conflict do nothing`);
}

/**
 * Before an employee starts to hold an inquiry (grab or quote): while it is routed to one of the
 * company's groups and has not escalated back to the pool, a grab group's members take it (codeFlag 3
 * for anyone else) and an assign group's inquiry is only the assignee's (codeFlag 5: wait for the
 * dispatcher). The owner may always take it.
 */
export async function requireRoutedTo(tx: Executor, actor: Actor, inquiryId: number) {
  const [routed] = await tx
    .select({
      groupId: dispatchGroups.id,
      name: dispatchGroups.name,
      mode: dispatchGroups.mode,
      assigneeId: inquiryDispatches.assigneeId,
    })
    .from(inquiryDispatches)
    .innerJoin(dispatchGroups, eq(dispatchGroups.id, inquiryDispatches.groupId))
    .where(
      and(
        eq(inquiryDispatches.inquiryId, inquiryId),
        eq(inquiryDispatches.rootId, actor.rootId),
        isNull(inquiryDispatches.escalatedAt),
      ),
    );
  // The owner answers for the whole company and is never kept off its inquiries.
  if (!routed || actor.userId === actor.rootId) return;
  if (routed.mode === 'assign') {
    if (routed.assigneeId !== actor.userId)
      throw new AppError(CodeFlag.conflict, 'dispatch.waitForAssign', { group: routed.name });
    return;
  }
  const [member] = await tx
    .select({ userId: dispatchGroupMembers.userId })
    .from(dispatchGroupMembers)
    .where(and(eq(dispatchGroupMembers.groupId, routed.groupId), eq(dispatchGroupMembers.userId, actor.userId)));
  if (!member) throw new AppError(CodeFlag.forbidden, 'dispatch.routedToGroup', { group: routed.name });
}
