import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { deleteFootprints, listFootprints, markSynced, saveFootprints } from './footprints.service';

export function footprintsRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.saveFoots, ({ actor, input }) => saveFootprints({ db, clock, actor, items: input.data }));
  registerCall(app, Calls.getAllFoot, ({ actor }) => listFootprints({ db, actor, onlyUnsynced: false }));
  registerCall(app, Calls.getNotSyn, async ({ actor }) => ({
    footList: JSON.stringify(await listFootprints({ db, actor, onlyUnsynced: true })),
  }));
  registerCall(app, Calls.changeSyn, ({ actor, input }) => markSynced({ db, actor, ids: input.data }));
  registerCall(app, Calls.delFoot, ({ actor, input }) => deleteFootprints({ db, actor, keys: input.key }));
}
