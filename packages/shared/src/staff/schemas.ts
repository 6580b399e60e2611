import { z } from 'zod';
import { password, smsCode } from '../accounts/schemas';
import { formFlag, intId, jsonText, mobile } from '../schemas/common';
import { COMPANY_ROLES, PERMISSIONS } from './permissions';

export const STAFF_NAME_MAX = 20;
export const STAFF_QQ_PATTERN = /^\d{5,12}$/;
export const ROLE_NAME_MAX = 20;
export const ROLE_INTRO_MAX = 200;
/** Roles one company may define; a team needs a handful, not hundreds. */
export const ROLES_PER_COMPANY_MAX = 50;

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const roleIds = () =>
  jsonText(
    z
      .array(intId(), { error: 'common.invalidInput' })
      .max(ROLES_PER_COMPANY_MAX, { error: 'common.invalidInput' })
      .transform((ids) => [...new Set(ids)]),
  );

const permissionList = () =>
  jsonText(
    z
      .array(z.enum(PERMISSIONS, { error: 'common.invalidInput' }), { error: 'role.permissionsRequired' })
      .min(1, { error: 'role.permissionsRequired' })
      .transform((list) => PERMISSIONS.filter((permission) => list.includes(permission))),
  );

const staffName = () =>
  z
    .string({ error: 'staff.nameRequired' })
    .trim()
    .min(1, { error: 'staff.nameRequired' })
    .max(STAFF_NAME_MAX, { error: 'common.tooLong' });

const qq = () =>
  z
    .string({ error: 'staff.qqInvalid' })
    .trim()
    .refine((value) => value === '' || STAFF_QQ_PATTERN.test(value), { error: 'staff.qqInvalid' })
    .optional()
    .default('');

export const ZStaffRoleRef = z.object({ id: z.number(), name: z.string() });

/** One person of the company as its staff pages show them. */
export const ZStaffMember = z.object({
  userId: z.number(),
  name: z.string(),
  phone: z.string(),
  qq: z.string(),
  companyRole: z.enum(COMPANY_ROLES),
  status: z.enum(STAFF_STATUSES),
  roles: z.array(ZStaffRoleRef),
  createdAt: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

/** `staff/list`: the owner first, then the employees (active before disabled, newest first). */
export const ZStaffList = z.object({ list: z.array(ZStaffMember) });
export type TStaffList = z.infer<typeof ZStaffList>;

export const ZStaffDetailRequest = z.object({ userId: intId() });
export type TStaffDetailRequest = z.input<typeof ZStaffDetailRequest>;

/**
 * `staff/save`: without userId adds an employee (phone, the code sent to that phone with purpose
 * 'employee', and a password are required); with it edits one (name, QQ, roles, authorized; a password
 * given sets a new one and ends their sessions).
 */
export const ZStaffSaveRequest = z
  .object({
    userId: intId().optional(),
    name: staffName(),
    phone: mobile().optional(),
    code: smsCode().optional(),
    /** '' or left out when editing: the password stays. */
    password: z.union([z.literal(''), password()]).optional(),
    qq: qq(),
    roleIds: roleIds().optional().default([]),
    authorized: formFlag().optional().default(0),
  })
  .superRefine((value, ctx) => {
    if (value.userId !== undefined) return;
    if (!value.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone.invalid' });
    if (!value.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'code.invalid' });
    if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password.invalid' });
  });
export type TStaffSaveRequest = z.input<typeof ZStaffSaveRequest>;
export const ZStaffSaveResponse = z.object({ userId: z.number() });

/**
 * `staff/disable` (disabled 1) and `staff/delete`: their sessions end at once; their live quotes and the
 * inquiries they hold go to `handoverTo` (a colleague) or back to the company, their chats with outside
 * users to `handoverTo` or the owner. `staff/disable` with disabled 0 lets them in again.
 */
export const ZStaffDisableRequest = z.object({
  userId: intId(),
  disabled: formFlag().optional().default(1),
  handoverTo: intId().optional(),
});
export type TStaffDisableRequest = z.input<typeof ZStaffDisableRequest>;
export const ZStaffDeleteRequest = z.object({ userId: intId(), handoverTo: intId().optional() });
export type TStaffDeleteRequest = z.input<typeof ZStaffDeleteRequest>;

/** What a removal or disabling moved: quotes and held inquiries, and chats with outside users. */
export const ZStaffHandover = z.object({
  quotes: z.number(),
  inquiries: z.number(),
  /** Live trade orders, bought or sold, that now name the person taking over. */
  orders: z.number(),
  chats: z.number(),
  toUserId: z.number(),
});
export type TStaffHandover = z.infer<typeof ZStaffHandover>;

export const ZRole = z.object({
  id: z.number(),
  name: z.string(),
  intro: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Employees holding the role. */
  holders: z.number(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRoleList = z.object({ list: z.array(ZRole) });
export type TRoleList = z.infer<typeof ZRoleList>;

export const ZRoleSaveRequest = z.object({
  id: intId().optional(),
  name: z
    .string({ error: 'role.nameRequired' })
    .trim()
    .min(1, { error: 'role.nameRequired' })
    .max(ROLE_NAME_MAX, { error: 'common.tooLong' }),
  intro: z.string().trim().max(ROLE_INTRO_MAX, { error: 'common.tooLong' }).optional().default(''),
  permissions: permissionList(),
});
export type TRoleSaveRequest = z.input<typeof ZRoleSaveRequest>;
export const ZRoleSaveResponse = z.object({ id: z.number() });

export const ZRoleDeleteRequest = z.object({ id: intId() });
export type TRoleDeleteRequest = z.input<typeof ZRoleDeleteRequest>;
