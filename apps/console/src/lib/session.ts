import { type CallContract, OPERATOR_ROLES, type TOperatorIdentity } from '@metal/shared';
import { useSyncExternalStore } from 'react';
import { StorageKeys, storage } from './storage';

/** The console's session: a login's session id and the operator `console/whoami` said it belongs to. */
export interface OperatorSession extends TOperatorIdentity {
  sessionId: string;
}

type Listener = () => void;

function toSession(value: unknown): OperatorSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.sessionId !== 'string' ||
    !v.sessionId ||
    typeof v.userId !== 'number' ||
    typeof v.account !== 'string' ||
    typeof v.name !== 'string' ||
    !OPERATOR_ROLES.includes(v.role as OperatorSession['role'])
  ) {
    return null;
  }
  return {
    sessionId: v.sessionId,
    userId: v.userId,
    account: v.account,
    name: v.name,
    role: v.role as OperatorSession['role'],
  };
}

function readStored(): OperatorSession | null {
  const raw = storage.get(StorageKeys.session);
  if (!raw) return null;
  try {
    return toSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

let current: OperatorSession | null = readStored();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): OperatorSession | null {
  return current;
}

export function getSessionId(): string {
  return current?.sessionId ?? '';
}

/** Why the last session ended when the operator did not log out (the login page says so). */
export type SessionEndReason = 'roleRemoved';
let endReason: SessionEndReason | null = null;

export function sessionEndReason(): SessionEndReason | null {
  return endReason;
}

export function setSession(session: OperatorSession): void {
  endReason = null;
  current = session;
  storage.set(StorageKeys.session, JSON.stringify(session));
  emit();
}

export function clearSession(reason: SessionEndReason | null = null): void {
  endReason = reason;
  if (current === null && storage.get(StorageKeys.session) === null) return;
  current = null;
  storage.remove(StorageKeys.session);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Logging out in another tab of the console logs this one out too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKeys.session) return;
    current = readStored();
    emit();
  });
}

/** The operator's session; re-renders on login and logout. */
export function useSession(): OperatorSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Whether the logged-in operator may make `contract`'s call: calls of auth 'admin' (the money moves:
 * confirming a transfer, refunding, a plan's price) are refused to customer service, so the console
 * does not offer them to a 'service' operator; every operator may make the others.
 */
export function mayCall(session: OperatorSession | null, contract: Pick<CallContract, 'auth'>): boolean {
  if (!session) return false;
  return contract.auth !== 'admin' || session.role === 'admin';
}

/** `mayCall` for the operator logged in now; re-renders when the session (and so the role) changes. */
export function useMayCall(contract: Pick<CallContract, 'auth'>): boolean {
  return mayCall(useSession(), contract);
}
