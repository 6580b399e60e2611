import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { listVisitors, visitorDetail } from './visitors.service';

export function visitorsRoutes(app: FastifyInstance) {
  registerCall(app, Calls.visitorList, (call) => listVisitors(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.visitorDetail, (call) => visitorDetail(serviceContext(app.deps, call), call.input));
}
