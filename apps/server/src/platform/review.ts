import { CodeFlag, type ReviewActionArea } from '@metal/shared';
import type { Executor } from '../db/client';
import type { NoticeMessageKey } from '../modules/notices/notices.catalog';
import { sendNotice } from '../modules/notices/notices.service';
import { recordOperatorAction } from '../modules/operators/operators.service';
import type { Actor } from './actor';
import type { ServiceContext } from './context';
import { AppError, invalid, notFound } from './errors';

/**
 * What an operator sends to every console `…/review` call: the item, the version of it they looked at
 * (`submittedAt`, as the queue's list showed it), and approve, or reject with a reason.
 */
export interface ReviewInput {
  id: number;
  approve: boolean;
  reason: string;
  submittedAt: Date;
}

/** The decision as a queue's `decide` writes it. */
export interface ReviewDecision {
  approve: boolean;
  reason: string;
  now: Date;
  actor: Actor;
  /** The columns every reviewed table keeps alike: the reason (empty on approval), who decided and when. */
  reviewed: { reason: string; reviewerId: number; reviewedAt: Date };
}

/** Who hears of a decision, and what the operators' log keeps of it besides the action and the reason. */
export interface ReviewAnnouncement {
  userId: number;
  /** The notice's parameters; a rejection's reason is added to them. */
  params?: Record<string, string | number>;
  logDetail: Record<string, unknown>;
}

/**
 * One console review queue (company name changes, licences, shop openings, verification requests,
 * stock, capacity, inquiries, agent requests): how its item is found and locked, whether it still
 * waits, and what a decision writes and tells.
 */
export interface ReviewQueue<Row, Decided> {
  /** Names the item in notices and the operators' log: `<subject>:<id>`. */
  subject: string;
  /** The operators' log action: `<action>.approve` or `<action>.reject`. */
  action: ReviewActionArea;
  notices: { approved: NoticeMessageKey; rejected: NoticeMessageKey };
  /** Finds the item and takes the locks its decision needs; undefined when there is no such item. */
  load(tx: Executor, id: number): Promise<Row | undefined>;
  isPending(row: Row): boolean;
  /**
   * The version of what is reviewed: the moment its owner last submitted or changed it, as the list
   * shows it in `submittedAt`. Every change the owner can make while it waits moves it to a later
   * moment (one that cannot change is versioned by when it was made).
   */
  versionOf(row: Row): Date;
  /** Writes the decision (and what an approval changes) and answers what the call returns. */
  decide(tx: Executor, row: Row, decision: ReviewDecision): Promise<Decided>;
  /** Who is told and how the notice names the item (read in the same transaction, after the decision). */
  announce(tx: Executor, row: Row, decided: Decided, decision: ReviewDecision): Promise<ReviewAnnouncement>;
}

/**
 * Decides one item of a review queue in one transaction: an item that is not there is not found, one
 * no longer waiting is a conflict (another operator decided it first), one whose owner changed it
 * after the operator's list showed it (its version is not the one the request names) is refused as bad
 * input naming `submittedAt`, so nothing is decided on content the operator never saw; the version is
 * read after `load`, under the locks the owner's changes take too. The decision, the notice to its
 * owner and the operators' log entry land together or not at all.
 */
export async function decideReview<Row, Decided>(
  { db, clock, actor }: Pick<ServiceContext, 'db' | 'clock' | 'actor'>,
  queue: ReviewQueue<Row, Decided>,
  { id, approve, reason, submittedAt }: ReviewInput,
): Promise<Decided> {
  const now = clock.now();
  const decision: ReviewDecision = {
    approve,
    reason,
    now,
    actor,
    reviewed: { reason: approve ? '' : reason, reviewerId: actor.userId, reviewedAt: now },
  };
  return db.transaction(async (tx) => {
    const row = await queue.load(tx, id);
    if (row === undefined) throw notFound();
    if (!queue.isPending(row)) throw new AppError(CodeFlag.conflict, 'review.notPending');
    if (queue.versionOf(row).getTime() !== submittedAt.getTime())
      throw invalid('review.changedSinceListed', 'submittedAt');
    const decided = await queue.decide(tx, row, decision);
    const told = await queue.announce(tx, row, decided, decision);
    const subject = `${queue.subject}:${id}`;
    await sendNotice(tx, clock, {
      userId: told.userId,
      messageKey: approve ? queue.notices.approved : queue.notices.rejected,
      params: approve ? (told.params ?? {}) : { ...told.params, reason },
      subject,
    });
    await recordOperatorAction(
      { db: tx, clock, actor },
      {
        action: `${queue.action}.${approve ? 'approve' : 'reject'}`,
        target: subject,
        detail: { ...told.logDetail, ...(approve ? {} : { reason }) },
      },
    );
    return decided;
  });
}

/** A review call's wire fields (`approve` 0/1, an optional reason, the version seen) as the decision services take. */
export const reviewInputOf = (input: {
  id: number;
  approve: number;
  reason?: string | undefined;
  submittedAt: Date;
}): ReviewInput => ({
  id: input.id,
  approve: input.approve === 1,
  reason: input.reason ?? '',
  submittedAt: input.submittedAt,
});
