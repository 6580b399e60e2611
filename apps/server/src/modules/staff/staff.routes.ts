import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import {
  deleteRole,
  deleteStaff,
  disableStaff,
  listRoles,
  listStaff,
  saveRole,
  saveStaff,
  staffDetail,
} from './staff.service';

export function staffRoutes(app: FastifyInstance) {
  registerCall(app, Calls.staffList, (call) => listStaff(serviceContext(app.deps, call)));
  registerCall(app, Calls.staffDetail, (call) => staffDetail(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.staffSave, (call) => saveStaff(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.staffDisable, (call) => disableStaff(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.staffDelete, (call) => deleteStaff(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.roleList, (call) => listRoles(serviceContext(app.deps, call)));
  registerCall(app, Calls.roleSave, (call) => saveRole(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.roleDelete, (call) => deleteRole(serviceContext(app.deps, call), call.input));
}
