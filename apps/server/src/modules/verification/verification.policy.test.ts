import { Calls, CodeFlag, PERMISSIONS } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { type Actor, VISITOR } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { isRealNameVerified, requireRealNameVerified } from './verification.policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const actorOf = (user: { id: number; rootId: number; account: string }): Actor => ({
  userId: user.id,
  rootId: user.rootId,
  account: user.account,
  operatorRole: null,
  sessionHash: null,
  companyRole: 'owner',
  permissions: PERMISSIONS,
});
const verify = (session: string, idNumber: string) =>
  t.call(Calls.verificationSubmit, { realName: '李明', idNumber }, { session });

describe('isRealNameVerified and requireRealNameVerified', () => {
  it('pass a verified person and refuse everyone else with codeFlag 8', async () => {
    const owner = await t.buildUser();
    const employee = await t.buildUser();
    const [employeeUser] = await t.db
      .update(users)
      .set({ rootId: owner.user.id })
      .where(eq(users.id, employee.user.id))
      .returning();

    expect(await isRealNameVerified(t.db, owner.user.id)).toBe(false);
    const refusal = await requireRealNameVerified(t.db, actorOf(owner.user)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ codeFlag: CodeFlag.realPersonRequired, messageKey: 'verification.required' });

    expect((await verify(owner.session, '11010519491231002X')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await isRealNameVerified(t.db, owner.user.id)).toBe(true);
    await expect(requireRealNameVerified(t.db, actorOf(owner.user))).resolves.toBeUndefined();

    // The owner's verification does not cover the employee: it belongs to the person.
    expect(await isRealNameVerified(t.db, employee.user.id)).toBe(false);
    await expect(requireRealNameVerified(t.db, actorOf(employeeUser!))).rejects.toMatchObject({
      codeFlag: CodeFlag.realPersonRequired,
    });
    expect(await isRealNameVerified(t.db, VISITOR.userId)).toBe(false);
    await expect(requireRealNameVerified(t.db, VISITOR)).rejects.toMatchObject({
      codeFlag: CodeFlag.realPersonRequired,
    });
  });
});
