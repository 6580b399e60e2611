/**
 * A place as people write it: a municipality's city (北京市 → 北京市) once, empty parts left out. Apart
 * from the picker rows so that lists can show places without loading the pickers.
 */
export function placeLine(
  place: { province: string; city: string; district?: string },
  /** How a region name shows (useRegionName's, for an English reader); as stored when not given. */
  regionName: (name: string) => string = (name) => name,
): string {
  return [place.province, place.city === place.province ? '' : place.city, place.district ?? '']
    .filter(Boolean)
    .map(regionName)
    .join(' ');
}
