import { isInMainland, type TPlace } from '@metal/shared';
import { Paths } from '../../lib/navigation';

/**
 * A place picked on choose_location, handed back to the page that opened it: SPEC §3's place (name, address,
 * lonlat…) with GCJ-02 `lng`/`lat` and, when known, its province, city and district.
 */
export type ChosenPlace = TPlace;

const PICK_PREFIX = 'metal.location.pick.';
const KEY_PATTERN = /^[a-z0-9_-]{1,40}$/i;

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`choose_location key must be 1-40 letters, digits, _ or -: ${key}`);
  return key;
}

/**
 * The path that opens choose_location for the caller named `key`; with `near`, places are searched around that
 * GCJ-02 point (nearest first).
 */
export function chooseLocationPath(key: string, near?: { lng: number; lat: number }): string {
  const query = new URLSearchParams({ key: checkKey(key) });
  if (near) {
    query.set('lng', String(near.lng));
    query.set('lat', String(near.lat));
  }
  return `${Paths.chooseLocation}?${query}`;
}

/** choose_location's side: keeps the picked place for the caller until it takes it. */
export function putChosenLocation(key: string, place: ChosenPlace): void {
  try {
    session()?.setItem(PICK_PREFIX + checkKey(key), JSON.stringify(place));
  } catch {
    // Private modes and full quotas: nothing is handed back, as if the user had cancelled.
  }
}

const isPlace = (value: unknown): value is ChosenPlace => {
  const place = value as Partial<ChosenPlace> | null;
  return (
    typeof place?.name === 'string' &&
    typeof place.lng === 'number' &&
    typeof place.lat === 'number' &&
    isInMainland({ lon: place.lng, lat: place.lat })
  );
};

/**
 * The caller's side: the place picked for `key` since it last asked, once (it is forgotten as it is taken). Null when
 * the user went back without picking (SPEC §8's 'chooseLocation:fail cancel') or the stored value is not a place.
 */
export function takeChosenLocation(key: string): ChosenPlace | null {
  const storage = session();
  const name = PICK_PREFIX + checkKey(key);
  const raw = storage?.getItem(name);
  if (!raw) return null;
  storage?.removeItem(name);
  try {
    const place: unknown = JSON.parse(raw);
    return isPlace(place) ? place : null;
  } catch {
    return null;
  }
}

/** The path of open_location for a GCJ-02 point with its name and address. */
export function openLocationPath(place: { lng: number; lat: number; name: string; address?: string }): string {
  const query = new URLSearchParams({
    lng: String(place.lng),
    lat: String(place.lat),
    name: place.name,
    address: place.address ?? '',
  });
  return `${Paths.openLocation}?${query}`;
}

/** Where the nearby page is looking around: located, a chosen city's centre or a searched place (GCJ-02). */
export interface NearbyPoint {
  lng: number;
  lat: number;
  source: 'located' | 'city' | 'place';
  /** The city or place name; empty for a located point (it is named by reverse geocoding). */
  name: string;
}

const POINT_KEY = 'metal.nearby.point';

/**
 * The nearby page's point lasts for the tab's session, so coming back from a company or a listing shows the same
 * list instead of locating again (the user can relocate from the location bar).
 */
export const nearbyPointStore = {
  read(): NearbyPoint | null {
    try {
      const raw = session()?.getItem(POINT_KEY);
      const point = raw ? (JSON.parse(raw) as Partial<NearbyPoint>) : null;
      if (
        typeof point?.lng !== 'number' ||
        typeof point.lat !== 'number' ||
        !isInMainland({ lon: point.lng, lat: point.lat }) ||
        !['located', 'city', 'place'].includes(point.source ?? '')
      ) {
        return null;
      }
      return { lng: point.lng, lat: point.lat, source: point.source!, name: String(point.name ?? '') };
    } catch {
      return null;
    }
  },
  write(point: NearbyPoint | null): void {
    try {
      if (point) session()?.setItem(POINT_KEY, JSON.stringify(point));
      else session()?.removeItem(POINT_KEY);
    } catch {
      // Without storage the point lives as long as the page.
    }
  },
};
