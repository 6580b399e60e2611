import { EARTH_RADIUS_KM } from '@metal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const double = (value: number) => sql`${value}::double precision`;

/**
 * The great-circle distance in km from `point` to a row's (lng, lat), in SQL, by the same haversine and Earth radius
 * (SPEC §9, 6378.137 km) as the shared distanceKm, so radius filters and orders agree with the distances shown.
 */
export function distanceKmSql(
  lngColumn: AnyPgColumn,
  latColumn: AnyPgColumn,
  point: { lng: number; lat: number },
): SQL<number> {
  const halfDLat = sql`radians(${latColumn} - ${double(point.lat)}) / 2`;
  const halfDLng = sql`radians(${lngColumn} - ${double(point.lng)}) / 2`;
  const h = sql`power(sin(${halfDLat}), 2) + cos(radians(${double(point.lat)})) * cos(radians(${latColumn})) * power(sin(${halfDLng}), 2)`;
  return sql<number>`(2 * ${double(EARTH_RADIUS_KM)} * asin(least(1, sqrt(${h}))))`;
}
