/**
 * Compile-time proof (checked by `tsc`, never run) that `t.call` is typed by the contract: its fields
 * by the request, its answer's data by the response; wrong fields need the clearly named `t.callRaw`.
 */
import { Calls } from '@metal/shared';
import type { TestApp } from './helpers';

declare const t: TestApp;

export async function testCallsAreTypedByTheirContract() {
  const saved = await t.call(Calls.albumRename, { id: 7, name: '仓库' }, { session: 's' });
  const editable: boolean | undefined = saved.body.data?.editable;
  // @ts-expect-error the answer's data is typed by the response
  const missing: string | undefined = saved.body.data?.noSuchField;
  // @ts-expect-error a JSON field takes its value, not a number
  await t.call(Calls.inquirySave, { sortId: 13, specs: 42, paymentMethod: 'cash' });
  // @ts-expect-error a number field takes no list
  await t.call(Calls.albumRename, { id: [7], name: '仓库' });
  // @ts-expect-error a call with required fields needs them
  await t.call(Calls.albumRename);
  await t.call(Calls.info);
  await t.callRaw(Calls.inquirySave, { sortId: 13, specs: 42, paymentMethod: 'cash' });
  return [editable, missing];
}
