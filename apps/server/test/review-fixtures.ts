import { type CallContract, CodeFlag, type Language, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notices } from '../src/modules/notices/notices.table';
import { operatorActions } from '../src/modules/operators/operators.table';
import type { TestApp } from './helpers';

/** A version other than the one listed: a moment just before it, as a list loaded before a change showed. */
export const olderVersion = (submittedAt: string) => new Date(Date.parse(submittedAt) - 1).toISOString();

/**
 * Checks that a console review call (`review`, e.g. Calls.reviewLicence) refuses a decision on item
 * `id` naming a version (`submittedAt`) other than the item's own: approving in Chinese and rejecting
 * in English are both refused as bad input naming `submittedAt`, in the operator's language, and
 * neither tells the owner (no notice about `subject`) nor logs an operator action on it. The caller
 * checks the item itself is unchanged, and that naming the current version decides it.
 */
export async function expectRefusedAsChanged(
  t: TestApp,
  {
    review,
    id,
    submittedAt,
    session,
    subject,
  }: { review: CallContract; id: number; submittedAt: string; session: string; subject: string },
) {
  const attempts: [Language, Record<string, unknown>][] = [
    ['zh-CN', { approve: 1 }],
    ['en-US', { approve: 0, reason: '与提交内容不符' }],
  ];
  for (const [lang, decision] of attempts) {
    const answer = await t.callRaw(review, { id, ...decision, submittedAt }, { session, lang });
    const mesg = translate('review.changedSinceListed', lang);
    expect(answer.body, lang).toEqual({ codeFlag: CodeFlag.invalidInput, mesg, errors: { submittedAt: mesg } });
  }
  expect(await t.db.select().from(notices).where(eq(notices.subject, subject))).toEqual([]);
  expect(await t.db.select().from(operatorActions).where(eq(operatorActions.target, subject))).toEqual([]);
}
