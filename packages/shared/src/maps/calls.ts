import { contract } from '../contract';
import { ZGeocode, ZPlaceSearchRequest, ZPlaceSearchResult, ZReverseGeocodeRequest } from './schemas';

/** The `.htmls` calls of maps (see contract.ts). */
export const mapsCalls = {
  placeSearch: contract({
    path: 'map/place_search',
    auth: 'visitor',
    feature: 'maps',
    summary:
      "Places matching a keyword (choose_location); with lng/lat (GCJ-02) nearest first within 5000 m. SPEC §3's place search shape (pois, status, count); GCJ-02 coordinates whatever the provider (the offline region table or Tianditu)",
    request: ZPlaceSearchRequest,
    response: ZPlaceSearchResult,
  }),
  reverseGeocode: contract({
    path: 'map/reverse_geocode',
    auth: 'visitor',
    feature: 'maps',
    summary:
      "What is at a GCJ-02 point inside the mainland bounds: SPEC §3's geocode (formatted_address, location, addressComponent with province, city, county and codes)",
    request: ZReverseGeocodeRequest,
    response: ZGeocode,
  }),
} as const;
