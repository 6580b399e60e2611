import { z } from 'zod';
import { BUSINESS_MODELS, PLACE_SEARCH_RADIUS_M } from '../constants';
import { latField, lngField } from '../maps/schemas';
import { formInt } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { ZStockSummary } from '../stocks/schemas';

/**
 * Radii (km) the nearby page offers. The first is SPEC §9's search radius of 5000 m; the wider ones are for
 * places where the nearest trader is a town or a province away.
 */
export const NEARBY_RADII_KM = [PLACE_SEARCH_RADIUS_M / 1000, 10, 50, 200] as const;
export type NearbyRadiusKm = (typeof NEARBY_RADII_KM)[number];
export const NEARBY_DEFAULT_RADIUS_KM: NearbyRadiusKm = NEARBY_RADII_KM[0];

/**
 * `nearby/companies` and `nearby/stock`: around a GCJ-02 point inside the mainland bounds (the web app corrects the
 * browser's WGS-84 position before asking), within one of NEARBY_RADII_KM, nearest first, page by page.
 */
export const ZNearbyRequest = ZPageRequest.extend({
  lng: lngField(),
  lat: latField(),
  radiusKm: z.preprocess(
    (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
    formInt('nearby.radiusInvalid')
      .refine((value) => (NEARBY_RADII_KM as readonly number[]).includes(value), { error: 'nearby.radiusInvalid' })
      .optional(),
  ),
});
export type TNearbyRequest = z.input<typeof ZNearbyRequest>;

const ZProductName = z.object({ id: z.number(), sortName: z.string() });

/** A company on the nearby page: where it is, how far, what it sells, and whether its shop is open. */
export const ZNearbyCompany = z.object({
  rootId: z.number(),
  name: z.string(),
  businessModel: z.enum(BUSINESS_MODELS),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  addressDetail: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** Great-circle kilometres from the point asked about (SPEC §9's Earth radius), to the metre. */
  distanceKm: z.number(),
  sellProducts: z.array(ZProductName),
  shopOpen: z.boolean(),
  /** A certified supplier (paid membership) now. */
  certified: z.boolean(),
  /** The caller's own company. */
  mine: z.boolean(),
  isDemo: z.boolean(),
});
export type TNearbyCompany = z.infer<typeof ZNearbyCompany>;

const nearbyPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
    /** The radius the answer used (the default when none was asked for). */
    radiusKm: z.number(),
  });

export const ZNearbyCompaniesPage = nearbyPage(ZNearbyCompany);
export type TNearbyCompaniesPage = z.infer<typeof ZNearbyCompaniesPage>;

/** For-sale stock around the point; each summary's distanceKm is from that point. */
export const ZNearbyStockPage = nearbyPage(ZStockSummary);
export type TNearbyStockPage = z.infer<typeof ZNearbyStockPage>;
