import type { TDispatchArea } from '@metal/shared';

/** A service area as one line: the province, and the city and district when the area is narrower. */
export const areaText = (area: TDispatchArea, regionName: (name: string) => string) =>
  [area.province, area.city, area.district].filter(Boolean).map(regionName).join(' ');
