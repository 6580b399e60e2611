import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { grantEntitlement } from './memberships.entitlements';
import { consolePlans, plansOnSale, savePlan } from './memberships.plans';
import { dynamicViewStatus, openVip, useDynamicView, vipStatus } from './memberships.service';

export function membershipsRoutes(app: FastifyInstance) {
  registerCall(app, Calls.vipPlans, (call) => plansOnSale(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.vipStatus, (call) => vipStatus(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.vipOpen, (call) => openVip(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.dynamicViewStatus, (call) => dynamicViewStatus(serviceContext(app.deps, call)));
  registerCall(app, Calls.dynamicViewUse, (call) => useDynamicView(serviceContext(app.deps, call)));
  registerCall(app, Calls.consolePlanList, (call) => consolePlans(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.consolePlanSave, (call) => savePlan(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.grantEntitlement, (call) => grantEntitlement(serviceContext(app.deps, call), call.input));
}
