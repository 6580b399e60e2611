import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { importPrices } from './markets.import';

/** A form-encoded import of MAX_IMPORT_ROWS rows stays well under this. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

export function marketsRoutes(app: FastifyInstance) {
  const { db, clock, bus } = app.deps;
  registerCall(
    app,
    Calls.importPrices,
    ({ actor, lang, input }) =>
      importPrices({ db, clock, bus, actor, lang, format: input.format, content: input.content }),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
}
