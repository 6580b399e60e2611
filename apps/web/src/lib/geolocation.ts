import { isInMainland, wgs84ToGcj02 } from '@metal/shared';

/** A located point as Chinese maps and stored addresses use it (GCJ-02), with the device's accuracy in metres. */
export interface LocatedPoint {
  lng: number;
  lat: number;
  accuracy: number;
}

export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'outsideMainland';

/** Why the device could not give a position, for the message the user sees (SPEC §8 'Failed to get location'). */
export class LocateError extends Error {
  constructor(readonly reason: LocateFailure) {
    super(`location failed: ${reason}`);
    this.name = 'LocateError';
  }
}

/** How long to wait for a position, and how old a cached one may be. */
const LOCATE_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

/** Six decimals (about 0.1 m) is all a located point can honestly carry. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function failureOf(error: GeolocationPositionError): LocateFailure {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

/**
 * The device's position: browsers answer WGS-84, corrected here to GCJ-02 with the shared helper.
 * Points outside the mainland are refused (the product's places are all inside it, and the
 * correction applies only there). Rejects with a LocateError naming the reason.
 */
export function currentPoint(): Promise<LocatedPoint> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new LocateError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const gps = { lon: coords.longitude, lat: coords.latitude };
        if (!isInMainland(gps)) {
          reject(new LocateError('outsideMainland'));
          return;
        }
        const point = wgs84ToGcj02(gps);
        resolve({ lng: round6(point.lon), lat: round6(point.lat), accuracy: coords.accuracy });
      },
      (error) => reject(new LocateError(failureOf(error))),
      LOCATE_OPTIONS,
    );
  });
}
