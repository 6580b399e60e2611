import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { BusEvents, EventBus } from './bus';

/** Where the bus reports what it cannot hand on (the app's logger). */
export interface BusLog {
  error(details: object, message: string): void;
}

export interface RedisBusOptions {
  url: string;
  /** Begins every channel name, so deployments (or parallel test runs) sharing a Redis do not hear each other. */
  channelPrefix: string;
  log: BusLog;
}

type Topic = keyof BusEvents;

/**
 * The event bus across instances, over Redis pub/sub: one connection publishes, one listens. An
 * event reaches this instance's subscribers only when Redis sends it back, as it does to every
 * other instance, so each subscriber everywhere sees each event exactly once. The client
 * reconnects by itself and subscribes again to the channels it had.
 */
export class RedisBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new EventEmitter();
  private readonly subscriptions = new Map<Topic, Promise<unknown>>();
  private readonly channelPrefix: string;
  private readonly log: BusLog;
  /** An event failed to go out since the publisher was last ready. */
  private unpublished = false;
  private closing = false;

  constructor(options: RedisBusOptions) {
    this.channelPrefix = options.channelPrefix;
    this.log = options.log;
    // Named so CLIENT LIST shows which connections are the bus's.
    this.publisher = new Redis(options.url, { connectionName: `${options.channelPrefix}publish` });
    this.subscriber = new Redis(options.url, { connectionName: `${options.channelPrefix}subscribe` });
    // Without listeners ioredis prints connection errors to stderr itself; they belong in the log,
    // once per outage rather than at every reconnection attempt.
    for (const connection of [this.publisher, this.subscriber]) {
      let reported = false;
      connection.on('ready', () => {
        reported = false;
      });
      connection.on('error', (error: Error) => {
        if (reported) return;
        reported = true;
        this.log.error({ err: error }, 'event bus: Redis connection error');
      });
    }
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    // Pub/sub keeps nothing for a listener that is away: back, this instance forgets what it kept on the
    // strength of events it may have missed (its own subscribers only; the others heard them). Not at
    // 'ready' itself: ioredis subscribes to the channels again only then, and a cache read afresh before
    // Redis has taken that would miss what is published meanwhile, for the cache's whole age.
    let subscriberReadyBefore = false;
    this.subscriber.on('ready', () => {
      if (subscriberReadyBefore) void this.resubscribed();
      subscriberReadyBefore = true;
    });
    // An event that could not be published reached no instance: once Redis takes events again, every
    // instance is told.
    this.publisher.on('ready', () => {
      if (!this.unpublished) return;
      this.unpublished = false;
      this.publish('events.missed', { source: 'bus' });
    });
  }

  publish<K extends Topic>(topic: K, payload: BusEvents[K]) {
    this.publisher.publish(this.channelPrefix + topic, JSON.stringify(payload)).catch((error: unknown) => {
      this.unpublished = true;
      this.log.error({ err: error, topic }, 'event bus: event not published');
    });
  }

  subscribe<K extends Topic>(topic: K, handler: (payload: BusEvents[K]) => void) {
    if (!this.subscriptions.has(topic)) {
      const subscribed = this.subscriber.subscribe(this.channelPrefix + topic);
      // ready() hands the failure to whoever waits on it; the log has it even when nobody does.
      subscribed.catch((error: unknown) => this.log.error({ err: error, topic }, 'event bus: not subscribed'));
      this.subscriptions.set(topic, subscribed);
    }
    this.handlers.on(topic, handler);
    return () => void this.handlers.off(topic, handler);
  }

  /** Settles once Redis has confirmed every subscription so far: events published from then on are heard. */
  async ready() {
    await Promise.all(this.subscriptions.values());
  }

  async close() {
    this.closing = true;
    this.handlers.removeAllListeners();
    // A connected client sends what is queued and says goodbye; one still reconnecting is just dropped
    // (quit would wait for a connection that may never come).
    await Promise.allSettled(
      [this.publisher, this.subscriber].map((connection) =>
        connection.status === 'ready' ? connection.quit() : connection.disconnect(),
      ),
    );
  }

  private receive(channel: string, text: string) {
    if (!channel.startsWith(this.channelPrefix)) return;
    const topic = channel.slice(this.channelPrefix.length);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      return this.log.error({ err: error, channel }, 'event bus: message is not JSON');
    }
    this.dispatch(topic, payload);
  }

  /**
   * After the subscriber connection came back: subscribes to every channel once more (Redis answers in
   * order, so its reply also follows that of ioredis's own re-subscription; subscribing twice is
   * harmless) and only on the reply tells this instance's subscribers that events may have been missed.
   * Should the connection drop again first, its next 'ready' tells them instead.
   */
  private async resubscribed() {
    const channels = [...this.subscriptions.keys()].map((topic) => this.channelPrefix + topic);
    try {
      if (channels.length > 0) await this.subscriber.subscribe(...channels);
    } catch (error) {
      if (!this.closing) this.log.error({ err: error }, 'event bus: not subscribed again');
      return;
    }
    this.dispatch('events.missed', { source: 'bus' });
  }

  /** Hands an event to this instance's subscribers of its topic. */
  private dispatch(topic: string, payload: unknown) {
    for (const handler of this.handlers.listeners(topic)) {
      // One failing subscriber must neither keep the event from the others nor break the connection's reader.
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, topic }, 'event bus: subscriber failed');
      }
    }
  }
}
