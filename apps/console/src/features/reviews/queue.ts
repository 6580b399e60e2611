import type { CallContract } from '@metal/shared';
import type { ReactNode } from 'react';
import type { ConsoleT } from '../../lib/i18n';

/**
 * What every review queue's items carry: an id, when they were asked for (the queue is oldest first),
 * and the version shown (`submittedAt`, when its owner last submitted or changed it), which a decision
 * names so that one changed since the list was loaded is refused rather than decided unseen.
 */
export interface ReviewItem {
  id: number;
  createdAt: string;
  submittedAt: string;
}

/** One side of a compared field: text, an image (its URL), or nothing (shown as 'none'). */
export type ReviewValue = { text: string } | { image: string } | null;

/** A row of the side-by-side view: the value in force and the value asked for. */
export interface ComparedField {
  key: string;
  label: string;
  before: ReviewValue;
  after: ReviewValue;
}

export interface ReviewDecision {
  id: number;
  approve: boolean;
  reason?: string;
  /** The version of the item the operator was shown (ReviewItem.submittedAt). */
  submittedAt: string;
}

/** One thing a request rests on, shown as it is (a shop's listings, the masked ID number asked about). */
export interface ReviewFact {
  key: string;
  label: string;
  value: ReactNode;
  /** Take the whole row of the description list (long text such as the user's note). */
  wide?: boolean;
}

/** A column of the queue's list, besides the submission time and waiting time every queue shows. */
export interface QueueColumn<Item> {
  key: string;
  title: string;
  /** Pixels, for short values; columns without one share what is left. */
  width?: number;
  render: (item: Item) => ReactNode;
}

/**
 * A review queue (company names, licences, shop openings, verification escalations, and later stock,
 * capacity, inquiries, reports and account deletion): where its items come from, how a decision is
 * sent, and how an item reads in the list and on its page: the facts it rests on, the values side by
 * side when it changes something in force, and anything more to read. The pages, the side menu's
 * count, the approve/reject flow and its messages are the same for every queue.
 */
export interface ReviewQueue<Item extends ReviewItem = ReviewItem> {
  /** The URL segment: /reviews/<key>. */
  key: string;
  title: (t: ConsoleT) => string;
  fetchItems: (signal: AbortSignal) => Promise<Item[]>;
  decide: (decision: ReviewDecision) => Promise<unknown>;
  columns: (t: ConsoleT) => QueueColumn<Item>[];
  /** What the detail page is about, shown beside the queue's title (e.g. the company's current name). */
  subject: (item: Item, t: ConsoleT) => string;
  /** What the request rests on, one value each, above the comparison. */
  facts?: (item: Item, t: ConsoleT) => ReviewFact[];
  /** The value in force beside the value asked for; left out by requests that replace nothing. */
  compare?: (item: Item, t: ConsoleT) => ComparedField[];
  /** More to read before deciding (a history, say), below the comparison. */
  more?: (item: Item) => ReactNode;
  /** What approving does beyond what the request says, shown in the approval's confirmation. */
  approveWarning?: (item: Item, t: ConsoleT) => string | null;
  /**
   * For a queue whose approval only an administrator may make (contract auth 'admin', e.g. confirming
   * a transfer moves money): the approving call, and what a customer-service operator is told instead
   * of being offered it. Rejecting stays open to every operator.
   */
  approveNeeds?: { call: Pick<CallContract, 'auth'>; refusal: (t: ConsoleT) => string };
  /**
   * What the operator is told once a decision is taken, for a queue whose decisions send the user no
   * notice (the default says the user will hear of it).
   */
  decidedMessage?: (approved: boolean, t: ConsoleT) => string;
}

/**
 * A decision as every console review call takes it (ZReviewRequest): the reason only with a rejection,
 * and always the version the operator was shown.
 */
export const reviewRequest = ({ id, approve, reason, submittedAt }: ReviewDecision) =>
  ({ id, approve: approve ? 1 : 0, ...(approve ? {} : { reason }), submittedAt }) as const;

/** Erases the item type so queues of different items can sit in one list. */
export const defineQueue = <Item extends ReviewItem>(queue: ReviewQueue<Item>) => queue as unknown as ReviewQueue;
