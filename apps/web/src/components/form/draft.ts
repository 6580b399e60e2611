import { useCallback, useState } from 'react';

/**
 * What a user typed on a form and has not saved yet, kept in sessionStorage: it survives the trips to
 * sub-pages (scope pickers, contact info, address, map position, attribute pickers) and a reload, and
 * goes when it is saved. Keys carry the user id, so another login in the same tab never sees it.
 */
function read<T>(key: string): T | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private modes and full quotas: the draft then lives only as long as the page.
  }
}

/** A draft and its setter; `null` means nothing unsaved. */
export function useDraft<T>(key: string): [T | null, (next: T | null | ((current: T | null) => T | null)) => void] {
  const [state, setState] = useState<{ key: string; value: T | null }>(() => ({ key, value: read<T>(key) }));
  // A different user (key) reads their own draft, not the last one's.
  const value = state.key === key ? state.value : read<T>(key);
  const set = useCallback(
    (next: T | null | ((current: T | null) => T | null)) => {
      setState((current) => {
        const base = current.key === key ? current.value : read<T>(key);
        const resolved = typeof next === 'function' ? (next as (c: T | null) => T | null)(base) : next;
        write(key, resolved);
        return { key, value: resolved };
      });
    },
    [key],
  );
  return [value, set];
}

/** For the pages that hand a draft to another (edit address → map position) without rendering it. */
export const drafts = { read, write };
