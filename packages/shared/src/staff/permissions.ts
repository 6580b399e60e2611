/**
 * What a company's employee may do, one permission per kind of work (SPEC §6 leaves the matrix open;
 * this is ours). The owner and the authorized employee hold them all. A call's contract names the
 * permission it needs (`CallContract.permission`); the server checks it for every employee.
 */
export const PERMISSIONS = [
  /** Post and edit spot stock and production capacity. */
  'stock',
  /** Post and edit purchase inquiries, agent buys and quick buys. */
  'inquiry',
  /** Answer inquiries with quotes. */
  'quote',
  /** Grab and hold inquiries routed to the company. */
  'take_orders',
  /** Assign inquiries to colleagues and edit dispatch groups. */
  'dispatch',
  /** The shop's decoration and albums. */
  'shop',
  /** Company information and its verification. */
  'company',
  /** Employees and roles. */
  'staff',
  /** Buy memberships and services for the company. */
  'membership',
  /** See who visited the shop. */
  'visitors',
  /** Cart, trade orders and their payments, bought and sold. */
  'orders',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Where a company's person stands: the owner, an authorized employee (all the owner's permissions) or an employee (their roles'). */
export const COMPANY_ROLES = ['owner', 'authorized', 'employee'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
