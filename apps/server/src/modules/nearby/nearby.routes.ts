import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { latestQuotesOf } from '../markets/markets.latest';
import { nearbyCompanies, nearbyStock } from './nearby.service';

/** SPEC §2 nearby/nearby: companies and for-sale stock around the caller's point. Visitors may look too. */
export function nearbyRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks } = app.deps;
  registerCall(app, Calls.nearbyCompanies, ({ actor, lang, input }) =>
    nearbyCompanies({
      db,
      clock,
      actor,
      lang,
      point: { lng: input.lng, lat: input.lat },
      radiusKm: input.radiusKm,
      page: input.page,
      pageSize: input.pageSize,
    }),
  );
  registerCall(app, Calls.nearbyStock, ({ lang, input }) =>
    nearbyStock({
      db,
      clock,
      links: fileLinks,
      lang,
      keptQuotes: latestQuotesOf(app),
      point: { lng: input.lng, lat: input.lat },
      radiusKm: input.radiusKm,
      page: input.page,
      pageSize: input.pageSize,
    }),
  );
}
