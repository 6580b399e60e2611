import {
  boundingBox,
  distanceKm,
  type Language,
  NEARBY_DEFAULT_RADIUS_KM,
  PAGE_SIZE_DEFAULT,
  type TNearbyCompaniesPage,
  type TNearbyCompany,
  type TNearbyStockPage,
} from '@metal/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { distanceKmSql } from '../../db/geo';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { users } from '../accounts/accounts.table';
import { companyInfoCompleteSql } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { sorts } from '../markets/markets.table';
import { entitlementHolders } from '../memberships/memberships.entitlements';
import { type SearchDeps, searchStocks } from '../stock-search/stock-search.service';

/** A GCJ-02 point the caller is around. */
export interface NearbyPoint {
  lng: number;
  lat: number;
}

export interface NearbyQuery {
  point: NearbyPoint;
  radiusKm?: number;
  page?: number;
  pageSize?: number;
}

const double = (value: number) => sql`${value}::double precision`;

/**
 * Rows within `radiusKm` of `point`: first the lon/lat box around the circle, which an index on the point columns
 * (or a plain comparison) settles cheaply, then the exact distance for the rows the box lets through.
 */
export function withinRadius(lngColumn: AnyPgColumn, latColumn: AnyPgColumn, point: NearbyPoint, radiusKm: number) {
  const box = boundingBox({ lon: point.lng, lat: point.lat }, radiusKm);
  return and(
    isNotNull(lngColumn),
    isNotNull(latColumn),
    sql`${latColumn} between ${double(box.minLat)} and ${double(box.maxLat)}`,
    sql`${lngColumn} between ${double(box.minLon)} and ${double(box.maxLon)}`,
    sql`${distanceKmSql(lngColumn, latColumn, point)} <= ${double(radiusKm)}`,
  );
}

/** Kilometres to the metre, as the list shows them ("850 m", "1.2 km"). */
export const kmToTheMetre = (from: NearbyPoint, to: NearbyPoint) =>
  Math.round(distanceKm({ lon: from.lng, lat: from.lat }, { lon: to.lng, lat: to.lat }) * 1000) / 1000;

/** Sort ids → names in the reader's language, reading the catalogue once for a whole page. */
export async function sortNamer(db: Executor, ids: number[], lang: Language) {
  const wanted = [...new Set(ids)];
  const rows = wanted.length > 0 ? await db.select().from(sorts).where(inArray(sorts.id, wanted)) : [];
  const names = new Map(rows.map((s) => [s.id, lang === 'zh-CN' ? s.name : s.nameEn]));
  return {
    name: (id: number) => names.get(id) ?? '',
    products: (list: number[]) => list.filter((id) => names.has(id)).map((id) => ({ id, sortName: names.get(id)! })),
  };
}

/**
 * `nearby/companies`: companies with complete info and a map point within the radius, nearest first (the same
 * distance breaks ties by the older account). Open shops are marked rather than put first, so the list stays in
 * the order of the distances it shows. Disabled accounts' companies are left out.
 */
export async function nearbyCompanies({
  db,
  clock,
  actor,
  lang,
  point,
  radiusKm = NEARBY_DEFAULT_RADIUS_KM,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: NearbyQuery & { db: Database; clock: Clock; actor: Actor; lang: Language }): Promise<TNearbyCompaniesPage> {
  const where = and(
    withinRadius(companies.lng, companies.lat, point, radiusKm),
    companyInfoCompleteSql,
    eq(users.status, 'active'),
    isNull(users.operatorRole),
  );
  const distance = distanceKmSql(companies.lng, companies.lat, point);
  const [totalRow] = await db
    .select({ n: count() })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.rootId))
    .where(where);
  const total = totalRow?.n ?? 0;
  const rows =
    total > (page - 1) * pageSize
      ? await db
          .select({ company: companies, isDemo: users.isDemo })
          .from(companies)
          .innerJoin(users, eq(users.id, companies.rootId))
          .where(where)
          .orderBy(asc(distance), asc(companies.rootId))
          .limit(pageSize)
          .offset((page - 1) * pageSize)
      : [];
  const [names, certified] = await Promise.all([
    sortNamer(
      db,
      rows.flatMap((row) => row.company.sellProducts),
      lang,
    ),
    entitlementHolders(
      db,
      rows.map((row) => row.company.rootId),
      'certified_supplier',
      clock.now(),
    ),
  ]);
  const list = rows.map(({ company, isDemo }): TNearbyCompany => {
    // The where clause has made sure of these; the checks only narrow the types.
    const lng = company.lng ?? 0;
    const lat = company.lat ?? 0;
    return {
      rootId: company.rootId,
      name: company.name,
      businessModel: company.businessModel ?? 'other',
      province: company.province,
      city: company.city,
      district: company.district,
      addressDetail: company.addressDetail,
      lng,
      lat,
      distanceKm: kmToTheMetre(point, { lng, lat }),
      sellProducts: names.products(company.sellProducts),
      shopOpen: company.shopOpenedAt !== null,
      certified: certified.has(company.rootId),
      mine: actor.rootId > 0 && actor.rootId === company.rootId,
      isDemo,
    };
  });
  return { list, page, hasMore: page * pageSize < total, total, radiusKm };
}

/**
 * `nearby/stock`: for-sale listings lying within the radius by the storage point each listing carries
 * (its storage district's centre, or its company's point), nearest first — stock/list's distance
 * search with nearby's radius choices, so both lists find and order the same listings.
 */
export async function nearbyStock({
  radiusKm = NEARBY_DEFAULT_RADIUS_KM,
  point,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
  ...deps
}: NearbyQuery & SearchDeps): Promise<TNearbyStockPage> {
  const found = await searchStocks({ ...deps, filters: { point, radiusKm }, order: 'distance', page, pageSize });
  return { list: found.list, page: found.page, hasMore: found.hasMore, total: found.total, radiusKm };
}
