import { Calls, CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../modules/accounts/accounts.table';
import { DEMO_ACCOUNTS, DEMO_OPERATOR, seedDemoData } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (account: string, password: string) => t.call(Calls.login, { account, password });

it('loads labelled demo accounts once, among them an operator who can use the console and traders who cannot', async () => {
  expect(await seedDemoData(t.db)).toBe(true);
  expect(await seedDemoData(t.db)).toBe(false);

  const all = await t.db.select().from(users);
  expect(all).toHaveLength(DEMO_ACCOUNTS.length + 1);
  expect(all.every((u) => u.isDemo && u.nickName.includes('Demo'))).toBe(true);
  expect(all.filter((u) => u.operatorRole).map((u) => u.phone)).toEqual([DEMO_OPERATOR.phone]);

  const operator = await login(DEMO_OPERATOR.phone, DEMO_OPERATOR.password);
  expect(operator.body.codeFlag).toBe(CodeFlag.ok);
  const whoami = await t.call(Calls.operatorWhoami, {}, { session: operator.body.data!.sessionId });
  expect(whoami.body.data).toMatchObject({ account: DEMO_OPERATOR.phone, name: '演示运营（Demo）', role: 'admin' });

  const trader = await login(DEMO_ACCOUNTS[1].phone, DEMO_ACCOUNTS[1].password);
  const refused = await t.call(Calls.operatorWhoami, {}, { session: trader.body.data!.sessionId });
  expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
});
