import { z } from 'zod';
import { MAINLAND_BOUNDS } from '../constants';

/** Who answered a map call: the shipped region table, or Tianditu (the national maps service). */
export const MAP_SOURCES = ['offline', 'tianditu'] as const;
export type MapSource = (typeof MAP_SOURCES)[number];

/** Longest place-search keyword accepted (Tianditu's own limit is far above what anyone types). */
export const PLACE_KEYWORD_MAX = 50;

/**
 * One coordinate of a GCJ-02 point: a finite number inside SPEC §5's mainland bounds, the only place the correction
 * applies and where every place of this product lies. Form bodies send text, JSON bodies numbers; both are taken.
 */
const coordinateNumber = (min: number, max: number) =>
  z
    .number({ error: 'map.coordinatesInvalid' })
    .min(min, { error: 'map.coordinatesInvalid' })
    .max(max, { error: 'map.coordinatesInvalid' });
const toNumber = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value;
export const lngField = () =>
  z.preprocess(
    (value: number | string) => toNumber(value),
    coordinateNumber(MAINLAND_BOUNDS.minLon, MAINLAND_BOUNDS.maxLon),
  );
export const latField = () =>
  z.preprocess(
    (value: number | string) => toNumber(value),
    coordinateNumber(MAINLAND_BOUNDS.minLat, MAINLAND_BOUNDS.maxLat),
  );
/** An optional coordinate: absent, empty or null means none was given. */
const optionalLng = () =>
  z.preprocess(
    (value: number | string | undefined) => toNumber(value),
    coordinateNumber(MAINLAND_BOUNDS.minLon, MAINLAND_BOUNDS.maxLon).optional(),
  );
const optionalLat = () =>
  z.preprocess(
    (value: number | string | undefined) => toNumber(value),
    coordinateNumber(MAINLAND_BOUNDS.minLat, MAINLAND_BOUNDS.maxLat).optional(),
  );

/** A GCJ-02 point inside the mainland bounds. */
export const ZMapPoint = z.object({ lng: lngField(), lat: latField() });
export type TMapPoint = z.output<typeof ZMapPoint>;

/**
 * `map/place_search` (choose_location, the nearby page's place search): places matching a keyword; with a point
 * (both lng and lat, GCJ-02) nearest first within SPEC §9's radius.
 */
export const ZPlaceSearchRequest = z
  .object({
    keyword: z
      .string({ error: 'map.keywordRequired' })
      .trim()
      .min(1, { error: 'map.keywordRequired' })
      .max(PLACE_KEYWORD_MAX, { error: 'common.tooLong' }),
    lng: optionalLng(),
    lat: optionalLat(),
  })
  .refine((input) => (input.lng === undefined) === (input.lat === undefined), {
    path: ['lng'],
    error: 'map.coordinatesInvalid',
  });
export type TPlaceSearchRequest = z.input<typeof ZPlaceSearchRequest>;

/**
 * A place of SPEC §3's place search (Tianditu's poi): name, address, phone, poiType, lonlat, hotPointID and the
 * distance text. Coordinates are GCJ-02 whatever the provider uses (`lonlat` is "lng,lat", as Tianditu writes it),
 * and are given as numbers too; the region names are filled when the provider knows them.
 */
export const ZPlace = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Tianditu's poi type ("101" a place, "102" a bus stop); the offline table says province, city or district. */
  poiType: z.string(),
  lonlat: z.string(),
  /** The provider's id of the place (the offline table's region code). */
  hotPointID: z.string(),
  /** The distance from the point asked about as the provider writes it ("850m", "1.2km"); empty without a point. */
  distance: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** Metres from the point asked about (great circle, SPEC §9's Earth radius); null without a point. */
  distanceM: z.number().nullable(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
});
export type TPlace = z.infer<typeof ZPlace>;

/** SPEC §3 place search: the places, the provider's status (infocode, cndesc) and the count it reports. */
export const ZPlaceSearchResult = z.object({
  keyWord: z.string(),
  count: z.number(),
  pois: z.array(ZPlace),
  status: z.object({ infocode: z.number(), cndesc: z.string() }),
  source: z.enum(MAP_SOURCES),
});
export type TPlaceSearchResult = z.infer<typeof ZPlaceSearchResult>;

/** `map/reverse_geocode`: what is at a GCJ-02 point. */
export const ZReverseGeocodeRequest = ZMapPoint;
export type TReverseGeocodeRequest = z.input<typeof ZReverseGeocodeRequest>;

/**
 * SPEC §3 geocode (Tianditu's reverse geocoder): formatted_address, location (GCJ-02) and addressComponent with the
 * nearest address, town, nation, city, county, province, road and poi, their codes (GB/T 2260, 6 digits) and their
 * distances in metres (null when the provider gives none).
 */
export const ZGeocode = z.object({
  formatted_address: z.string(),
  location: z.object({ lon: z.number(), lat: z.number() }),
  addressComponent: z.object({
    address: z.string(),
    town: z.string(),
    nation: z.string(),
    city: z.string(),
    county: z.string(),
    province: z.string(),
    road: z.string(),
    poi: z.string(),
    province_code: z.string(),
    city_code: z.string(),
    county_code: z.string(),
    town_code: z.string(),
    address_distance: z.number().nullable(),
    road_distance: z.number().nullable(),
    poi_distance: z.number().nullable(),
    address_position: z.string(),
    poi_position: z.string(),
  }),
  source: z.enum(MAP_SOURCES),
});
export type TGeocode = z.infer<typeof ZGeocode>;
