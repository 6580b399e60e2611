import { EARTH_RADIUS_KM, MAINLAND_BOUNDS } from '../constants';

export interface LonLat {
  lon: number;
  lat: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine) with SPEC §9's Earth radius of 6378.137 km. */
export function distanceKm(a: LonLat, b: LonLat): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** SPEC §5: only points inside these mainland bounds are corrected. */
export function isInMainland({ lon, lat }: LonLat): boolean {
  return (
    lon >= MAINLAND_BOUNDS.minLon &&
    lon <= MAINLAND_BOUNDS.maxLon &&
    lat >= MAINLAND_BOUNDS.minLat &&
    lat <= MAINLAND_BOUNDS.maxLat
  );
}

// Krasovsky 1940 ellipsoid, the reference of the GCJ-02 offset formula.
const KRASOVSKY_A = 6378245.0;
const KRASOVSKY_EE = 0.006693421622965943;

function offsetLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function offsetLon(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/** WGS-84 (GPS) → GCJ-02 (Chinese maps). Points outside the mainland bounds are returned unchanged. */
export function wgs84ToGcj02(point: LonLat): LonLat {
  if (!isInMainland(point)) return { ...point };
  const { lon, lat } = point;
  let dLat = offsetLat(lon - 105, lat - 35);
  let dLon = offsetLon(lon - 105, lat - 35);
  const radLat = toRadians(lat);
  let magic = Math.sin(radLat);
  magic = 1 - KRASOVSKY_EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  dLon = (dLon * 180) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lon: lon + dLon, lat: lat + dLat };
}

/**
 * GCJ-02 → WGS-84, the inverse of wgs84ToGcj02 for services that take GPS-like coordinates (Tianditu uses CGCS2000,
 * which differs from WGS-84 by centimetres). The offset formula has no closed inverse, so this steps a guess until its
 * forward image lands on the point (under 1e-9° away, a tenth of a millimetre; a few steps suffice). Points outside
 * the mainland bounds were never shifted, so they come back unchanged.
 */
export function gcj02ToWgs84(point: LonLat): LonLat {
  if (!isInMainland(point)) return { ...point };
  let guess = { lon: point.lon, lat: point.lat };
  for (let step = 0; step < 30; step++) {
    const image = wgs84ToGcj02(guess);
    const dLon = image.lon - point.lon;
    const dLat = image.lat - point.lat;
    if (Math.abs(dLon) < 1e-9 && Math.abs(dLat) < 1e-9) break;
    guess = { lon: guess.lon - dLon, lat: guess.lat - dLat };
  }
  return guess;
}

/** A lon/lat rectangle around a point, for a cheap SQL prefilter before the exact distance. */
export interface LonLatBox {
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

/**
 * The smallest lon/lat rectangle that holds every point within `radiusKm` of `centre` (on the sphere distanceKm uses):
 * the latitude reach is the radius as an angle; the longitude reach is the widest the circle gets, at the latitude
 * where it touches its meridians, asin(sin δ / cos φ). Near a pole (or for a radius past it) the box spans every
 * longitude. Boxes that cross the antimeridian are not split; nothing here lies near it.
 */
export function boundingBox(centre: LonLat, radiusKm: number): LonLatBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angular * 180) / Math.PI;
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  const reach = Math.sin(angular) / Math.cos(toRadians(centre.lat));
  if (minLat <= -90 || maxLat >= 90 || reach >= 1) return { minLon: -180, maxLon: 180, minLat, maxLat };
  const dLon = (Math.asin(reach) * 180) / Math.PI;
  return { minLon: centre.lon - dLon, maxLon: centre.lon + dLon, minLat, maxLat };
}

/** A distance as people read it: metres under 1 km ("850 m"), one decimal under 10 km ("1.2 km"), whole km beyond. */
export function formatDistanceKm(km: number): string {
  const metres = Math.round(km * 1000);
  if (metres < 1000) return `${metres} m`;
  const tenths = Math.round(km * 10) / 10;
  return tenths < 10 ? `${tenths.toFixed(1)} km` : `${Math.round(km)} km`;
}
