import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { deleteFootprints, listFootprints, markSynced, saveFootprints } from './footprints.service';

export function footprintsRoutes(app: FastifyInstance) {
  registerCall(app, Calls.saveFoots, (call) =>
    saveFootprints(serviceContext(app.deps, call), { items: call.input.data }),
  );
  registerCall(app, Calls.getAllFoot, (call) =>
    listFootprints(serviceContext(app.deps, call), { onlyUnsynced: false }),
  );
  registerCall(app, Calls.getNotSyn, async (call) => ({
    footList: JSON.stringify(await listFootprints(serviceContext(app.deps, call), { onlyUnsynced: true })),
  }));
  registerCall(app, Calls.changeSyn, (call) => markSynced(serviceContext(app.deps, call), { ids: call.input.data }));
  registerCall(app, Calls.delFoot, (call) =>
    deleteFootprints(serviceContext(app.deps, call), { keys: call.input.key }),
  );
}
