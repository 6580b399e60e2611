import { type Language, type TProfileSummary, translate } from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { isCompanyInfoComplete } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { entitlementPeriod, entitlementRowsJson } from '../forecasts/forecasts.service';
import { followingCountQuery } from '../shops/shops.service';
import { visitorCountQuery } from '../visitors/visitors.service';
import { users } from './accounts.table';

/**
 * SPEC §3 profile summary. Follows, visitors, the shop and entitlements are read from their modules;
 * counts whose features arrive later (shows, the cart) are read from theirs as those land, and until
 * then are truly zero.
 */
export async function profileSummary({
  db,
  clock,
  actor,
  lang,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
}): Promise<TProfileSummary> {
  if (actor.userId <= 0) return visitorSummary(lang);
  const now = clock.now();
  // One statement: the profile is asked for on every page that shows the user, and each round trip counts.
  const [row] = await db
    .select({
      user: users,
      company: companies,
      // Certification is the company's (granted to its owner); every member of staff shows it.
      certified: entitlementRowsJson(actor.rootId, 'certified_supplier', now),
      forecastVip: entitlementRowsJson(actor.userId, 'forecast_vip', now),
      attentionNum: sql`${followingCountQuery(db, actor.userId)}`.mapWith(Number),
      visitNum: sql`${visitorCountQuery(db, actor.rootId)}`.mapWith(Number),
    })
    .from(users)
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) return visitorSummary(lang);
  const { user, company } = row;
  const certified = entitlementPeriod(row.certified, now);
  const forecastVip = entitlementPeriod(row.forecastVip, now);
  return {
    userId: user.id,
    attentionNum: row.attentionNum,
    nickName: user.nickName,
    companyName: company?.name ?? '',
    businessModel: company?.businessModel ?? '',
    visitNum: row.visitNum,
    vipStart: certified?.startsAt.toISOString() ?? null,
    vipEnd: certified?.endsAt.toISOString() ?? null,
    shopOpen: Boolean(company?.shopOpenedAt),
    isVip: certified !== null,
    head: user.head,
    showNum: 0,
    complete_info: isCompanyInfoComplete(company ?? undefined),
    shopCartNum: 0,
    isForecastVip: forecastVip !== null,
    forecastVipStart: forecastVip?.startsAt.toISOString() ?? null,
    forecastVipEnd: forecastVip?.endsAt.toISOString() ?? null,
    phone: user.phone,
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
  };
}
