import type { Database } from '../../db/client';
import { type Actor, VISITOR } from '../../platform/actor';
import type { EventBus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import { sha256 } from './accounts.crypto';
import { type LiveSession, readSession, type SessionEndings, touchSession } from './accounts.service';

/** Sessions held in memory at most; the least recently used one makes room. */
const MAX_SESSIONS = 10_000;

interface Held {
  session: LiveSession;
  /** When it was read from the database (clock milliseconds). */
  readAt: number;
}

/**
 * Live sessions in memory, so a call resolves its session without a database round trip. A
 * session stays dead on every instance the moment it ends: whoever ends sessions (logout, password
 * change or reset) forgets the user's here at once and publishes `sessions.ended`, which every
 * instance hears. A read that was under way when an ending arrived answers its own call but is not
 * kept, since it may predate the ending. A held session is read again after `maxAgeSeconds`, so a
 * change made behind the server's back (an account disabled or given a role in the database) shows
 * within that time. A company's permissions are part of its sessions: `staff.changed` forgets every
 * session of the company, so a role taken away holds at the very next call on every instance.
 */
export class SessionCache implements SessionEndings {
  private readonly held = new Map<string, Held>();
  /** Counts endings heard, so a read can tell whether one arrived while it was under way. */
  private endingsHeard = 0;
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly bus: EventBus;
  private readonly maxAgeMs: number;

  constructor(options: { db: Database; clock: Clock; bus: EventBus; maxAgeSeconds: number }) {
    this.db = options.db;
    this.clock = options.clock;
    this.bus = options.bus;
    this.maxAgeMs = options.maxAgeSeconds * 1000;
    this.bus.subscribe('sessions.ended', ({ userId }) => this.forget((actor) => actor.userId === userId));
    this.bus.subscribe('staff.changed', ({ rootId }) => this.forget((actor) => actor.rootId === rootId));
    this.bus.subscribe('events.missed', () => this.forget(() => true));
  }

  async resolve(sessionId: string): Promise<Actor> {
    const idHash = sha256(sessionId);
    const now = this.clock.now().getTime();
    const held = this.held.get(idHash);
    if (held && now - held.readAt < this.maxAgeMs && now < held.session.expiresAt.getTime()) {
      // Most recently used last, so the first entry is the one to drop when full.
      this.held.delete(idHash);
      this.held.set(idHash, held);
      const touched = await touchSession(this.db, this.clock, held.session);
      if (touched !== held.session) held.session = touched;
      return touched.actor;
    }
    this.held.delete(idHash);
    const endingsBefore = this.endingsHeard;
    const read = await readSession(this.db, this.clock, idHash);
    if (!read) return VISITOR;
    const session = await touchSession(this.db, this.clock, read);
    if (this.endingsHeard === endingsBefore && this.maxAgeMs > 0) this.keep(idHash, { session, readAt: now });
    return session.actor;
  }

  /** After a commit that ended sessions of the user: forgets them here and tells every instance. */
  ended(userId: number) {
    this.forget((actor) => actor.userId === userId);
    this.bus.publish('sessions.ended', { userId });
  }

  private forget(matches: (actor: Actor) => boolean) {
    this.endingsHeard++;
    for (const [idHash, held] of this.held) {
      if (matches(held.session.actor)) this.held.delete(idHash);
    }
  }

  private keep(idHash: string, held: Held) {
    if (this.held.size >= MAX_SESSIONS) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    this.held.set(idHash, held);
  }
}
