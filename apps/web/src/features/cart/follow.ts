import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { accountKeys } from '../accounts/api';

// Apart from api.ts: the me tab follows the cart's count without bringing the cart's calls and words.

/** The cart is the company's; each user's cache is its own. */
export const cartKeys = {
  all: ['cart'] as const,
  list: (userId: number) => [...cartKeys.all, 'list', userId] as const,
};

/** After any change to the cart: the list and user/info's shopCartNum (the me tab's count) are read again. */
export function useCartChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
}

/**
 * SPEC §4's cart-update event: when the company's cart changes anywhere (a colleague's add, another
 * device, an order that checked lines out), the count and an open cart are read again.
 */
export function useCartFollowsChat(): void {
  const { loggedIn } = useSession();
  const changed = useCartChanged();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is made anew each render; the subscription follows the login alone.
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    import('../../lib/chat/connection')
      .then(({ getChatConnection }) => {
        if (!gone) stop = getChatConnection().onCart(changed);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [loggedIn]);
}
