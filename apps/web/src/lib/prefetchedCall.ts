/**
 * A call asked for by index.html's deep-link script (build/deepLinkPreload.ts) before the app's code
 * arrived, kept on `window` under this name as `{ url, body, response }`: the API client takes it
 * instead of asking again, when its own request is exactly the same (path, session, language, fields).
 */
export const PREFETCHED_CALL_GLOBAL = '__metalPrefetchedCall';

export interface PrefetchedCall {
  url: string;
  body: string;
  response: Promise<Response>;
}

type Slot = PrefetchedCall | null | undefined;
const slots = globalThis as unknown as Record<typeof PREFETCHED_CALL_GLOBAL, Slot>;

// The app's code is running: a deep-link script that only now arrives must not ask for the call too
// (its answer would be ignored and the listing's view counted twice), so the slot is closed unless
// the script has already filled it.
// (The build reads the name from this module too, outside a browser.)
if (typeof window !== 'undefined' && slots[PREFETCHED_CALL_GLOBAL] === undefined) slots[PREFETCHED_CALL_GLOBAL] = null;

/** The prefetched answer to exactly this request, once; nothing for any other request. */
export function takePrefetchedCall(url: string, body: string): Promise<Response> | undefined {
  const slot = slots[PREFETCHED_CALL_GLOBAL];
  if (!slot || slot.url !== url || slot.body !== body) return undefined;
  slots[PREFETCHED_CALL_GLOBAL] = null;
  return slot.response;
}
