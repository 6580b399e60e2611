import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZRoleDeleteRequest,
  ZRoleList,
  ZRoleSaveRequest,
  ZRoleSaveResponse,
  ZStaffDeleteRequest,
  ZStaffDetailRequest,
  ZStaffDisableRequest,
  ZStaffHandover,
  ZStaffList,
  ZStaffMember,
  ZStaffSaveRequest,
  ZStaffSaveResponse,
} from './schemas';

/** The `.htmls` calls of staff (see contract.ts): employees (operator/index, edit_employee) and roles (edit_role). */
export const staffCalls = {
  staffList: contract({
    path: 'staff/list',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary:
      "operator/index: the caller company's people, the owner first, then employees with their roles and whether they are disabled",
    request: ZEmptyRequest,
    response: ZStaffList,
  }),
  staffDetail: contract({
    path: 'staff/detail',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary: "edit_employee: one person of the caller company (codeFlag 4 for anyone else's)",
    request: ZStaffDetailRequest,
    response: ZStaffMember,
  }),
  staffSave: contract({
    path: 'staff/save',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary:
      "edit_employee: adds an employee (name, phone, the code sent to that phone with user/send_code purpose 'employee', password, QQ, roles, authorized) who then logs in with their own account and acts for the company; or edits one. A registered phone is refused (codeFlag 5). Only the owner makes or unmakes an authorized employee; nobody edits the owner here",
    request: ZStaffSaveRequest,
    response: ZStaffSaveResponse,
  }),
  staffDisable: contract({
    path: 'staff/disable',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary:
      'Disables an employee (disabled 1, the default): their sessions end on every instance at once, their live quotes and held inquiries go to handoverTo (a colleague) or back to the company, their live trade orders (bought or sold) to handoverTo or the owner, their chats with outside users to handoverTo or the owner. disabled 0 lets them in again. The owner cannot be disabled, and an authorized employee only by the owner',
    request: ZStaffDisableRequest,
    response: ZStaffHandover,
  }),
  staffDelete: contract({
    path: 'staff/delete',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary:
      "Removes an employee: handed over as staff/disable, then the account closes for good and its phone is free again; everything they made stays the company's. Nobody removes the owner, and an authorized employee only the owner",
    request: ZStaffDeleteRequest,
    response: ZStaffHandover,
  }),
  roleList: contract({
    path: 'role/list',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary: "The caller company's roles with their permissions and how many employees hold each",
    request: ZEmptyRequest,
    response: ZRoleList,
  }),
  roleSave: contract({
    path: 'role/save',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary:
      'edit_role: adds (without id) or edits a role: name (unique in the company), intro and at least one permission. Its holders have the new permissions at their next call',
    request: ZRoleSaveRequest,
    response: ZRoleSaveResponse,
  }),
  roleDelete: contract({
    path: 'role/delete',
    auth: 'user',
    permission: 'staff',
    feature: 'staff',
    summary: 'Deletes a role no employee holds; one still held is refused (codeFlag 5) saying how many hold it',
    request: ZRoleDeleteRequest,
    response: ZNull,
  }),
} as const;
