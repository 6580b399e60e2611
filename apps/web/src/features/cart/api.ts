import { Calls, CodeFlag, type TCartList } from '@metal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import { cartKeys, useCartChanged } from './follow';
import './locale';

export { cartKeys, useCartFollowsChat } from './follow';

/** `shop_cart/list`: the company's cart grouped by seller, with today's prices and each line's problems. */
export function useCart() {
  const { user, loggedIn } = useSession();
  return useQuery<TCartList>({
    queryKey: cartKeys.list(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.cartList, {}, { signal }),
    enabled: loggedIn,
  });
}

/** `shop_cart/add`. */
export function useAddToCart() {
  const changed = useCartChanged();
  return useMutation({
    mutationFn: (input: { stockId: number; quantity: string; fromSearch: boolean }) =>
      callApi(Calls.cartAdd, {
        stockId: input.stockId,
        quantity: input.quantity,
        fromSearch: input.fromSearch ? 1 : 0,
      }),
    onSuccess: changed,
  });
}

/**
 * `shop_cart/update`. Out of range the server answers SPEC §5's 'Input out of range, has been reset'
 * (the toast) and the line as it stays; the list is read again either way, so the stepper shows it.
 */
export function useUpdateCartLine() {
  const changed = useCartChanged();
  return useMutation({
    mutationFn: (input: { id: number; quantity: string; acceptPrice?: boolean }) =>
      callApi(Calls.cartUpdate, {
        id: input.id,
        quantity: input.quantity,
        acceptPrice: input.acceptPrice ? 1 : 0,
      }),
    onSettled: changed,
  });
}

/** `shop_cart/delete`: the chosen lines (at least one). */
export function useDeleteCartLines() {
  const changed = useCartChanged();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(Calls.cartDelete, { ids }, { quietCodeFlags: [CodeFlag.notFound] }),
    onSettled: changed,
  });
}
