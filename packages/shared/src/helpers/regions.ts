/**
 * China's administrative regions for the company business-address picker: province → city → district, each with a centre.
 *
 * Kept out of the package index and reached as `@metal/shared/regions`, because the table (about 130 KB, 50 KB gzipped)
 * should load only where the picker is shown, not in every bundle that imports the shared package.
 *
 * Codes and names are the Ministry of Civil Affairs' 2023 GB/T 2260 list, so a stored code is the official one and
 * development zones or "市辖区" rows never appear. The exceptions are districts the ministry gives no code for (三沙市's
 * 西沙区, 南沙区) or leaves out (Hong Kong's, Macau's): their codes are AutoNavi's. Centres are AutoNavi's seats of
 * government in GCJ-02 (what Chinese map SDKs expect; see wgs84ToGcj02 in ./geo), to 4 decimals; the few units the
 * centre source lacks sit at their parent's (阿勒泰地区's 7 counties at its seat, 新星市 and 白杨市 at 新疆's).
 * scripts/build-regions.mjs rebuilds src/data/regions.json.
 *
 * Every path has exactly three levels so one cascading picker fits all of them. Where the official list skips a level,
 * the unit stands in for the missing level itself, with the same code and name:
 * - a municipality (北京市, 天津市, 上海市, 重庆市) is its own only city: 北京市 → 北京市 (110000) → 朝阳区; 重庆市's
 *   counties sit beside its districts rather than under a separate "县" entry;
 * - Hong Kong, Macau and Taiwan likewise (HK's 18 districts and Macau's 8 parishes below them; Taiwan has none, so it
 *   repeats once more: 台湾省 → 台湾省 → 台湾省);
 * - a county-level unit under a province directly (济源市, 仙桃市, 五指山市, 石河子市 …) is its own city and only district:
 *   湖北省 → 仙桃市 (429004) → 仙桃市 (429004);
 * - a city without districts (东莞市, 中山市, 儋州市, 嘉峪关市) is its own only district.
 */
import regionsData from '../data/regions.json';

export type Region = { code: string; name: string; lng: number; lat: number };
export type RegionPath = { province: Region; city: Region; district: Region };

type RawDistrict = [code: string, name: string, lng?: number, lat?: number];
type RawCity = [code: string, name: string, lng: number, lat: number, districts: RawDistrict[]];
type RawProvince = [code: string, name: string, lng: number, lat: number, cities: RawCity[]];

interface CityNode {
  region: Region;
  province: ProvinceNode;
  districts: Region[];
  districtByName: Map<string, Region>;
}

interface ProvinceNode {
  region: Region;
  cities: CityNode[];
  cityByName: Map<string, CityNode>;
}

interface Index {
  provinces: ProvinceNode[];
  provinceByCode: Map<string, ProvinceNode>;
  provinceByName: Map<string, ProvinceNode>;
  cityByCode: Map<string, CityNode>;
  districtByCode: Map<string, { district: Region; city: CityNode }>;
}

let cached: Index | undefined;

/** Built on first use so that merely importing the module costs nothing until the picker asks. */
function index(): Index {
  if (cached) return cached;
  const built: Index = {
    provinces: [],
    provinceByCode: new Map(),
    provinceByName: new Map(),
    cityByCode: new Map(),
    districtByCode: new Map(),
  };
  for (const [pCode, pName, pLng, pLat, rawCities] of regionsData as unknown as RawProvince[]) {
    const province: ProvinceNode = {
      region: { code: pCode, name: pName, lng: pLng, lat: pLat },
      cities: [],
      cityByName: new Map(),
    };
    for (const [cCode, cName, cLng, cLat, rawDistricts] of rawCities) {
      const city: CityNode = {
        region: { code: cCode, name: cName, lng: cLng, lat: cLat },
        province,
        districts: [],
        districtByName: new Map(),
      };
      for (const [dCode, dName, dLng, dLat] of rawDistricts) {
        // A district without a centre of its own (a unit standing in for itself, or one the source has no point for)
        // is placed at its city's, the nearest centre known.
        const district = { code: dCode, name: dName, lng: dLng ?? cLng, lat: dLat ?? cLat };
        city.districts.push(district);
        city.districtByName.set(dName, district);
        built.districtByCode.set(dCode, { district, city });
      }
      province.cities.push(city);
      province.cityByName.set(cName, city);
      built.cityByCode.set(cCode, city);
    }
    built.provinces.push(province);
    built.provinceByCode.set(pCode, province);
    built.provinceByName.set(pName, province);
  }
  cached = built;
  return built;
}

/** Callers get copies, so nothing they do to a result can change what the next caller sees. */
const copy = (r: Region): Region => ({ ...r });

export function provinces(): Region[] {
  return index().provinces.map((p) => copy(p.region));
}

/** Empty for an unknown code, so a picker fed a stale or mistyped code simply shows no choices. */
export function citiesOf(provinceCode: string): Region[] {
  const province = index().provinceByCode.get(provinceCode);
  return province ? province.cities.map((c) => copy(c.region)) : [];
}

/** Takes the city's code as citiesOf gives it, which for a municipality is the municipality's own (110000 for 北京市). */
export function districtsOf(cityCode: string): Region[] {
  return index().cityByCode.get(cityCode)?.districts.map(copy) ?? [];
}

/**
 * Names must match exactly, as the picker writes them: a stored address comes back from its three names, and a loose
 * match ("广东" for "广东省") could land on a different region.
 */
export function findRegionPath(provinceName: string, cityName: string, districtName: string): RegionPath | null {
  const province = index().provinceByName.get(provinceName);
  const city = province?.cityByName.get(cityName);
  const district = city?.districtByName.get(districtName);
  if (!province || !city || !district) return null;
  return { province: copy(province.region), city: copy(city.region), district: copy(district) };
}

/**
 * Where to centre a map for a partly filled or stale address. Codes not in the table are ignored, so a since-renumbered
 * district still shows its city; a known code that contradicts a known broader one (a city outside the given province)
 * is ignored too, since the broader choice is the one the user is more likely to have got right. Null when no code is
 * known.
 */
export function regionCentre(
  provinceCode?: string,
  cityCode?: string,
  districtCode?: string,
): Pick<Region, 'lng' | 'lat'> | null {
  const { provinceByCode, cityByCode, districtByCode } = index();
  const province = provinceCode ? provinceByCode.get(provinceCode) : undefined;
  const city = cityCode ? cityByCode.get(cityCode) : undefined;
  const district = districtCode ? districtByCode.get(districtCode) : undefined;
  const centre = (r: Region) => ({ lng: r.lng, lat: r.lat });
  const fitsProvince = (c: CityNode) => !province || c.province === province;
  if (district && fitsProvince(district.city) && (!city || district.city === city)) return centre(district.district);
  if (city && fitsProvince(city)) return centre(city.region);
  if (province) return centre(province.region);
  return null;
}

/** For validating a submitted address server-side or in a form, where only the names travel. */
export function isValidRegionPath(province: string, city: string, district: string): boolean {
  return findRegionPath(province, city, district) !== null;
}
