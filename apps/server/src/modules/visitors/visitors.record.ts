import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { publishOnCommit } from '../../platform/delivery';
import { type VisitorEventKind, visitorEvents } from './visitors.table';

/**
 * Records what a visitor did for the owner's visitor analytics: `view` (stocks.views records these on
 * the detail page), `attention` (following the company, stockId null; modules/shops calls it) and
 * `cart` (a listing added to the shopping cart: modules/cart calls it). Guests
 * and the owner's own people are never recorded (SPEC §6). Answers whether it recorded. A view changes
 * the owner's visitor count in their profile summary, so it tells every instance on commit.
 */
export async function recordVisitorEvent({
  db,
  actor,
  ownerRootId,
  kind,
  stockId,
  now,
}: {
  db: Executor;
  actor: Actor;
  ownerRootId: number;
  kind: VisitorEventKind;
  stockId: number | null;
  now: Date;
}): Promise<boolean> {
  if (actor.userId <= 0 || actor.rootId === ownerRootId) return false;
  await db.insert(visitorEvents).values({
    ownerRootId,
    kind,
    stockId,
    visitorUserId: actor.userId,
    visitorRootId: actor.rootId,
    at: now,
  });
  if (kind === 'view') await publishOnCommit(db, 'profiles.changed', { rootId: ownerRootId });
  return true;
}
