import type { CompanyRole, OperatorRole, Permission } from '@metal/shared';

export type { CompanyRole, OperatorRole, Permission };

/** Who makes a call. Visitors are userId 0 (SPEC §6). */
export interface Actor {
  userId: number;
  /** The company owner's userId: every company-owned row is scoped by it. */
  rootId: number;
  account: string;
  /** Operators' role; null for everyone who is not an operator. */
  operatorRole: OperatorRole | null;
  /** SHA-256 of the session id the call came with; null for visitors. */
  sessionHash: string | null;
  /** The caller's place in their company: its owner, an authorized employee or an employee. */
  companyRole: CompanyRole;
  /**
   * The company permissions the caller holds (staff/permissions.ts): every one for the owner and an
   * authorized employee, their roles' for an employee, none for a visitor. Read with the session.
   */
  permissions: readonly Permission[];
}

export const VISITOR: Actor = Object.freeze({
  userId: 0,
  rootId: 0,
  account: '',
  operatorRole: null,
  sessionHash: null,
  companyRole: 'employee',
  permissions: Object.freeze([]),
});

export const isLoggedIn = (actor: Actor) => actor.userId > 0;
