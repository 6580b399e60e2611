import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, MAINLAND_BOUNDS } from '../constants';
import { distanceKm, isInMainland, wgs84ToGcj02 } from './geo';

const BEIJING = { lon: 116.4074, lat: 39.9042 };
const SHANGHAI = { lon: 121.4737, lat: 31.2304 };

describe('distanceKm', () => {
  it('measures Beijing to Shanghai as about 1068 km, either way round', () => {
    expect(distanceKm(BEIJING, SHANGHAI)).toBeCloseTo(1068.5, 0);
    expect(distanceKm(SHANGHAI, BEIJING)).toBeCloseTo(distanceKm(BEIJING, SHANGHAI), 9);
  });

  it("uses SPEC's Earth radius of 6378.137 km", () => {
    expect(EARTH_RADIUS_KM).toBe(6378.137);
    // One degree along the equator: 111.3195 km with this radius (111.195 km with the mean radius 6371 km).
    expect(distanceKm({ lon: 0, lat: 0 }, { lon: 1, lat: 0 })).toBeCloseTo(111.3195, 4);
    expect(distanceKm({ lon: 0, lat: 0 }, { lon: 180, lat: 0 })).toBeCloseTo(Math.PI * 6378.137, 6);
  });

  it('is zero for the same point', () => {
    expect(distanceKm(BEIJING, { ...BEIJING })).toBe(0);
  });
});

describe('wgs84ToGcj02', () => {
  it('matches published reference conversions', () => {
    // wandergis/coordtransform's documented example.
    const a = wgs84ToGcj02({ lon: 116.404, lat: 39.915 });
    expect(a.lon).toBeCloseTo(116.41024449916938, 9);
    expect(a.lat).toBeCloseTo(39.91640428150164, 9);
    const b = wgs84ToGcj02({ lon: 116.397128, lat: 39.916527 });
    expect(Math.abs(b.lon - 116.40337)).toBeLessThan(1e-5);
    expect(Math.abs(b.lat - 39.91793)).toBeLessThan(1e-5);
  });

  it('shifts a Beijing point a few hundred metres to the north-east', () => {
    const shifted = wgs84ToGcj02(BEIJING);
    expect(shifted.lon).toBeGreaterThan(BEIJING.lon);
    expect(shifted.lat).toBeGreaterThan(BEIJING.lat);
    const metres = distanceKm(BEIJING, shifted) * 1000;
    expect(metres).toBeGreaterThan(300);
    expect(metres).toBeLessThan(800);
  });

  it('leaves points outside the mainland bounds unchanged', () => {
    const outside = [
      { lon: 140, lat: 35 }, // Japan
      { lon: -0.1276, lat: 51.5072 }, // London
      { lon: 116.4, lat: 60 },
      { lon: MAINLAND_BOUNDS.minLon - 1e-6, lat: 40 },
      { lon: MAINLAND_BOUNDS.maxLon + 1e-6, lat: 40 },
      { lon: 110, lat: MAINLAND_BOUNDS.minLat - 1e-6 },
      { lon: 110, lat: MAINLAND_BOUNDS.maxLat + 1e-6 },
    ];
    for (const point of outside) {
      expect(isInMainland(point), JSON.stringify(point)).toBe(false);
      expect(wgs84ToGcj02(point), JSON.stringify(point)).toEqual(point);
    }
  });

  it('treats the bounds themselves as inside (SPEC §5: lon 72.004-137.8347, lat 0.8293-55.8271) and corrects them', () => {
    expect(MAINLAND_BOUNDS).toEqual({ minLon: 72.004, maxLon: 137.8347, minLat: 0.8293, maxLat: 55.8271 });
    const onEdge = [
      { lon: MAINLAND_BOUNDS.minLon, lat: 40 },
      { lon: MAINLAND_BOUNDS.maxLon, lat: 40 },
      { lon: 110, lat: MAINLAND_BOUNDS.minLat },
      { lon: 110, lat: MAINLAND_BOUNDS.maxLat },
    ];
    for (const point of onEdge) {
      expect(isInMainland(point), JSON.stringify(point)).toBe(true);
      const corrected = wgs84ToGcj02(point);
      expect(corrected, JSON.stringify(point)).not.toEqual(point);
      expect(distanceKm(point, corrected)).toBeLessThan(2);
    }
  });

  it('does not change its argument', () => {
    const point = { ...BEIJING };
    wgs84ToGcj02(point);
    expect(point).toEqual(BEIJING);
    const outside = { lon: 140, lat: 35 };
    expect(wgs84ToGcj02(outside)).not.toBe(outside);
  });
});
