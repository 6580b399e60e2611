import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { batchEdit, batchStatus, listMine, mineSorts, sameAttr, stockSummaries } from './stock-manager.service';

export function stockManagerRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks: links } = app.deps;
  registerCall(app, Calls.stockMine, ({ actor, lang, input }) => listMine({ db, clock, actor, lang, links, ...input }));
  registerCall(app, Calls.stockMineSorts, ({ actor, lang }) => mineSorts({ db, actor, lang }));
  registerCall(app, Calls.stockBatchStatus, ({ actor, input }) =>
    batchStatus({ db, clock, actor, ids: input.ids, status: input.status }),
  );
  registerCall(app, Calls.stockBatchEdit, ({ actor, input: { ids, ...edit } }) =>
    batchEdit({ db, clock, actor, ids, edit }),
  );
  registerCall(app, Calls.stockSameAttr, ({ actor, input: { sortId, ids, ...edit } }) =>
    sameAttr({ db, clock, actor, sortId, ids, edit }),
  );
  registerCall(app, Calls.stockSummaries, ({ actor, lang, input }) =>
    stockSummaries({ db, clock, actor, lang, links, ids: input.ids }),
  );
}
