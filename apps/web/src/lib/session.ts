import type { TSessionUser } from '@metal/shared';
import { useSyncExternalStore } from 'react';
import { StorageKeys, storage } from './storage';

/**
 * The session user of SPEC §3 (`{account, rootId, userId, sessionId, lastLoginDate}`), as login or
 * register answered it, kept in localStorage. Logged in means userId > 0.
 */
export type SessionUser = TSessionUser;

type Listener = () => void;

function readStored(): SessionUser | null {
  const raw = storage.get(StorageKeys.session);
  if (!raw) return null;
  try {
    return toSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Checked by hand rather than with the shared zod schema, to keep zod out of the start-up bundle. */
function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.account !== 'string' ||
    typeof v.rootId !== 'number' ||
    typeof v.userId !== 'number' ||
    typeof v.sessionId !== 'string' ||
    typeof v.lastLoginDate !== 'string'
  ) {
    return null;
  }
  return {
    account: v.account,
    rootId: v.rootId,
    userId: v.userId,
    sessionId: v.sessionId,
    lastLoginDate: v.lastLoginDate,
  };
}

let current: SessionUser | null = readStored();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): SessionUser | null {
  return current;
}

export function getSessionId(): string {
  return current?.sessionId ?? '';
}

export function isLoggedIn(user: SessionUser | null = current): user is SessionUser {
  return !!user && user.userId > 0;
}

export function setSession(user: SessionUser): void {
  current = user;
  storage.set(StorageKeys.session, JSON.stringify(user));
  emit();
}

export function clearSession(): void {
  if (current === null && storage.get(StorageKeys.session) === null) return;
  current = null;
  storage.remove(StorageKeys.session);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes what this one may do.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKeys.session) return;
    current = readStored();
    emit();
  });
}

export interface SessionState {
  user: SessionUser | null;
  loggedIn: boolean;
}

/** The session user and whether they are logged in; re-renders on login and logout. */
export function useSession(): SessionState {
  const user = useSyncExternalStore(subscribeSession, getSession, getSession);
  return { user, loggedIn: isLoggedIn(user) };
}
