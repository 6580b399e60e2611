import {
  CodeFlag,
  distanceKm,
  type Language,
  maskPhone,
  PAGE_SIZE_DEFAULT,
  type TFollowedPage,
  type TShopApplication,
  type TShopDetail,
  type TShopOpenState,
  type TUserCard,
} from '@metal/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type Actor, isLoggedIn } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, invalid, notFound } from '../../platform/errors';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { users } from '../accounts/accounts.table';
import { findCompany, isCompanyInfoComplete, requireCompanyInfo } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { hasApprovedLicence } from '../companies/licences.policy';
import { friendshipOf } from '../contacts/contacts.policy';
import { sorts } from '../markets/markets.table';
import { entitlementHolders, hasEntitlement } from '../memberships/memberships.entitlements';
import { isRealNameVerified, requireRealNameVerified } from '../verification/verification.policy';
import { recordVisitorEvent } from '../visitors/visitors.record';
import type { ListingCounter } from './shops.listings';
import { companyFollows, shopApplications } from './shops.table';

type Company = typeof companies.$inferSelect;
type Application = typeof shopApplications.$inferSelect;

export interface ShopDeps {
  db: Database;
  clock: Clock;
  countListings: ListingCounter;
  /** SPEC §4: public listings a shop needs (config SHOP_OPEN_MIN_LISTINGS). */
  minListings: number;
}

/**
 * Names the products of one or more companies in the reader's language, reading the catalogue once:
 * the answer turns a company's list of sort ids into `{id, sortName}` in the order it chose them.
 */
async function productNamer(db: Executor, idLists: number[][], lang: Language) {
  const ids = [...new Set(idLists.flat())];
  const rows = ids.length > 0 ? await db.select().from(sorts).where(inArray(sorts.id, ids)) : [];
  const names = new Map(rows.map((s) => [s.id, lang === 'zh-CN' ? s.name : s.nameEn]));
  return (list: number[]) => list.filter((id) => names.has(id)).map((id) => ({ id, sortName: names.get(id)! }));
}

/** A company anyone may look at: one that has a name (the shop page has something to show). */
async function findNamedCompany(db: Executor, rootId: number): Promise<Company> {
  const company = await findCompany(db, rootId);
  if (!company?.name) throw new AppError(CodeFlag.notFound, 'shop.noCompany');
  return company;
}

async function latestApplication(db: Executor, rootId: number): Promise<Application | undefined> {
  const [row] = await db
    .select()
    .from(shopApplications)
    .where(eq(shopApplications.rootId, rootId))
    .orderBy(desc(shopApplications.createdAt), desc(shopApplications.id))
    .limit(1);
  return row;
}

/** SPEC §4's shop-opening conditions for a company, as they stand now. */
async function openingConditions(deps: ShopDeps, rootId: number) {
  const { db } = deps;
  const [company, licence, realName, listings] = await Promise.all([
    findCompany(db, rootId),
    hasApprovedLicence(db, rootId),
    isRealNameVerified(db, rootId),
    deps.countListings(db, rootId),
  ]);
  const shortfall = Math.max(0, deps.minListings - listings.stock - listings.capacity);
  return {
    company,
    conditions: {
      companyInfo: isCompanyInfoComplete(company),
      licence,
      realName,
      listings: { required: deps.minListings, ...listings, shortfall },
    },
  };
}

/** `shop/open_state` (open_shop): the conditions and where the application stands. */
export async function shopOpenState(deps: ShopDeps & { actor: Actor }): Promise<TShopOpenState> {
  const { db, actor } = deps;
  const [{ company, conditions }, application] = await Promise.all([
    openingConditions(deps, actor.rootId),
    latestApplication(db, actor.rootId),
  ]);
  const allMet =
    conditions.companyInfo && conditions.licence && conditions.realName && conditions.listings.shortfall === 0;
  const status: TShopOpenState['status'] = company?.shopOpenedAt
    ? 'passed'
    : application?.status === 'waiting' || application?.status === 'failed'
      ? application.status
      : allMet
        ? 'reached'
        : 'unmet';
  return {
    rootId: actor.rootId,
    status,
    reason: status === 'failed' ? (application?.reason ?? '') : '',
    conditions,
    appliedAt: application?.createdAt.toISOString() ?? null,
    reviewedAt: application?.reviewedAt?.toISOString() ?? null,
    editable: actor.permissions.includes('shop'),
  };
}

/** Every application of one company is made or decided under this lock, so none overlaps another. */
const lockCompanyShop = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('shops.apply'), ${rootId})`);

/**
 * `shop/apply_open`: the owner applies once every condition holds. Each unmet condition answers as
 * the rest of the product does: company info codeFlag 7, verification codeFlag 8, the licence and the
 * listings codeFlag 5 (with the shortfall).
 */
export async function applyToOpenShop(deps: ShopDeps & { actor: Actor }): Promise<TShopOpenState> {
  const { db, clock, actor } = deps;
  if (!actor.permissions.includes('shop')) throw new AppError(CodeFlag.forbidden, 'noPermission.shop');
  await requireCompanyInfo(db, actor.rootId);
  await requireRealNameVerified(db, actor);
  const { company, conditions } = await openingConditions(deps, actor.rootId);
  if (company?.shopOpenedAt) throw new AppError(CodeFlag.conflict, 'shop.alreadyOpen');
  if (!conditions.licence) throw new AppError(CodeFlag.conflict, 'shop.licenceRequired');
  if (conditions.listings.shortfall > 0) {
    throw new AppError(CodeFlag.conflict, 'shop.listingsShort', { shortfall: conditions.listings.shortfall });
  }
  await db.transaction(async (tx) => {
    await lockCompanyShop(tx, actor.rootId);
    const [waiting] = await tx
      .select({ id: shopApplications.id })
      .from(shopApplications)
      .where(and(eq(shopApplications.rootId, actor.rootId), eq(shopApplications.status, 'waiting')));
    if (waiting) throw new AppError(CodeFlag.conflict, 'shop.alreadyWaiting');
    await tx.insert(shopApplications).values({
      rootId: actor.rootId,
      stockCount: conditions.listings.stock,
      capacityCount: conditions.listings.capacity,
      createdAt: clock.now(),
    });
  });
  return shopOpenState(deps);
}

async function toApplications(db: Executor, rows: Application[]): Promise<TShopApplication[]> {
  if (rows.length === 0) return [];
  const owners = await db
    .select()
    .from(companies)
    .where(
      inArray(
        companies.rootId,
        rows.map((r) => r.rootId),
      ),
    );
  const byRoot = new Map(owners.map((c) => [c.rootId, c]));
  return rows.map((row) => {
    const company = byRoot.get(row.rootId);
    return {
      id: row.id,
      rootId: row.rootId,
      companyName: company?.name ?? '',
      businessModel: company?.businessModel ?? '',
      city: company?.city ?? '',
      status: row.status,
      reason: row.reason,
      listings: { stock: row.stockCount, capacity: row.capacityCount },
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      submittedAt: row.createdAt.toISOString(),
    };
  });
}

/** `console/shop/list` (operators): applications waiting for audit, oldest first. */
export async function pendingShopApplications({ db }: ServiceContext) {
  const rows = await db
    .select()
    .from(shopApplications)
    .where(eq(shopApplications.status, 'waiting'))
    .orderBy(asc(shopApplications.createdAt), asc(shopApplications.id));
  return toApplications(db, rows);
}

/** `console/shop/review` (operators): pass (the shop opens) or fail with a reason; the owner is told. */
export async function reviewShopApplication(ctx: ServiceContext, input: ReviewInput) {
  return decideReview(ctx, shopApplicationReviews, input);
}

type ShopApplicationRow = typeof shopApplications.$inferSelect;

const shopApplicationReviews: ReviewQueue<ShopApplicationRow, TShopApplication> = {
  subject: 'shop_application',
  action: 'shop',
  notices: { approved: 'notice.shopApproved', rejected: 'notice.shopRejected' },
  async load(tx, id) {
    const [found] = await tx.select().from(shopApplications).where(eq(shopApplications.id, id));
    if (!found) return undefined;
    await lockCompanyShop(tx, found.rootId);
    // Read again under the company's lock: another operator may have decided it meanwhile.
    return (await tx.select().from(shopApplications).where(eq(shopApplications.id, id)))[0];
  },
  isPending: (application) => application.status === 'waiting',
  // An application is never changed, only decided: it is the version it was made as.
  versionOf: (application) => application.createdAt,
  async decide(tx, application, { approve, now, reviewed }) {
    const [decided] = await tx
      .update(shopApplications)
      .set({ status: approve ? 'passed' : 'failed', ...reviewed })
      .where(eq(shopApplications.id, application.id))
      .returning();
    if (approve) {
      await tx
        .update(companies)
        .set({ shopOpenedAt: now, updatedAt: now })
        .where(eq(companies.rootId, application.rootId));
      await publishOnCommit(tx, 'profiles.changed', { rootId: application.rootId });
    }
    const [presented] = await toApplications(tx, [decided!]);
    return presented!;
  },
  announce: async (_tx, application) => ({ userId: application.rootId, logDetail: { rootId: application.rootId } }),
};

async function followerCount(db: Executor, rootId: number) {
  const [row] = await db.select({ n: count() }).from(companyFollows).where(eq(companyFollows.rootId, rootId));
  return row?.n ?? 0;
}

async function isFollowing(db: Executor, userId: number, rootId: number) {
  if (userId === 0) return false;
  const [row] = await db
    .select({ rootId: companyFollows.rootId })
    .from(companyFollows)
    .where(and(eq(companyFollows.userId, userId), eq(companyFollows.rootId, rootId)));
  return Boolean(row);
}

/** `shop/detail` (company?id, company_detail): what anyone may see of a company; phones whole only to logged-in users. */
export async function shopDetail(
  deps: ShopDeps & { actor: Actor; lang: Language; rootId: number; point: { lng: number; lat: number } | null },
): Promise<TShopDetail> {
  const { db, clock, actor, lang, rootId, point } = deps;
  const company = await findNamedCompany(db, rootId);
  const now = clock.now();
  const [owner, products, licence, realName, certified, listings, followers, followed] = await Promise.all([
    db.select({ isDemo: users.isDemo, status: users.status }).from(users).where(eq(users.id, rootId)),
    productNamer(db, [company.sellProducts, company.buyProducts], lang),
    hasApprovedLicence(db, rootId),
    isRealNameVerified(db, rootId),
    hasEntitlement(db, rootId, 'certified_supplier', now),
    deps.countListings(db, rootId),
    followerCount(db, rootId),
    isFollowing(db, actor.userId, rootId),
  ]);
  // A disabled owner's company is shown to no one until an operator enables the account again.
  if (owner[0]?.status === 'disabled') throw notFound();
  const masked = !isLoggedIn(actor);
  const shown = (phone: string) => (masked ? maskPhone(phone) : phone);
  const distance =
    point && company.lng !== null && company.lat !== null
      ? Math.round(distanceKm({ lon: point.lng, lat: point.lat }, { lon: company.lng, lat: company.lat }) * 10) / 10
      : null;
  return {
    rootId,
    name: company.name,
    brand: company.brand,
    businessModel: company.businessModel ?? '',
    sellProducts: products(company.sellProducts),
    buyProducts: products(company.buyProducts),
    address: {
      province: company.province,
      city: company.city,
      district: company.district,
      detail: company.addressDetail,
      lng: company.lng,
      lat: company.lat,
    },
    distanceKm: distance,
    contact: {
      linkName: company.linkName,
      linkPhone: shown(company.linkPhone),
      phones: company.phones.map(shown),
      faxes: company.faxes.map(shown),
      qq: masked ? '' : company.qq,
      wechat: masked ? '' : company.wechat,
      webUrl: company.webUrl,
      masked,
    },
    marks: { licence, realName, certified, shopOpen: company.shopOpenedAt !== null },
    counts: { ...listings, followers },
    followed,
    mine: actor.rootId === rootId,
    ownerUserId: rootId,
    isDemo: owner[0]?.isDemo ?? false,
  };
}

/** An account shown to others: a phone as maskMobile does, another account with its middle hidden. */
export function maskAccount(account: string) {
  const masked = maskPhone(account);
  if (masked !== '****') return masked;
  return account.length <= 2 ? `${account.slice(0, 1)}*` : `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/** `user/card` (user_info_page?userId): SPEC §3's public user card. */
export async function userCard({
  db,
  actor,
  lang,
  userId,
}: {
  db: Database;
  actor: Actor;
  lang: Language;
  userId: number;
}): Promise<TUserCard> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.status !== 'active' || user.operatorRole) throw notFound();
  const [company, realName, friendship] = await Promise.all([
    findCompany(db, user.rootId),
    isRealNameVerified(db, userId),
    friendshipOf(db, actor.userId, userId),
  ]);
  const products = (await productNamer(db, [company?.sellProducts ?? []], lang))(company?.sellProducts ?? []);
  return {
    userId: user.id,
    head: user.head,
    signature: user.signature,
    rootId: user.rootId,
    nickName: user.nickName,
    companyName: company?.name ?? '',
    isFriend: friendship !== undefined,
    remark: friendship?.remark ?? '',
    openShop: Boolean(company?.shopOpenedAt),
    account: actor.userId === user.id ? user.account : maskAccount(user.account),
    marketList: products.map((p) => ({ marketSortId: p.id, title: p.sortName })),
    realName,
    isDemo: user.isDemo,
  };
}

/** `attention/follow` and `attention/unfollow`: idempotent; one's own company cannot be followed. */
export async function setFollowing({
  db,
  clock,
  actor,
  rootId,
  follow,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  rootId: number;
  follow: boolean;
}) {
  if (follow) {
    if (rootId === actor.rootId) throw invalid('attention.ownCompany', 'rootId');
    await findNamedCompany(db, rootId);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const followed = await tx
        .insert(companyFollows)
        .values({ userId: actor.userId, rootId, createdAt: now })
        .onConflictDoNothing()
        .returning({ rootId: companyFollows.rootId });
      // A new follow shows in the company's visitor analytics (attention); following again does not.
      if (followed.length > 0) {
        await recordVisitorEvent({ db: tx, actor, ownerRootId: rootId, kind: 'attention', stockId: null, now });
        await publishOnCommit(tx, 'profiles.changed', { userId: actor.userId });
      }
    });
  } else {
    await db.transaction(async (tx) => {
      const unfollowed = await tx
        .delete(companyFollows)
        .where(and(eq(companyFollows.userId, actor.userId), eq(companyFollows.rootId, rootId)))
        .returning({ rootId: companyFollows.rootId });
      if (unfollowed.length > 0) await publishOnCommit(tx, 'profiles.changed', { userId: actor.userId });
    });
  }
  return { followed: follow, followers: await followerCount(db, rootId) };
}

/** `attention/list` (attention_company): the companies the caller follows, newest first. */
export async function followedCompanies({
  db,
  clock,
  actor,
  lang,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  page?: number;
  pageSize?: number;
}): Promise<TFollowedPage> {
  const [totalRow] = await db
    .select({ n: count() })
    .from(companyFollows)
    .where(eq(companyFollows.userId, actor.userId));
  const total = totalRow?.n ?? 0;
  const rows = await db
    .select({ follow: companyFollows, company: companies, isDemo: users.isDemo })
    .from(companyFollows)
    .innerJoin(companies, eq(companies.rootId, companyFollows.rootId))
    .innerJoin(users, eq(users.id, companyFollows.rootId))
    .where(eq(companyFollows.userId, actor.userId))
    .orderBy(desc(companyFollows.createdAt), desc(companyFollows.rootId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rootIds = rows.map((row) => row.company.rootId);
  const [products, certified] = await Promise.all([
    productNamer(
      db,
      rows.map((row) => row.company.sellProducts),
      lang,
    ),
    entitlementHolders(db, rootIds, 'certified_supplier', clock.now()),
  ]);
  const list = rows.map(({ follow, company, isDemo }) => ({
    rootId: company.rootId,
    name: company.name,
    businessModel: company.businessModel ?? ('' as const),
    city: company.city,
    sellProducts: products(company.sellProducts),
    shopOpen: company.shopOpenedAt !== null,
    certified: certified.has(company.rootId),
    followedAt: follow.createdAt.toISOString(),
    isDemo,
  }));
  return { list, page, hasMore: page * pageSize < total, total };
}

/** The profile summary's attentionNum. */
/** How many shops a user follows, as a query of one row (`n`) that a bigger query may carry. */
export function followingCountQuery(db: Executor, userId: number) {
  return db.select({ n: count() }).from(companyFollows).where(eq(companyFollows.userId, userId));
}
