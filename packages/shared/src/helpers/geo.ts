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
