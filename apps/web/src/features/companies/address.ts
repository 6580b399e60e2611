import { distanceKm, type TCompanyInfo, ZSaveAddressRequest } from '@metal/shared';
import type { Region } from '@metal/shared/regions';
import type { AddressInput } from './api';

/** `@metal/shared/regions`, loaded on demand (see useRegions). */
export type RegionTable = typeof import('@metal/shared/regions');

/**
 * The map point of a business address. `null` stands for the district's centre, which the server
 * stores when no point is sent; 'located' came from the browser just now, 'saved' is a non-centre
 * point saved earlier.
 */
export interface MapPoint {
  source: 'located' | 'saved';
  lng: number;
  lat: number;
  /** Metres, for a located point. */
  accuracy?: number;
}

/** What edit_manager_address holds while the user edits, handed to choose_address and back. */
export interface AddressDraft {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  point: MapPoint | null;
}

export interface RegionNames {
  province: Region;
  city: Region;
  district: Region;
}

/** The chosen province, city and district, or null until all three are chosen (and exist). */
export function chosenRegions(
  regions: RegionTable,
  draft: Pick<AddressDraft, 'provinceCode' | 'cityCode' | 'districtCode'>,
) {
  const province = regions.provinces().find((r) => r.code === draft.provinceCode);
  const city = province && regions.citiesOf(province.code).find((r) => r.code === draft.cityCode);
  const district = city && regions.districtsOf(city.code).find((r) => r.code === draft.districtCode);
  return province && city && district ? ({ province, city, district } satisfies RegionNames) : null;
}

/** Centres in the table have 4 decimals; a point that rounds to the district's is that centre. */
export function isAtCentre(point: { lng: number; lat: number }, centre: { lng: number; lat: number }): boolean {
  return Math.abs(point.lng - centre.lng) < 5e-5 && Math.abs(point.lat - centre.lat) < 5e-5;
}

/** The stored address as a draft: region codes looked up by name, the point kept unless it is the district's centre. */
export function draftFromAddress(regions: RegionTable, address: TCompanyInfo['manageAddress']): AddressDraft {
  const path = address.province ? regions.findRegionPath(address.province, address.city, address.district) : null;
  const stored = address.lng !== null && address.lat !== null ? { lng: address.lng, lat: address.lat } : null;
  return {
    provinceCode: path?.province.code ?? '',
    cityCode: path?.city.code ?? '',
    districtCode: path?.district.code ?? '',
    detail: address.detail,
    point: stored && !(path && isAtCentre(stored, path.district)) ? { source: 'saved', ...stored } : null,
  };
}

/** The save call's fields; without a point the server stores the district's centre. */
export function toAddressInput(names: RegionNames | null, draft: AddressDraft): AddressInput {
  return {
    province: names?.province.name ?? '',
    city: names?.city.name ?? '',
    district: names?.district.name ?? '',
    detail: draft.detail.trim(),
    ...(draft.point ? { lng: draft.point.lng, lat: draft.point.lat } : {}),
  };
}

/** Field → message key by the save call's own schema; the region's three fields report as 'region'. */
export function addressErrors(input: AddressInput): Record<string, string> {
  const parsed = ZSaveAddressRequest.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    const shown = ['province', 'city', 'district'].includes(field) ? 'region' : field === 'lat' ? 'lng' : field;
    errors[shown] ??= issue.message;
  }
  return errors;
}

/** The server's field errors on the same page's fields. */
export function addressServerErrors(errors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = ['province', 'city', 'district'].includes(field) ? 'region' : field === 'lat' ? 'lng' : field;
    shown[key] ??= message;
  }
  return shown;
}

/** A located point this far (km) from the chosen district's centre is probably not the business's site. */
export const FAR_FROM_CENTRE_KM = 50;

export function kmFromCentre(point: { lng: number; lat: number }, centre: { lng: number; lat: number }): number {
  return distanceKm({ lon: point.lng, lat: point.lat }, { lon: centre.lng, lat: centre.lat });
}

/** Kilometres as people read them: one decimal under 10, whole beyond. */
export const formatKm = (km: number) => (km < 10 ? km.toFixed(1) : String(Math.round(km)));

/** Coordinates to 4 decimals (about 10 m), as the region table keeps them. */
export const formatCoordinate = (value: number) => value.toFixed(4);

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/** The whole table as the cascading picker's options (built once per page, about 3,300 entries). */
export function regionOptions(regions: RegionTable): RegionOption[] {
  return regions.provinces().map((province) => ({
    label: province.name,
    value: province.code,
    children: regions.citiesOf(province.code).map((city) => ({
      label: city.name,
      value: city.code,
      children: regions.districtsOf(city.code).map((district) => ({ label: district.name, value: district.code })),
    })),
  }));
}
