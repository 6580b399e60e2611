import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { listOperatorActions, operatorIdentity } from './operators.service';

export function operatorsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerCall(app, Calls.operatorWhoami, (call) => operatorIdentity(serviceContext(app.deps, call)));
  registerCall(app, Calls.operatorActions, ({ input }) =>
    listOperatorActions({ db, page: input.page, pageSize: input.pageSize }),
  );
}
