import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import {
  type CapacityDeps,
  capacityDetail,
  companyCapacities,
  deleteCapacity,
  myCapacities,
  pendingCapacities,
  reviewCapacity,
  saveCapacity,
} from './capacities.service';

export function capacitiesRoutes(app: FastifyInstance) {
  const { db, clock, storage, fileLinks: links } = app.deps;
  const deps: CapacityDeps = { db, clock, links };
  registerCall(app, Calls.capacitySave, ({ actor, lang, input }) =>
    saveCapacity({ ...deps, storage, log: app.log, actor, lang, input }),
  );
  registerCall(app, Calls.capacityMine, ({ actor, lang, input }) => myCapacities({ ...deps, actor, lang, ...input }));
  registerCall(app, Calls.capacityDetail, ({ actor, lang, input }) =>
    capacityDetail({ ...deps, actor, lang, id: input.id }),
  );
  registerCall(app, Calls.capacityDelete, ({ actor, input }) =>
    deleteCapacity({ db, storage, log: app.log, actor, id: input.id }),
  );
  registerCall(app, Calls.capacityCompanyList, ({ lang, input }) => companyCapacities({ ...deps, lang, ...input }));
  registerCall(app, Calls.pendingCapacities, (call) => pendingCapacities(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewCapacity, (call) =>
    reviewCapacity(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
