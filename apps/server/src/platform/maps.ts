import {
  CodeFlag,
  distanceKm,
  type MapSource,
  type TGeocode,
  type TPlace,
  type TPlaceSearchResult,
} from '@metal/shared';
import { citiesOf, districtsOf, provinces, type Region } from '@metal/shared/regions';
import { AppError } from './errors';

/** A GCJ-02 point, as the app's calls and stored addresses carry them. */
export interface MapPoint {
  lng: number;
  lat: number;
}

export interface PlaceQuery {
  keyword: string;
  /** Search around this point, nearest first; without it, everywhere. */
  around?: MapPoint;
  /** SPEC §9: 5000 m. */
  radiusM: number;
  /** SPEC §9: 10. */
  count: number;
}

/**
 * The maps service behind `map/*` (SPEC §7: place search and reverse geocode from a national maps service). Every
 * point in and out is GCJ-02, whatever the provider uses inside. A provider failure is an AppError whose message says
 * the maps API failed, with the provider's status or description (SPEC §8).
 */
export interface Maps {
  readonly source: MapSource;
  placeSearch(query: PlaceQuery): Promise<TPlaceSearchResult>;
  reverseGeocode(point: MapPoint): Promise<TGeocode>;
}

/** SPEC §3's status of a search that went well (Tianditu's infocode and words for it). */
export const PLACE_SEARCH_OK = { infocode: 1000, cndesc: '服务正常' } as const;

/** Distance text as Tianditu writes it: whole metres under a kilometre ("850m"), else kilometres ("1.2km"). */
export function providerDistanceText(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)}m` : `${Math.round(metres / 100) / 10}km`;
}

export const metresBetween = (a: MapPoint, b: MapPoint) =>
  Math.round(distanceKm({ lon: a.lng, lat: a.lat }, { lon: b.lng, lat: b.lat }) * 1000);

type Level = 'province' | 'city' | 'district';

/** One searchable unit of the region table, with the path down to it. */
interface RegionEntry {
  level: Level;
  region: Region;
  /** Its ancestors' names then its own, outermost first, as the table spells them (stand-ins left out). */
  chain: { name: string; short: string }[];
  short: string;
  address: string;
  /** Region names down to this unit for a stored address (province, city, district); a stand-in repeats its parent. */
  path: { province: string; city: string; district: string };
  /** The table's order, so equal matches come out as the table lists them. */
  order: number;
}

/**
 * Ethnic groups named in autonomous regions, prefectures, counties and banners, so that "恩施土家族苗族自治州" is also
 * found as 恩施 and "新疆维吾尔自治区" as 新疆.
 */
const ETHNIC_GROUPS = [
  '维吾尔',
  '哈萨克',
  '柯尔克孜',
  '塔吉克',
  '乌孜别克',
  '蒙古',
  '达斡尔',
  '鄂温克',
  '鄂伦春',
  '朝鲜',
  '土家',
  '布依',
  '哈尼',
  '傈僳',
  '拉祜',
  '纳西',
  '景颇',
  '仫佬',
  '毛南',
  '仡佬',
  '撒拉',
  '东乡',
  '保安',
  '裕固',
  '锡伯',
  '普米',
  '独龙',
  '阿昌',
  '德昂',
  '各族',
  '回',
  '藏',
  '苗',
  '彝',
  '壮',
  '满',
  '侗',
  '瑶',
  '白',
  '傣',
  '黎',
  '佤',
  '畲',
  '水',
  '土',
  '羌',
];
const ETHNIC_TAIL = new RegExp(`(?:${ETHNIC_GROUPS.join('|')})族?$`, 'u');
const AUTONOMOUS_TAIL = /自治(?:区|州|县|旗)$/u;
/** Longest first, so 特别行政区 goes before 区. */
const PLAIN_SUFFIXES = ['特别行政区', '地区', '林区', '新区', '省', '市', '区', '县', '盟', '旗'];

/**
 * A unit's name as people say it: "广东" for 广东省, "佛山" for 佛山市, "南海" for 南海区, "恩施" for
 * 恩施土家族苗族自治州. A name is never cut below two characters ("和县" and Hong Kong's "东区" stay whole).
 */
export function shortRegionName(name: string): string {
  if (AUTONOMOUS_TAIL.test(name)) {
    let short = name.replace(AUTONOMOUS_TAIL, '');
    for (let match = short.match(ETHNIC_TAIL); match; match = short.match(ETHNIC_TAIL)) {
      const cut = short.slice(0, short.length - match[0].length);
      if ([...cut].length < 2) break;
      short = cut;
    }
    return [...short].length >= 2 ? short : name;
  }
  for (const suffix of PLAIN_SUFFIXES) {
    if (name.endsWith(suffix) && [...name].length - [...suffix].length >= 2) return name.slice(0, -suffix.length);
  }
  return name;
}

let entriesCache: RegionEntry[] | undefined;

/**
 * Every unit of the region table once: a unit that stands in for a missing level (北京市 as its own city, 仙桃市 as its
 * own district) is one entry, the higher one, whose path fills the level it stands in for.
 */
function regionEntries(): RegionEntry[] {
  if (entriesCache) return entriesCache;
  const entries: RegionEntry[] = [];
  const link = (region: Region) => ({ name: region.name, short: shortRegionName(region.name) });
  const add = (level: Level, region: Region, chain: RegionEntry['chain'], path: RegionEntry['path']) => {
    const entry = {
      level,
      region,
      chain,
      short: shortRegionName(region.name),
      address: chain.map((c) => c.name).join(''),
      path,
      order: entries.length,
    };
    entries.push(entry);
    return entry;
  };
  for (const province of provinces()) {
    const provinceEntry = add('province', province, [link(province)], {
      province: province.name,
      city: '',
      district: '',
    });
    for (const city of citiesOf(province.code)) {
      const cityStandsIn = city.code === province.code;
      const cityChain = cityStandsIn ? provinceEntry.chain : [...provinceEntry.chain, link(city)];
      const cityEntry = cityStandsIn
        ? provinceEntry
        : add('city', city, cityChain, { province: province.name, city: city.name, district: '' });
      if (cityStandsIn) provinceEntry.path.city = city.name;
      for (const district of districtsOf(city.code)) {
        if (district.code === city.code) {
          cityEntry.path.district = district.name;
          continue;
        }
        add('district', district, [...cityChain, link(district)], {
          province: province.name,
          city: city.name,
          district: district.name,
        });
      }
    }
  }
  entriesCache = entries;
  return entries;
}

/**
 * Whether `text` spells the entry's path: some of its ancestors then itself, in order, each by its full or short name
 * ("佛山市南海区", "佛山南海", "广东佛山南海区"). Returns how many characters of `text`'s start it used, or 0.
 */
function pathPrefixLength(text: string, chain: RegionEntry['chain']): number {
  const own = chain.at(-1);
  if (!own) return 0;
  const ancestors = chain.slice(0, -1);
  let best = 0;
  const walk = (offset: number, from: number) => {
    for (const name of new Set([own.name, own.short])) {
      if (text.startsWith(name, offset)) best = Math.max(best, offset + name.length);
    }
    for (let i = from; i < ancestors.length; i++) {
      for (const name of new Set([ancestors[i]!.name, ancestors[i]!.short])) {
        if (text.startsWith(name, offset)) walk(offset + name.length, i + 1);
      }
    }
  };
  walk(0, 0);
  return best;
}

/**
 * How well a keyword names an entry, 0 for not at all:
 * 5 its name or short name exactly; 4 a path to it exactly ("佛山南海"); 3 a path to it followed by more, as a full
 * street address is ("佛山市南海区大沥镇1号"), a longer path counting for more (a fraction above 3); 2 the start of its
 * name ("佛" for 佛山市); 1 inside its name.
 */
function matchScore(keyword: string, entry: RegionEntry): number {
  const { name } = entry.region;
  if (keyword === name || keyword === entry.short) return 5;
  const used = pathPrefixLength(keyword, entry.chain);
  if (used === keyword.length) return 4;
  if (used >= 2) return 3 + used / 1000;
  if (name.startsWith(keyword)) return 2;
  if (name.includes(keyword)) return 1;
  return 0;
}

const normalizeKeyword = (keyword: string) => keyword.normalize('NFKC').replace(/\s+/gu, '');

/** The farthest a point may be from the nearest district centre and still be said to lie in that district (km). */
export const OFFLINE_GEOCODE_MAX_KM = 300;

/**
 * Maps without the outside world, from the shipped region table (province, city and district with their GCJ-02
 * centres). Place search finds regions by name (full or short, or a path of names), best match first and, with a point,
 * nearest first among equal matches; the radius does not narrow it, as a region's centre is rarely within 5 km of
 * anyone. Reverse geocode names the district whose centre is nearest.
 */
export class OfflineMaps implements Maps {
  readonly source = 'offline' as const;

  async placeSearch({ keyword, around, count }: PlaceQuery): Promise<TPlaceSearchResult> {
    const wanted = normalizeKeyword(keyword);
    const matches = wanted
      ? regionEntries()
          .map((entry) => ({
            entry,
            score: matchScore(wanted, entry),
            metres: around ? metresBetween(around, entry.region) : null,
          }))
          .filter((match) => match.score > 0)
      : [];
    matches.sort(
      (a, b) =>
        b.score - a.score ||
        (a.metres !== null && b.metres !== null ? a.metres - b.metres : 0) ||
        a.entry.order - b.entry.order,
    );
    // A path match ("佛山南海", a street address) is about one place; lesser matches would only bury it.
    const best = matches[0]?.score ?? 0;
    const shown = best >= 3 ? matches.filter((m) => m.score >= 3) : matches;
    return {
      keyWord: keyword,
      count: shown.length,
      pois: shown.slice(0, count).map(({ entry, metres }): TPlace => {
        const { lng, lat, code, name } = entry.region;
        return {
          name,
          address: entry.address,
          phone: '',
          poiType: entry.level,
          lonlat: `${lng},${lat}`,
          hotPointID: code,
          distance: metres === null ? '' : providerDistanceText(metres),
          lng,
          lat,
          distanceM: metres,
          ...entry.path,
        };
      }),
      status: { ...PLACE_SEARCH_OK },
      source: this.source,
    };
  }

  async reverseGeocode(point: MapPoint): Promise<TGeocode> {
    let nearest: { province: Region; city: Region; district: Region; metres: number } | undefined;
    for (const province of provinces()) {
      for (const city of citiesOf(province.code)) {
        for (const district of districtsOf(city.code)) {
          const metres = metresBetween(point, district);
          if (!nearest || metres < nearest.metres) nearest = { province, city, district, metres };
        }
      }
    }
    if (!nearest || nearest.metres > OFFLINE_GEOCODE_MAX_KM * 1000) {
      throw new AppError(CodeFlag.notFound, 'map.noPlace');
    }
    const { province, city, district } = nearest;
    const names = [province.name, city.name, district.name].filter((name, i, all) => name !== all[i - 1]);
    return {
      formatted_address: names.join(''),
      location: { lon: point.lng, lat: point.lat },
      addressComponent: {
        address: '',
        town: '',
        nation: '中国',
        city: city.name,
        county: district.name,
        province: province.name,
        road: '',
        poi: '',
        province_code: province.code,
        city_code: city.code,
        county_code: district.code,
        town_code: '',
        address_distance: null,
        road_distance: null,
        poi_distance: null,
        address_position: '',
        poi_position: '',
      },
      source: this.source,
    };
  }
}
