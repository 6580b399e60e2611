import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { receiptAddresses } from './addresses.table';

// Colleagues changing the company's addresses at the same moment. On PostgreSQL (TEST_DATABASE_URL) each
// call runs on its own connection of the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ADDRESS = {
  receiver: '张经理',
  phone: '13912345678',
  province: '河南省',
  city: '郑州市',
  district: '金水区',
  detail: '花园路1号',
};

const defaultsOf = async (rootId: number) =>
  (await t.db.select().from(receiptAddresses).where(eq(receiptAddresses.rootId, rootId))).filter((a) => a.isDefault);

it('concurrent set_default calls leave exactly one default', async () => {
  const owner = await t.buildUser();
  const colleague = await t.buildEmployee(owner);
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    ids.push(
      (await t.call(Calls.receiptAddressSave, { ...ADDRESS, detail: `${i}号` }, { session: owner.session })).body.data!
        .id,
    );
  }
  const answers = await Promise.all(
    ids.flatMap((id) => [
      t.call(Calls.receiptAddressSetDefault, { id }, { session: owner.session }),
      t.call(Calls.receiptAddressSetDefault, { id }, { session: colleague.session }),
    ]),
  );
  expect(answers.map((a) => a.body.codeFlag)).toEqual(answers.map(() => CodeFlag.ok));
  const defaults = await defaultsOf(owner.user.id);
  expect(defaults).toHaveLength(1);
  console.log(`set_default race: ${answers.length} calls, ${defaults.length} default`);
});

it('concurrent first saves, saves as default and deletes of the default leave exactly one default', async () => {
  const owner = await t.buildUser();
  const colleague = await t.buildEmployee(owner);
  const first = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      t.call(
        Calls.receiptAddressSave,
        { ...ADDRESS, detail: `首${i}` },
        { session: i % 2 ? owner.session : colleague.session },
      ),
    ),
  );
  expect(first.map((a) => a.body.codeFlag)).toEqual(first.map(() => CodeFlag.ok));
  expect(await defaultsOf(owner.user.id)).toHaveLength(1);

  const [current] = await defaultsOf(owner.user.id);
  const mixed = await Promise.all([
    t.call(Calls.receiptAddressDelete, { id: current!.id }, { session: owner.session }),
    t.call(Calls.receiptAddressSave, { ...ADDRESS, detail: '新默认', isDefault: 1 }, { session: colleague.session }),
    t.call(Calls.receiptAddressSave, { ...ADDRESS, detail: '又一个', isDefault: 1 }, { session: owner.session }),
    t.call(Calls.receiptAddressSetDefault, { id: first[3]!.body.data!.id }, { session: colleague.session }),
  ]);
  expect(mixed.map((a) => a.body.codeFlag)).toEqual(mixed.map(() => CodeFlag.ok));
  const defaults = await defaultsOf(owner.user.id);
  expect(defaults).toHaveLength(1);
  console.log(`mixed race: ${first.length} first saves and ${mixed.length} changes, ${defaults.length} default`);
});
