/**
 * Compile-time proof (checked by `tsc`, never run) that a call's fields are typed by its contract at
 * the client: the form helpers' input types are the values a client hands over, and JSON fields take
 * the value itself, which `encodeForm` spells as JSON text.
 */
import { type CallRequest, Calls } from './calls';
import type { ApiClient } from './client/api-client';

declare const client: ApiClient;

/** The fields of a request whose input type is `unknown`, so that any value would compile. */
type UnknownFields<T> = T extends unknown ? { [K in keyof T]-?: unknown extends T[K] ? K : never }[keyof T] : never;
/** The calls with such a field: none, or a client could send anything in it. */
type CallsWithUnknownFields = {
  [N in keyof typeof Calls]: [UnknownFields<CallRequest<(typeof Calls)[N]>>] extends [never] ? never : N;
}[keyof typeof Calls];
export const everyRequestFieldIsTyped: [CallsWithUnknownFields] extends [never] ? true : CallsWithUnknownFields = true;

export async function clientCallsAreTypedByTheirContract() {
  await client.call(Calls.albumRename, { id: 7, name: '仓库' });
  await client.call(Calls.albumRename, { id: '7', name: '仓库' });
  // @ts-expect-error a number field takes no list
  await client.call(Calls.albumRename, { id: [7], name: '仓库' });
  // @ts-expect-error a JSON field takes its value, not a number
  await client.call(Calls.inquirySave, { sortId: 13, specs: 42, paymentMethod: 'cash' });
  // @ts-expect-error a JSON field takes its value, not JSON text encoded by hand
  await client.call(Calls.stockBatchStatus, { ids: JSON.stringify([1, 2]), status: 'offline' });
  await client.call(Calls.stockBatchStatus, { ids: [1, 2], status: 'offline' });
  // @ts-expect-error a 0/1 flag is 0, 1 or a boolean
  await client.call(Calls.reviewAgentBuy, { id: 1, approve: 'yes', submittedAt: '2026-11-24T02:00:00.000Z' });
  await client.call(Calls.reviewAgentBuy, { id: 1, approve: true, submittedAt: '2026-11-24T02:00:00.000Z' });
  // @ts-expect-error a coordinate is a number (or its text), not a list
  await client.call(Calls.placeSearch, { keyword: '佛山', lng: [113], lat: 23 });
  await client.call(Calls.placeSearch, { keyword: '佛山', lng: 113.1, lat: '23.0' });
  // @ts-expect-error a required field may not be left out
  await client.call(Calls.stockBatchStatus, { status: 'offline' });
}
