import {
  CodeFlag,
  LINK_WAY_PURPOSES,
  maskPhone,
  type TLinkWayDetail,
  type TLinkWaysInput,
  type TTeam,
} from '@metal/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isLoggedIn } from '../../platform/actor';
import type { ServiceContext } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { memberMayAct, staffMemberOfUser } from '../staff/staff.access';
import { staffMembers } from '../staff/staff.table';
import { ensureCompany, findCompany, requirePermission } from './companies.policy';
import { companyLinkWays } from './companies.table';

/**
 * The company's people: its owner and the colleagues sharing its rootId, owner first. Operators,
 * disabled accounts and employees the company disabled or removed (whose accounts keep its rootId) are
 * left out.
 */
async function companyPeople(db: Executor, rootId: number) {
  return db
    .select({ userId: users.id, name: users.nickName, phone: users.phone, head: users.head })
    .from(users)
    .leftJoin(staffMembers, staffMemberOfUser)
    .where(and(eq(users.rootId, rootId), eq(users.status, 'active'), isNull(users.operatorRole), memberMayAct))
    .orderBy(asc(users.id));
}

async function linkWaysOf(db: Executor, rootId: number) {
  const rows = await db
    .select({ way: companyLinkWays, name: users.nickName })
    .from(companyLinkWays)
    .innerJoin(users, eq(users.id, companyLinkWays.userId))
    .leftJoin(staffMembers, staffMemberOfUser)
    .where(and(eq(companyLinkWays.rootId, rootId), eq(users.rootId, rootId), memberMayAct));
  const order = (purpose: string) => LINK_WAY_PURPOSES.indexOf(purpose as (typeof LINK_WAY_PURPOSES)[number]);
  return rows
    .map(({ way, name }) => ({
      purpose: way.purpose,
      userId: way.userId,
      name,
      channel: way.channel,
      value: way.value,
    }))
    .sort((a, b) => order(a.purpose) - order(b.purpose));
}

/** `company/link_way/detail`: the company's contact ways and its people to choose from. */
export async function linkWayDetail({ db, actor }: Pick<ServiceContext, 'db' | 'actor'>): Promise<TLinkWayDetail> {
  const [ways, people] = await Promise.all([linkWaysOf(db, actor.rootId), companyPeople(db, actor.rootId)]);
  return {
    ways,
    people: people.map((person) => ({
      userId: person.userId,
      name: person.name,
      phone: person.phone,
      isOwner: person.userId === actor.rootId,
    })),
  };
}

/**
 * `company/link_way/save`: replaces the company's contact ways. Each names one of the company's own
 * people: anyone else (another company's user) is refused and nothing changes.
 */
export async function saveLinkWays(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'actor'>,
  input: TLinkWaysInput,
): Promise<TLinkWayDetail> {
  const { db, clock, actor } = ctx;
  requirePermission(actor, 'company');
  await db.transaction(async (tx) => {
    const now = clock.now();
    await ensureCompany(tx, actor.rootId, now);
    const chosen = [...new Set(input.map((way) => way.userId))];
    if (chosen.length > 0) {
      const ours = await tx
        .select({ id: users.id })
        .from(users)
        .leftJoin(staffMembers, staffMemberOfUser)
        .where(
          and(
            inArray(users.id, chosen),
            eq(users.rootId, actor.rootId),
            eq(users.status, 'active'),
            isNull(users.operatorRole),
            memberMayAct,
          ),
        );
      if (ours.length !== chosen.length) throw forbidden();
    }
    await tx.delete(companyLinkWays).where(eq(companyLinkWays.rootId, actor.rootId));
    if (input.length > 0) {
      await tx.insert(companyLinkWays).values(input.map((way) => ({ ...way, rootId: actor.rootId, updatedAt: now })));
    }
  });
  return linkWayDetail(ctx);
}

/**
 * `company/team` (team_page): a company's people as buyers see them, each with what to contact them
 * for. Phone numbers are masked for visitors, as on the shop page. A company without a name, or whose
 * owner is disabled, is not found.
 */
export async function companyTeam({ db, actor }: Pick<ServiceContext, 'db' | 'actor'>, rootId: number): Promise<TTeam> {
  const [company, [owner]] = await Promise.all([
    findCompany(db, rootId),
    db.select({ status: users.status, isDemo: users.isDemo }).from(users).where(eq(users.id, rootId)),
  ]);
  if (!company?.name || !owner || owner.status !== 'active') throw new AppError(CodeFlag.notFound, 'shop.noCompany');
  const [people, ways] = await Promise.all([companyPeople(db, rootId), linkWaysOf(db, rootId)]);
  const shown = (channel: string, value: string) =>
    !isLoggedIn(actor) && (channel === 'phone' || channel === 'landline') ? maskPhone(value) : value;
  return {
    rootId,
    companyName: company.name,
    isDemo: owner.isDemo,
    members: people.map((person) => ({
      userId: person.userId,
      name: person.name,
      head: person.head,
      title: person.userId === rootId ? 'owner' : 'colleague',
      contactFor: ways
        .filter((way) => way.userId === person.userId)
        .map((way) => ({ purpose: way.purpose, channel: way.channel, value: shown(way.channel, way.value) })),
    })),
  };
}
