import type { OperatorRole } from '@metal/shared';

export type { OperatorRole };

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
}

export const VISITOR: Actor = Object.freeze({
  userId: 0,
  rootId: 0,
  account: '',
  operatorRole: null,
  sessionHash: null,
});

export const isLoggedIn = (actor: Actor) => actor.userId > 0;
