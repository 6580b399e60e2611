import { EventEmitter } from 'node:events';

/** Events other parts of the server (and, later, other instances) react to. */
export interface BusEvents {
  /** A series' latest price changed (new or corrected row): push subscribers of `price-{sortId}`. */
  'price.changed': { sortId: number; seriesId: number; date: string; priceCents: number };
  /** A forecast round (the trading day `target`, every sort) reached a phase: apps showing it refresh. */
  'forecast.round': { target: string; phase: ForecastPhase };
  /** Sessions of this user ended (logout, password change or reset): every instance forgets those it holds. */
  'sessions.ended': { userId: number };
  /**
   * A company's employees or roles changed (a role's permissions, who holds it, who is authorized): every
   * instance forgets the sessions of that company it holds, so the next call reads the permissions again.
   */
  'staff.changed': { rootId: number };
  /**
   * What a user's profile summary (`user/info`) shows changed: of one user (follows, their forecast VIP),
   * or of everyone in a company (its info, shop, certification, visitors). Instances forget what they hold.
   */
  'profiles.changed': { userId: number } | { rootId: number };
  /** A listing was posted or edited (its series may have changed): searches price it from its series' quote. */
  'stocks.saved': { stockId: number };
  /** A chat frame (JSON text) for every connection of these users, except the one it came from. */
  'chat.deliver': { userIds: number[]; frame: string; exceptConnectionId?: string };
  /**
   * Events may have been lost: this instance's LISTEN for committed events (whose events no other
   * instance hears either) or its bus connection dropped and is back. What is kept in memory on the
   * strength of events (sessions, profiles, quotes, listings' prices) is forgotten and read again, so
   * an ending or change made during the gap holds at the next call rather than after the cache's age.
   */
  'events.missed': { source: 'committed-events' | 'bus' };
}

export type ForecastPhase = 'opened' | 'closed' | 'settled' | 'statsPublished';

export interface EventBus {
  publish<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, handler: (payload: BusEvents[K]) => void): () => void;
}

/** In-process fan-out: enough for one instance; a Redis-backed bus takes its place across instances. */
export class LocalBus implements EventBus {
  private readonly emitter = new EventEmitter();

  publish<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]) {
    this.emitter.emit(topic, payload);
  }

  subscribe<K extends keyof BusEvents>(topic: K, handler: (payload: BusEvents[K]) => void) {
    this.emitter.on(topic, handler);
    return () => void this.emitter.off(topic, handler);
  }
}
