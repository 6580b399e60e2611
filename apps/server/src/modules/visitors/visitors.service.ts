import {
  CodeFlag,
  isMobile,
  type Language,
  maskPhone,
  PAGE_SIZE_DEFAULT,
  type TVisitorDetail,
  type TVisitorIdentity,
  type TVisitorPage,
  type TVisitorStock,
  type VisitorKind,
} from '@metal/shared';
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  max,
  min,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { ServiceContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { sorts } from '../markets/markets.table';
import { hasEntitlement } from '../memberships/memberships.entitlements';
import { companyFollows } from '../shops/shops.table';
import { stocks } from '../stocks/stocks.table';
import { visitorEvents } from './visitors.table';

/**
 * SPEC §6: visitor identities and visitor_detail are for certified suppliers. The membership is the
 * company's (its owner holds it), so an employee sees what the owner's membership opens.
 */
const isCertified = (db: Executor, actor: Actor, now: Date) =>
  hasEntitlement(db, actor.rootId, 'certified_supplier', now);

const DEMO_LABEL = '（Demo）';

/**
 * Hides most of a name: a phone as maskPhone does; a company name of six or more characters keeps its
 * first and last two (佛山****公司), anything else (a person's nickname) only its first character. The
 * stars do not tell the length. The demo data's "（Demo）" label stays, so a demo visitor still reads as one.
 */
export function maskName(name: string, kind: 'person' | 'company'): string {
  const text = name.trim();
  if (text.endsWith(DEMO_LABEL) && text.length > DEMO_LABEL.length)
    return `${maskName(text.slice(0, -DEMO_LABEL.length), kind)}${DEMO_LABEL}`;
  if (isMobile(text)) return maskPhone(text);
  const chars = [...text];
  if (chars.length === 0) return '';
  if (kind === 'company' && chars.length >= 6) return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
  return `${chars[0]}**`;
}

/** `%`, `_` and `\` are LIKE's own characters: a keyword matches them literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The events a company's analytics show: its own, of one kind, never by its own people (by the
 * company they were in when they acted and the one they are in now), and for follows only visitors
 * who still follow it (the attention list is who follows the company now).
 */
function ownerEvents(ownerRootId: number, kind: VisitorKind | null): SQL {
  const filters: SQL[] = [
    eq(visitorEvents.ownerRootId, ownerRootId),
    ne(visitorEvents.visitorRootId, ownerRootId),
    ne(users.rootId, ownerRootId),
  ];
  if (kind) filters.push(eq(visitorEvents.kind, kind));
  if (kind === 'attention') {
    filters.push(
      exists(
        sql`(select 1 from ${companyFollows} where ${companyFollows.userId} = ${visitorEvents.visitorUserId} and ${companyFollows.rootId} = ${ownerRootId})`,
      ),
    );
  }
  return and(...filters)!;
}

/**
 * A keyword finds the listing acted on (product, category, specification); for certified suppliers
 * also the visitor's name, company and phone. Others are not told who visited, so they cannot find
 * out by searching for a name either.
 */
function keywordFilter(keyword: string, certified: boolean): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  const listing = [
    ilike(stocks.productName, pattern),
    ilike(stocks.specifications, pattern),
    ilike(sorts.name, pattern),
    ilike(sorts.nameEn, pattern),
  ];
  const identity = certified
    ? [ilike(users.nickName, pattern), ilike(companies.name, pattern), ilike(users.phone, pattern)]
    : [];
  return or(...listing, ...identity);
}

const stockFields = {
  stockId: stocks.id,
  productName: stocks.productName,
  specifications: stocks.specifications,
  status: stocks.status,
  sortName: sorts.name,
  sortNameEn: sorts.nameEn,
};

interface StockFields {
  stockId: number | null;
  productName: string | null;
  specifications: string | null;
  status: TVisitorStock['status'] | null;
  sortName: string | null;
  sortNameEn: string | null;
}

function presentStock(row: StockFields, lang: Language): TVisitorStock | null {
  if (row.stockId === null || row.status === null) return null;
  return {
    id: row.stockId,
    productName: row.productName ?? '',
    specifications: row.specifications ?? '',
    sortName: (lang === 'zh-CN' ? row.sortName : row.sortNameEn) ?? '',
    status: row.status,
  };
}

interface VisitorFacts {
  userId: number;
  nickName: string;
  phone: string;
  head: string;
  isDemo: boolean;
  companyName: string;
}

async function visitorFacts(db: Executor, userIds: number[]): Promise<Map<number, VisitorFacts>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      nickName: users.nickName,
      phone: users.phone,
      head: users.head,
      isDemo: users.isDemo,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.userId, { ...row, companyName: row.companyName ?? '' }]));
}

function identityOf(facts: VisitorFacts | undefined, certified: boolean): TVisitorIdentity {
  const nickName = facts?.nickName ?? '';
  const companyName = facts?.companyName ?? '';
  const phone = facts?.phone ?? '';
  if (certified) {
    return { userId: facts?.userId ?? null, nickName, companyName, phone, head: facts?.head ?? '', masked: false };
  }
  return {
    userId: null,
    nickName: maskName(nickName, 'person'),
    companyName: maskName(companyName, 'company'),
    phone: maskPhone(phone),
    head: '',
    masked: true,
  };
}

/** `visitor/list`: the company's visitors of one kind, one row each, latest first. */
export async function listVisitors(
  { db, clock, actor, lang }: ServiceContext,
  {
    kind,
    keyword,
    page = 1,
    pageSize = PAGE_SIZE_DEFAULT,
  }: { kind: VisitorKind; keyword: string; page?: number | undefined; pageSize?: number | undefined },
): Promise<TVisitorPage> {
  const certified = await isCertified(db, actor, clock.now());
  const where = and(ownerEvents(actor.rootId, kind), keywordFilter(keyword, certified));
  const lastAt = max(visitorEvents.at);
  const [groups, totals] = await Promise.all([
    db
      .select({ userId: visitorEvents.visitorUserId, n: count(), lastAt })
      .from(visitorEvents)
      .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
      .leftJoin(companies, eq(companies.rootId, users.rootId))
      .leftJoin(stocks, eq(stocks.id, visitorEvents.stockId))
      .leftJoin(sorts, eq(sorts.id, stocks.sortId))
      .where(where)
      .groupBy(visitorEvents.visitorUserId)
      .orderBy(desc(lastAt), desc(visitorEvents.visitorUserId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ visitors: countDistinct(visitorEvents.visitorUserId), actions: count() })
      .from(visitorEvents)
      .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
      .leftJoin(companies, eq(companies.rootId, users.rootId))
      .leftJoin(stocks, eq(stocks.id, visitorEvents.stockId))
      .leftJoin(sorts, eq(sorts.id, stocks.sortId))
      .where(where),
  ]);
  const userIds = groups.map((group) => group.userId);
  const [facts, latest] = await Promise.all([
    visitorFacts(db, userIds),
    userIds.length === 0
      ? []
      : db
          .selectDistinctOn([visitorEvents.visitorUserId], { userId: visitorEvents.visitorUserId, ...stockFields })
          .from(visitorEvents)
          .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
          .leftJoin(companies, eq(companies.rootId, users.rootId))
          .leftJoin(stocks, eq(stocks.id, visitorEvents.stockId))
          .leftJoin(sorts, eq(sorts.id, stocks.sortId))
          .where(and(where, inArray(visitorEvents.visitorUserId, userIds)))
          .orderBy(visitorEvents.visitorUserId, desc(visitorEvents.at), desc(visitorEvents.id)),
  ]);
  const latestOf = new Map(latest.map((row) => [row.userId, row]));
  const total = totals[0]?.visitors ?? 0;
  return {
    list: groups.map((group, index) => {
      const fact = facts.get(group.userId);
      const last = latestOf.get(group.userId);
      return {
        key: certified ? `u${group.userId}` : `p${page}-${index}`,
        visitor: identityOf(fact, certified),
        count: group.n,
        lastAt: new Date(group.lastAt ?? 0).toISOString(),
        lastStock: last ? presentStock(last, lang) : null,
        isDemo: fact?.isDemo ?? false,
      };
    }),
    page,
    hasMore: page * pageSize < total,
    total,
    actions: totals[0]?.actions ?? 0,
    certified,
  };
}

/** `visitor/detail` (visitor_detail): one visitor's actions on the company, newest first; certified suppliers only. */
export async function visitorDetail(
  { db, clock, actor, lang }: ServiceContext,
  {
    userId,
    page = 1,
    pageSize = PAGE_SIZE_DEFAULT,
  }: { userId: number; page?: number | undefined; pageSize?: number | undefined },
): Promise<TVisitorDetail> {
  const now = clock.now();
  if (!(await isCertified(db, actor, now))) throw new AppError(CodeFlag.vipRequired, 'visitor.membershipRequired');
  const where = and(ownerEvents(actor.rootId, null), eq(visitorEvents.visitorUserId, userId));
  const [kinds, facts, following, actions] = await Promise.all([
    db
      .select({ kind: visitorEvents.kind, n: count(), firstAt: min(visitorEvents.at) })
      .from(visitorEvents)
      .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
      .where(where)
      .groupBy(visitorEvents.kind),
    visitorFacts(db, [userId]),
    db
      .select({ userId: companyFollows.userId })
      .from(companyFollows)
      .where(and(eq(companyFollows.userId, userId), eq(companyFollows.rootId, actor.rootId))),
    db
      .select({ id: visitorEvents.id, kind: visitorEvents.kind, at: visitorEvents.at, ...stockFields })
      .from(visitorEvents)
      .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
      .leftJoin(stocks, eq(stocks.id, visitorEvents.stockId))
      .leftJoin(sorts, eq(sorts.id, stocks.sortId))
      .where(where)
      .orderBy(desc(visitorEvents.at), desc(visitorEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  if (kinds.length === 0) throw notFound();
  const counts = { view: 0, cart: 0, attention: 0 };
  for (const row of kinds) counts[row.kind] = row.n;
  const total = counts.view + counts.cart + counts.attention;
  const firstAt = kinds.map((row) => new Date(row.firstAt ?? now)).sort((a, b) => a.getTime() - b.getTime())[0]!;
  const fact = facts.get(userId);
  return {
    visitor: identityOf(fact, true),
    isDemo: fact?.isDemo ?? false,
    counts,
    following: following.length > 0,
    firstAt: firstAt.toISOString(),
    actions: {
      list: actions.map((row) => ({
        id: row.id,
        kind: row.kind,
        at: new Date(row.at).toISOString(),
        stock: presentStock(row, lang),
      })),
      page,
      hasMore: page * pageSize < total,
      total,
    },
  };
}

/**
 * The profile summary's visitNum: people (not guests, not the company's own) who opened the
 * company's listings, as a query of one row (`n`) that a bigger query may carry.
 */
export function visitorCountQuery(db: Executor, rootId: number) {
  return db
    .select({ n: countDistinct(visitorEvents.visitorUserId) })
    .from(visitorEvents)
    .innerJoin(users, eq(users.id, visitorEvents.visitorUserId))
    .where(ownerEvents(rootId, 'view'));
}
