import { type Language, type TProfileSummary, translate } from '@metal/shared';
import type { Database } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { findCompany, isCompanyInfoComplete } from '../companies/companies.policy';
import { entitlementPeriod } from '../forecasts/forecasts.service';
import { followingCount } from '../shops/shops.service';
import { visitorCount } from '../visitors/visitors.service';
import { findUser } from './accounts.service';

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
  const user = actor.userId > 0 ? await findUser(db, actor.userId) : undefined;
  if (!user) return visitorSummary(lang);
  const now = clock.now();
  const [company, certified, forecastVip, attentionNum, visitNum] = await Promise.all([
    findCompany(db, user.rootId),
    // Certification is the company's (granted to its owner); every member of staff shows it.
    entitlementPeriod(db, user.rootId, 'certified_supplier', now),
    entitlementPeriod(db, user.id, 'forecast_vip', now),
    followingCount(db, user.id),
    visitorCount(db, user.rootId),
  ]);
  return {
    userId: user.id,
    attentionNum,
    nickName: user.nickName,
    companyName: company?.name ?? '',
    businessModel: company?.businessModel ?? '',
    visitNum,
    vipStart: certified?.startsAt.toISOString() ?? null,
    vipEnd: certified?.endsAt.toISOString() ?? null,
    shopOpen: Boolean(company?.shopOpenedAt),
    isVip: certified !== null,
    head: user.head,
    showNum: 0,
    complete_info: isCompanyInfoComplete(company),
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
