import { type Language, type TProfileSummary, translate } from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { BusEvents, EventBus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import { cartLineCountQuery } from '../cart/cart.service';
import { isCompanyInfoComplete } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { entitlementPeriod, entitlementRowsJson } from '../memberships/memberships.entitlements';
import { followingCountQuery } from '../shops/shops.service';
import { visitorCountQuery } from '../visitors/visitors.service';
import { users } from './accounts.table';

/** Profile facts held in memory at most; the least recently used one makes room. */
const MAX_PROFILES = 10_000;

type EntitlementRows = { startsAt: string; endsAt: string }[];

/** What a user's profile summary is made of, as read from the database at one moment. */
interface ProfileFacts {
  userId: number;
  rootId: number;
  nickName: string;
  head: string;
  phone: string;
  companyName: string;
  businessModel: TProfileSummary['businessModel'];
  shopOpen: boolean;
  completeInfo: boolean;
  certified: EntitlementRows;
  forecastVip: EntitlementRows;
  attentionNum: number;
  visitNum: number;
  shopCartNum: number;
}

interface Held {
  facts: ProfileFacts;
  /** When they were read from the database (clock milliseconds). */
  readAt: number;
}

/**
 * SPEC §3 profile summary (`user/info`), asked for on every page that shows the user. Follows, visitors,
 * the shop and entitlements are read from their modules; counts whose features arrive later (shows) are
 * read from theirs as those land, and until then are truly zero.
 *
 * The facts behind it are held in memory per user, so the call needs no database round trip. Whatever
 * changes them publishes `profiles.changed` on commit (`publishOnCommit`), which every instance hears
 * and forgets what it holds of that user or company. A read that was under way when a change arrived
 * answers its own call but is not kept, since it may predate the change. Held facts are read again after
 * `maxAgeSeconds`, so a change made behind the server's back shows within that time. Entitlements are
 * held as their periods and judged against the time of each call, so one that starts or ends meanwhile
 * shows at once.
 */
export class ProfileCache {
  private readonly held = new Map<number, Held>();
  /** Counts changes heard, so a read can tell whether one arrived while it was under way. */
  private changesHeard = 0;
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly maxAgeMs: number;

  constructor(options: { db: Database; clock: Clock; bus: EventBus; maxAgeSeconds: number }) {
    this.db = options.db;
    this.clock = options.clock;
    this.maxAgeMs = options.maxAgeSeconds * 1000;
    options.bus.subscribe('profiles.changed', (change) => this.forget(change));
    options.bus.subscribe('events.missed', () => this.forgetAll());
  }

  async summary(actor: Actor, lang: Language): Promise<TProfileSummary> {
    if (actor.userId <= 0) return visitorSummary(lang);
    const now = this.clock.now();
    const held = this.held.get(actor.userId);
    if (held && now.getTime() - held.readAt < this.maxAgeMs) {
      // Most recently used last, so the first entry is the one to drop when full.
      this.held.delete(actor.userId);
      this.held.set(actor.userId, held);
      return { ...summaryOf(held.facts, now), ...accessOf(actor) };
    }
    this.held.delete(actor.userId);
    const changesBefore = this.changesHeard;
    const facts = await readProfileFacts(this.db, actor, now);
    if (!facts) return visitorSummary(lang);
    if (this.changesHeard === changesBefore && this.maxAgeMs > 0) this.keep(facts, now.getTime());
    return { ...summaryOf(facts, now), ...accessOf(actor) };
  }

  private forget(change: BusEvents['profiles.changed']) {
    this.changesHeard++;
    if ('userId' in change) {
      this.held.delete(change.userId);
      return;
    }
    for (const [userId, held] of this.held) if (held.facts.rootId === change.rootId) this.held.delete(userId);
  }

  private forgetAll() {
    this.changesHeard++;
    this.held.clear();
  }

  private keep(facts: ProfileFacts, readAt: number) {
    if (this.held.size >= MAX_PROFILES) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    this.held.set(facts.userId, { facts, readAt });
  }
}

async function readProfileFacts(db: Database, actor: Actor, now: Date): Promise<ProfileFacts | undefined> {
  // One statement: each round trip counts.
  const [row] = await db
    .select({
      nickName: users.nickName,
      head: users.head,
      phone: users.phone,
      company: companies,
      // Certification is the company's (granted to its owner); every member of staff shows it.
      certified: entitlementRowsJson(actor.rootId, 'certified_supplier', now),
      forecastVip: entitlementRowsJson(actor.userId, 'forecast_vip', now),
      attentionNum: sql`${followingCountQuery(db, actor.userId)}`.mapWith(Number),
      visitNum: sql`${visitorCountQuery(db, actor.rootId)}`.mapWith(Number),
      // The cart is the company's: every member of staff sees its lines.
      shopCartNum: sql`${cartLineCountQuery(db, actor.rootId)}`.mapWith(Number),
    })
    .from(users)
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) return undefined;
  const { company } = row;
  return {
    userId: actor.userId,
    rootId: actor.rootId,
    nickName: row.nickName,
    head: row.head,
    phone: row.phone,
    companyName: company?.name ?? '',
    businessModel: company?.businessModel ?? '',
    shopOpen: Boolean(company?.shopOpenedAt),
    completeInfo: isCompanyInfoComplete(company ?? undefined),
    certified: row.certified,
    forecastVip: row.forecastVip,
    attentionNum: row.attentionNum,
    visitNum: row.visitNum,
    shopCartNum: row.shopCartNum,
  };
}

/** The entitlement in force at `now`, from periods read earlier (those ended since no longer count). */
const periodAt = (rows: EntitlementRows, now: Date) =>
  entitlementPeriod(
    rows.filter((row) => new Date(row.endsAt) > now),
    now,
  );

/** The caller's company role and permissions come with their session (staff), not with the cached facts. */
const accessOf = (actor: Actor) => ({ companyRole: actor.companyRole, permissions: [...actor.permissions] });

function summaryOf(facts: ProfileFacts, now: Date): Omit<TProfileSummary, 'companyRole' | 'permissions'> {
  const certified = periodAt(facts.certified, now);
  const forecastVip = periodAt(facts.forecastVip, now);
  return {
    userId: facts.userId,
    attentionNum: facts.attentionNum,
    nickName: facts.nickName,
    companyName: facts.companyName,
    businessModel: facts.businessModel,
    visitNum: facts.visitNum,
    vipStart: certified?.startsAt.toISOString() ?? null,
    vipEnd: certified?.endsAt.toISOString() ?? null,
    shopOpen: facts.shopOpen,
    isVip: certified !== null,
    head: facts.head,
    showNum: 0,
    complete_info: facts.completeInfo,
    shopCartNum: facts.shopCartNum,
    isForecastVip: forecastVip !== null,
    forecastVipStart: forecastVip?.startsAt.toISOString() ?? null,
    forecastVipEnd: forecastVip?.endsAt.toISOString() ?? null,
    phone: facts.phone,
  };
}

function visitorSummary(lang: Language): TProfileSummary {
  return {
    userId: 0,
    attentionNum: 0,
    nickName: translate('profile.pleaseLogIn', lang),
    companyName: '',
    businessModel: '',
    visitNum: 0,
    vipStart: null,
    vipEnd: null,
    shopOpen: false,
    isVip: false,
    head: '',
    showNum: 0,
    complete_info: false,
    shopCartNum: 0,
    isForecastVip: false,
    forecastVipStart: null,
    forecastVipEnd: null,
    phone: '',
    companyRole: 'employee',
    permissions: [],
  };
}
