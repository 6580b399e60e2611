import { Calls, PLACE_SEARCH_COUNT, PLACE_SEARCH_RADIUS_M } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';

/**
 * Map calls reach a provider that counts (and, past a quota, bills) every request, and visitors may make them, so each
 * address gets a budget of its own besides the global limit: plenty for typing a search and picking a place.
 */
const MAP_CALL_LIMIT = { max: 60, timeWindow: '1 minute' };

/** `map/*`: place search and reverse geocoding through the configured maps provider, in GCJ-02 both ways. */
export function mapsRoutes(app: FastifyInstance) {
  // Read at call time: tests put a scripted provider in place after the app is built.
  const maps = () => app.deps.maps;
  registerCall(
    app,
    Calls.placeSearch,
    ({ input }) =>
      maps().placeSearch({
        keyword: input.keyword,
        ...(input.lng !== undefined && input.lat !== undefined ? { around: { lng: input.lng, lat: input.lat } } : {}),
        radiusM: PLACE_SEARCH_RADIUS_M,
        count: PLACE_SEARCH_COUNT,
      }),
    { rateLimit: MAP_CALL_LIMIT },
  );
  registerCall(app, Calls.reverseGeocode, ({ input }) => maps().reverseGeocode({ lng: input.lng, lat: input.lat }), {
    rateLimit: MAP_CALL_LIMIT,
  });
}
