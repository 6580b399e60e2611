import {
  CodeFlag,
  gcj02ToWgs84,
  MAINLAND_BOUNDS,
  type TGeocode,
  type TPlace,
  type TPlaceSearchResult,
  wgs84ToGcj02,
} from '@metal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { type MapPoint, type Maps, metresBetween, PLACE_SEARCH_OK, type PlaceQuery } from './maps';

export interface TiandituOptions {
  /** The server key (服务端 key) from Tianditu's console. */
  key: string;
  /** https://api.tianditu.gov.cn */
  endpoint: string;
  /** SPEC §7: 60000 ms. */
  timeoutMs: number;
}

/** SPEC §7: the level sent with a place search. */
export const TIANDITU_SEARCH_LEVEL = 12;

interface TiandituPoi {
  name?: string;
  address?: string;
  phone?: string;
  poiType?: string | number;
  lonlat?: string;
  hotPointID?: string;
  distance?: string;
  province?: string;
  city?: string;
  county?: string;
}

/** Tianditu's search v2 answer (resultType 1 pois, 2 statistics by city, 3 an administrative area). */
interface SearchAnswer {
  resultType?: number;
  count?: number | string;
  keyWord?: string;
  pois?: TiandituPoi[];
  area?: { name?: string; lonlat?: string; adminCode?: string | number };
  statistics?: { priorityCitys?: { name?: string; lonlat?: string; count?: number; adminCode?: string | number }[] };
  status?: { infocode?: number | string; cndesc?: string };
}

interface GeocodeAnswer {
  status?: string | number;
  msg?: string;
  result?: {
    formatted_address?: string;
    location?: { lon?: number | string; lat?: number | string };
    addressComponent?: Record<string, string | number | undefined>;
  };
}

/** "116.39751,39.90854" (or space-separated, as older answers write it) → a point, or null when it is not one. */
function parseLonLat(text: string | undefined): { lon: number; lat: number } | null {
  const [lon, lat] = (text ?? '')
    .trim()
    .split(/[\s,]+/u)
    .map(Number);
  return Number.isFinite(lon) && Number.isFinite(lat) ? { lon: lon!, lat: lat! } : null;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const metresOrNull = (value: unknown) => {
  const number = typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);
  return value === undefined || value === null || !Number.isFinite(number) ? null : number;
};
/** Tianditu writes region codes with the country's 156 in front (156440605); the rest of the product uses 6 digits. */
const regionCode = (value: unknown) => {
  const code = text(value);
  return /^156\d{6}$/u.test(code) ? code.slice(3) : code;
};

/** Tianditu's keyWord takes neither ' nor & (its documentation); they carry no meaning in a place name anyway. */
const cleanKeyword = (keyword: string) => keyword.replace(/['&]/gu, ' ').trim();

/**
 * Tianditu (天地图), the national maps service, over its public web API: place search v2 (`/v2/search`, queryType 3
 * around a point with pointLonlat, queryRadius, level 12 and count; queryType 1 across the mainland without one) and
 * the reverse geocoder (`/geocoder`, type geocode). Tianditu works in CGCS2000, which is WGS-84 to within centimetres,
 * so points go out through gcj02ToWgs84 and come back through wgs84ToGcj02. Failures (an HTTP error, an infocode other
 * than 1000, a geocoder status other than 0, an unreadable answer) become AppErrors naming the status or Tianditu's
 * description (SPEC §8); an unreachable service or one slower than the time-out says so. The key travels in the query
 * string, as Tianditu requires, and is never logged.
 */
export class TiandituMaps implements Maps {
  readonly source = 'tianditu' as const;

  constructor(
    private readonly options: TiandituOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  private async get<T>(path: string, params: Record<string, string>, what: string): Promise<T> {
    const query = new URLSearchParams({ ...params, tk: this.options.key });
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${this.options.endpoint}${path}?${query}`, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      this.log.warn({ maps: { provider: 'tianditu', call: what }, err: error }, 'maps provider unreachable');
      throw new AppError(CodeFlag.serverFault, 'map.unreachable');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (!response.ok || parsed === undefined || parsed === null || typeof parsed !== 'object') {
      // A refused key answers 403 with {code, msg, resolve}; anything else without a readable body names its status.
      const refusal = (parsed ?? {}) as { code?: unknown; msg?: unknown };
      this.log.warn(
        { maps: { provider: 'tianditu', call: what, httpStatus: response.status, code: refusal.code } },
        'maps provider failed',
      );
      if (typeof refusal.msg === 'string' && refusal.msg) {
        throw new AppError(CodeFlag.serverFault, 'map.failed', {
          status: text(refusal.code ?? response.status),
          description: refusal.msg,
        });
      }
      throw new AppError(CodeFlag.serverFault, 'map.failedStatus', { status: response.status });
    }
    return parsed as T;
  }

  async placeSearch({ keyword, around, radiusM, count }: PlaceQuery): Promise<TPlaceSearchResult> {
    const keyWord = cleanKeyword(keyword);
    const gps = around ? gcj02ToWgs84({ lon: around.lng, lat: around.lat }) : null;
    const post = gps
      ? {
          keyWord,
          level: TIANDITU_SEARCH_LEVEL,
          queryRadius: radiusM,
          pointLonlat: `${gps.lon},${gps.lat}`,
          queryType: 3,
          start: 0,
          count,
        }
      : {
          keyWord,
          level: TIANDITU_SEARCH_LEVEL,
          mapBound: `${MAINLAND_BOUNDS.minLon},${MAINLAND_BOUNDS.minLat},${MAINLAND_BOUNDS.maxLon},${MAINLAND_BOUNDS.maxLat}`,
          queryType: 1,
          start: 0,
          count,
        };
    const answer = await this.get<SearchAnswer>(
      '/v2/search',
      { postStr: JSON.stringify(post), type: 'query' },
      'place search',
    );
    const infocode = Number(answer.status?.infocode);
    const cndesc = text(answer.status?.cndesc);
    if (infocode !== PLACE_SEARCH_OK.infocode) {
      this.log.warn({ maps: { provider: 'tianditu', call: 'place search', infocode, cndesc } }, 'maps provider failed');
      if (cndesc)
        throw new AppError(CodeFlag.serverFault, 'map.failed', { status: text(infocode), description: cndesc });
      throw new AppError(CodeFlag.serverFault, 'map.failedStatus', { status: text(answer.status?.infocode) });
    }
    const pois = this.placesOf(answer, around);
    return {
      keyWord: keyword,
      count: Number(answer.count) || pois.length,
      pois: pois.slice(0, count),
      status: { infocode, cndesc },
      source: this.source,
    };
  }

  /** The answer's places in GCJ-02: pois, an administrative area, or the cities a broad keyword was counted in. */
  private placesOf(answer: SearchAnswer, around: MapPoint | undefined): TPlace[] {
    const raw: TiandituPoi[] =
      answer.pois ??
      (answer.area
        ? [
            {
              name: answer.area.name,
              lonlat: answer.area.lonlat,
              hotPointID: text(answer.area.adminCode),
              poiType: 'area',
            },
          ]
        : (answer.statistics?.priorityCitys ?? []).map((city) => ({
            name: city.name,
            lonlat: city.lonlat,
            hotPointID: text(city.adminCode),
            poiType: 'city',
          })));
    const places: TPlace[] = [];
    for (const poi of raw) {
      const gps = parseLonLat(poi.lonlat);
      if (!gps) continue;
      const point = wgs84ToGcj02(gps);
      const lng = Math.round(point.lon * 1e6) / 1e6;
      const lat = Math.round(point.lat * 1e6) / 1e6;
      const distanceM = around ? metresBetween(around, { lng, lat }) : null;
      places.push({
        name: text(poi.name),
        address: text(poi.address),
        phone: text(poi.phone),
        poiType: text(poi.poiType),
        lonlat: `${lng},${lat}`,
        hotPointID: text(poi.hotPointID),
        distance: text(poi.distance),
        lng,
        lat,
        distanceM,
        province: text(poi.province),
        city: text(poi.city),
        district: text(poi.county),
      });
    }
    return places;
  }

  async reverseGeocode(point: MapPoint): Promise<TGeocode> {
    const gps = gcj02ToWgs84({ lon: point.lng, lat: point.lat });
    // Tianditu's documented spelling of postStr: single-quoted keys.
    const postStr = `{'lon':${gps.lon},'lat':${gps.lat},'ver':1}`;
    const answer = await this.get<GeocodeAnswer>('/geocoder', { postStr, type: 'geocode' }, 'reverse geocode');
    if (text(answer.status) !== '0' || !answer.result) {
      const status = text(answer.status);
      const description = text(answer.msg);
      this.log.warn(
        { maps: { provider: 'tianditu', call: 'reverse geocode', status, description } },
        'maps provider failed',
      );
      if (description) throw new AppError(CodeFlag.serverFault, 'map.failed', { status, description });
      throw new AppError(CodeFlag.serverFault, 'map.failedStatus', { status });
    }
    const { result } = answer;
    const component = result.addressComponent ?? {};
    const located = parseLonLat(`${text(result.location?.lon)},${text(result.location?.lat)}`);
    const location = located ? wgs84ToGcj02(located) : { lon: point.lng, lat: point.lat };
    // The documentation spells the distances "…_distince"; answers spell them "…_distance". Either is read.
    const distance = (name: string) => metresOrNull(component[`${name}_distance`] ?? component[`${name}_distince`]);
    return {
      formatted_address: text(result.formatted_address),
      location: { lon: Math.round(location.lon * 1e6) / 1e6, lat: Math.round(location.lat * 1e6) / 1e6 },
      addressComponent: {
        address: text(component.address),
        town: text(component.town),
        nation: text(component.nation),
        city: text(component.city),
        county: text(component.county),
        province: text(component.province),
        road: text(component.road),
        poi: text(component.poi),
        province_code: regionCode(component.province_code),
        city_code: regionCode(component.city_code),
        county_code: regionCode(component.county_code),
        town_code: regionCode(component.town_code),
        address_distance: distance('address'),
        road_distance: distance('road'),
        poi_distance: distance('poi'),
        address_position: text(component.address_position),
        poi_position: text(component.poi_position),
      },
      source: this.source,
    };
  }
}
