import {
  Calls,
  CodeFlag,
  type Language,
  type NearbyRadiusKm,
  PAGE_SIZE_DEFAULT,
  type TNearbyCompaniesPage,
  type TNearbyStockPage,
} from '@metal/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export interface LngLat {
  lng: number;
  lat: number;
}

/** Answers differ by point, radius, language (names) and caller (a company marked as one's own). */
export const nearbyKeys = {
  all: ['nearby'] as const,
  companies: (point: LngLat, radiusKm: number, lang: Language, viewerId: number) =>
    [...nearbyKeys.all, 'companies', point.lng, point.lat, radiusKm, lang, viewerId] as const,
  stock: (point: LngLat, radiusKm: number, lang: Language) =>
    [...nearbyKeys.all, 'stock', point.lng, point.lat, radiusKm, lang] as const,
  places: (keyword: string, near: LngLat | null) =>
    [...nearbyKeys.all, 'places', keyword, near?.lng ?? null, near?.lat ?? null] as const,
  placeName: (point: LngLat, lang: Language) => [...nearbyKeys.all, 'placeName', point.lng, point.lat, lang] as const,
};

/** `nearby/companies` page by page, for infinite scroll; nothing is asked until there is a point. */
export function useNearbyCompanies(point: LngLat | null, radiusKm: NearbyRadiusKm) {
  const [lang] = useLanguage();
  const { user } = useSession();
  const at = point ?? { lng: 0, lat: 0 };
  return useInfiniteQuery({
    queryKey: nearbyKeys.companies(at, radiusKm, lang, user?.userId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.nearbyCompanies,
        { lng: at.lng, lat: at.lat, radiusKm, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TNearbyCompaniesPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: point !== null,
  });
}

/** `nearby/stock` page by page, for infinite scroll. */
export function useNearbyStock(point: LngLat | null, radiusKm: NearbyRadiusKm) {
  const [lang] = useLanguage();
  const at = point ?? { lng: 0, lat: 0 };
  return useInfiniteQuery({
    queryKey: nearbyKeys.stock(at, radiusKm, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.nearbyStock,
        { lng: at.lng, lat: at.lat, radiusKm, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TNearbyStockPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: point !== null,
  });
}

/**
 * `map/place_search` for a keyword (around `near` when given). A failing maps service says so in a toast (SPEC §8),
 * and the page shows its own retry.
 */
export function usePlaceSearch(keyword: string, near: LngLat | null) {
  const wanted = keyword.trim();
  return useQuery({
    queryKey: nearbyKeys.places(wanted, near),
    queryFn: ({ signal }) =>
      callApi(Calls.placeSearch, { keyword: wanted, ...(near ?? {}) }, { needLogin: false, signal, cacheTime: 300 }),
    enabled: wanted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });
}

/**
 * The name of a located point (`map/reverse_geocode`), for the location bar. It is only a label, so a failure is
 * quiet: the bar then says "my location".
 */
export function usePlaceName(point: LngLat | null) {
  const [lang] = useLanguage();
  const at = point ?? { lng: 0, lat: 0 };
  return useQuery({
    queryKey: nearbyKeys.placeName(at, lang),
    queryFn: ({ signal }) =>
      callApi(Calls.reverseGeocode, at, {
        needLogin: false,
        signal,
        quietCodeFlags: [CodeFlag.notFound, CodeFlag.serverFault],
        cacheTime: 600,
      }),
    enabled: point !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The same lookup outside React (choose_location's "use my current location"). */
export const reverseGeocode = (point: LngLat) =>
  callApi(Calls.reverseGeocode, point, { needLogin: false, showLoading: true });
