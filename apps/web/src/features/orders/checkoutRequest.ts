import { drafts } from '../../components/form/draft';

/**
 * The id of one checkout attempt, sent as `order/confirm_stock`'s requestId with every submit of it: a
 * submit the server already carried out (a second tap, a retry after an answer lost on the way, the same
 * checkout reloaded and submitted again) then answers the orders it made instead of ordering again.
 * Kept per user and checkout (its query) in sessionStorage, which a reload keeps, and in memory for when
 * the browser refuses storage (private modes); forgotten once the orders are made, so ordering the same
 * lots again later is a new attempt.
 */
const attempts = new Map<string, string>();

const keyOf = (userId: number, checkout: string) => `metal.checkoutRequest.${userId}.${checkout}`;

/** 32 hex digits from `crypto.getRandomValues`, which plain http: pages on a LAN have too (randomUUID is https:-only). */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The checkout's attempt id: the one it already has, or a new one kept from now on. */
export function checkoutRequestId(userId: number, checkout: string): string {
  const key = keyOf(userId, checkout);
  const requestId = attempts.get(key) ?? drafts.read<string>(key) ?? newRequestId();
  attempts.set(key, requestId);
  drafts.write(key, requestId);
  return requestId;
}

/** The orders are made: the next checkout of the same lots is a new attempt. */
export function forgetCheckoutRequest(userId: number, checkout: string) {
  const key = keyOf(userId, checkout);
  attempts.delete(key);
  drafts.write(key, null);
}
