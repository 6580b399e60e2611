import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, MAINLAND_BOUNDS } from '../constants';
import { boundingBox, distanceKm, formatDistanceKm, gcj02ToWgs84, isInMainland, wgs84ToGcj02 } from './geo';

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

describe('gcj02ToWgs84', () => {
  it('undoes wgs84ToGcj02 to well under a millimetre across the mainland', () => {
    const points = [
      BEIJING,
      SHANGHAI,
      { lon: 113.1433, lat: 23.0494 }, // Foshan
      { lon: 87.6168, lat: 43.8256 }, // Urumqi
      { lon: 126.6425, lat: 45.7567 }, // Harbin
      { lon: 109.5119, lat: 18.2528 }, // Sanya
      { lon: 91.1409, lat: 29.6456 }, // Lhasa
    ];
    for (const gps of points) {
      const back = gcj02ToWgs84(wgs84ToGcj02(gps));
      expect(distanceKm(back, gps) * 1e6, JSON.stringify(gps)).toBeLessThan(1); // millimetres
    }
  });

  it('matches the published reference conversion backwards', () => {
    const gps = gcj02ToWgs84({ lon: 116.41024449916938, lat: 39.91640428150164 });
    expect(gps.lon).toBeCloseTo(116.404, 8);
    expect(gps.lat).toBeCloseTo(39.915, 8);
  });

  it('moves a point the other way from the forward correction', () => {
    const gps = gcj02ToWgs84(BEIJING);
    expect(gps.lon).toBeLessThan(BEIJING.lon);
    expect(gps.lat).toBeLessThan(BEIJING.lat);
  });

  it('leaves points outside the mainland bounds unchanged, as copies', () => {
    const outside = { lon: 140, lat: 35 };
    expect(gcj02ToWgs84(outside)).toEqual(outside);
    expect(gcj02ToWgs84(outside)).not.toBe(outside);
  });
});

describe('boundingBox', () => {
  it('holds every point of the circle and reaches exactly its edge', () => {
    for (const centre of [SHANGHAI, { lon: 87.6168, lat: 43.8256 }, { lon: 109.5119, lat: 18.2528 }]) {
      for (const radiusKm of [5, 10, 50, 200]) {
        const box = boundingBox(centre, radiusKm);
        // North, south: on the meridian. East, west: the circle's widest longitude.
        expect(distanceKm(centre, { lon: centre.lon, lat: box.maxLat })).toBeCloseTo(radiusKm, 6);
        expect(distanceKm(centre, { lon: centre.lon, lat: box.minLat })).toBeCloseTo(radiusKm, 6);
        const widest =
          (Math.asin(Math.sin(centre.lat * (Math.PI / 180)) / Math.cos(radiusKm / EARTH_RADIUS_KM)) * 180) / Math.PI;
        expect(distanceKm(centre, { lon: box.maxLon, lat: widest })).toBeCloseTo(radiusKm, 6);
        expect(distanceKm(centre, { lon: box.minLon, lat: widest })).toBeCloseTo(radiusKm, 6);
        // Points all round the circle, just inside it, are inside the box.
        for (let bearing = 0; bearing < 360; bearing += 7.5) {
          const point = destination(centre, radiusKm * 0.999999, bearing);
          expect(point.lat, `${radiusKm} km at ${bearing}°`).toBeGreaterThanOrEqual(box.minLat);
          expect(point.lat).toBeLessThanOrEqual(box.maxLat);
          expect(point.lon).toBeGreaterThanOrEqual(box.minLon);
          expect(point.lon).toBeLessThanOrEqual(box.maxLon);
        }
      }
    }
  });

  it('spans every longitude when the circle reaches a pole', () => {
    expect(boundingBox({ lon: 10, lat: 89.99 }, 50)).toMatchObject({ minLon: -180, maxLon: 180, maxLat: 90 });
  });
});

/** The point `km` away from `from` on the initial bearing `degrees` (great circle, SPEC's Earth radius). */
function destination(from: { lon: number; lat: number }, km: number, degrees: number) {
  const rad = Math.PI / 180;
  const angular = km / EARTH_RADIUS_KM;
  const bearing = degrees * rad;
  const lat1 = from.lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lon2 =
    from.lon * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lon: lon2 / rad, lat: lat2 / rad };
}

describe('formatDistanceKm', () => {
  it('shows metres under a kilometre, one decimal under ten, whole kilometres beyond', () => {
    expect(formatDistanceKm(0)).toBe('0 m');
    expect(formatDistanceKm(0.85)).toBe('850 m');
    expect(formatDistanceKm(0.9994)).toBe('999 m');
    expect(formatDistanceKm(0.9996)).toBe('1.0 km');
    expect(formatDistanceKm(1.23)).toBe('1.2 km');
    expect(formatDistanceKm(9.94)).toBe('9.9 km');
    expect(formatDistanceKm(9.96)).toBe('10 km');
    expect(formatDistanceKm(165.4)).toBe('165 km');
  });
});
