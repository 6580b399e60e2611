import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { listOperatorActions, operatorIdentity } from './operators.service';

export function operatorsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerCall(app, Calls.operatorWhoami, ({ actor }) => operatorIdentity({ db, actor }));
  registerCall(app, Calls.operatorActions, ({ input }) =>
    listOperatorActions({ db, page: input.page, pageSize: input.pageSize }),
  );
}
