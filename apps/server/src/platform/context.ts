import type { Language } from '@metal/shared';
import type { Database, Executor } from '../db/client';
import type { Actor } from './actor';
import type { Clock } from './clock';
import type { FileLinks } from './file-links';

/**
 * What a service works with besides its input (DESIGN rule 3: `reviewStock(ctx, input)`): the database,
 * the time, who calls, in which language, and how stored files are linked. Routes make it once per call
 * with `serviceContext`, so a service's parameters are only what the call itself is about.
 */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  links: FileLinks;
}

/**
 * The parts of a service context a helper needs, its `db` possibly the transaction its caller runs in:
 * `recordOperatorAction({ db: tx, clock, actor }, entry)`.
 */
export type ContextOf<K extends keyof ServiceContext> = { [P in K]: P extends 'db' ? Executor : ServiceContext[P] };

/** A call's service context from the app's dependencies and the call's actor and language. */
export const serviceContext = (
  deps: { db: Database; clock: Clock; fileLinks: FileLinks },
  call: { actor: Actor; lang: Language },
): ServiceContext => ({ db: deps.db, clock: deps.clock, links: deps.fileLinks, actor: call.actor, lang: call.lang });
