import type { ReactNode } from 'react';
import type { ConsoleT } from '../../lib/i18n';

/** What every review queue's items carry: an id and when they were asked for (the queue is oldest first). */
export interface ReviewItem {
  id: number;
  createdAt: string;
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
}

/** A column of the queue's list, besides the submission time and waiting time every queue shows. */
export interface QueueColumn<Item> {
  key: string;
  title: string;
  render: (item: Item) => ReactNode;
}

/**
 * A review queue (company names now; licences, shop openings, verification escalations and later
 * stock, capacity, inquiries, reports and account deletion): where its items come from, how a
 * decision is sent, and how an item reads in the list and side by side. The pages, the side menu's
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
  subject: (item: Item) => string;
  compare: (item: Item, t: ConsoleT) => ComparedField[];
}

/** Erases the item type so queues of different items can sit in one list. */
export const defineQueue = <Item extends ReviewItem>(queue: ReviewQueue<Item>) => queue as unknown as ReviewQueue;
