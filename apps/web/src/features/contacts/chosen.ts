import { useEffect, useRef } from 'react';
import { Paths } from '../../lib/navigation';

/**
 * choose_friend hands the userIds it was asked for back to the page that opened it. The opener names
 * a purpose ('share', …); choose_friend publishes the choice under it and goes back; the opener,
 * shown again, takes it once.
 */
const chosen = new Map<string, number[]>();
const listeners = new Set<() => void>();

/** choose_friend?purpose&selected: the chooser for `purpose`, with `selected` ticked already. */
export function chooseFriendPath(purpose: string, selected: readonly number[] = []): string {
  const query = new URLSearchParams({ purpose });
  if (selected.length > 0) query.set('selected', selected.join(','));
  return `${Paths.chooseFriend}?${query}`;
}

export function publishChosenFriends(purpose: string, userIds: readonly number[]): void {
  chosen.set(purpose, [...userIds]);
  for (const listener of listeners) listener();
}

/** The choice made for `purpose`, once: a second take finds nothing. */
export function takeChosenFriends(purpose: string): number[] | undefined {
  const userIds = chosen.get(purpose);
  chosen.delete(purpose);
  return userIds;
}

/** Calls `onChosen` with the userIds choose_friend returned for `purpose`, when the opener is shown again. */
export function useChosenFriends(purpose: string, onChosen: (userIds: number[]) => void): void {
  const latest = useRef(onChosen);
  latest.current = onChosen;
  useEffect(() => {
    const deliver = () => {
      const userIds = takeChosenFriends(purpose);
      if (userIds) latest.current(userIds);
    };
    deliver();
    listeners.add(deliver);
    return () => {
      listeners.delete(deliver);
    };
  }, [purpose]);
}
