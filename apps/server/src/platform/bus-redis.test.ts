import { randomBytes } from 'node:crypto';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type BusEvents, type EventBus, LocalBus } from './bus';
import { RedisBus } from './bus-redis';

// With TEST_REDIS_URL (CI sets it in the PostgreSQL pass) two Redis buses stand for two server
// instances; without it the in-process bus, which a single instance uses, meets the same contract.
const redisUrl = process.env.TEST_REDIS_URL;
const runPrefix = `test-bus-${process.pid}-${randomBytes(4).toString('hex')}`;
let prefixCounter = 0;
const logged: Array<{ details: object; message: string }> = [];
const log = { error: (details: object, message: string) => void logged.push({ details, message }) };
const opened: RedisBus[] = [];

/** The buses of two instances of one deployment (channel prefix), or the one in-process bus. */
async function instances(prefix = `${runPrefix}-${++prefixCounter}:`): Promise<EventBus[]> {
  if (!redisUrl) return [new LocalBus()];
  const buses = [0, 1].map(() => new RedisBus({ url: redisUrl, channelPrefix: prefix, log }));
  opened.push(...buses);
  return buses;
}

/** Starts listening on every bus (and waits until Redis confirms it), recording what each hears. */
async function listen<K extends keyof BusEvents>(buses: EventBus[], topic: K) {
  const heard = buses.map(() => [] as BusEvents[K][]);
  const stops = buses.map((bus, index) => bus.subscribe(topic, (payload) => heard[index]?.push(payload)));
  for (const bus of buses) if (bus instanceof RedisBus) await bus.ready();
  return { heard, stops };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Publishes a last event from every bus and waits until every listener has it: Redis sends a
 * connection's messages in order, so anything (a duplicate) still to come would have come first.
 */
async function drain(buses: EventBus[], heard: BusEvents['chat.deliver'][][]) {
  for (const bus of buses) bus.publish('chat.deliver', { userIds: [], frame: 'end' });
  await until(() => heard.every((list) => list.filter((p) => p.frame === 'end').length >= buses.length), 'the end');
  return heard.map((list) => list.filter((p) => p.frame !== 'end'));
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
  logged.length = 0;
});

describe(redisUrl ? 'RedisBus (two instances over Redis)' : 'LocalBus (one instance, no Redis)', () => {
  it('hands an event published on any instance to every instance’s subscribers exactly once, payload intact', async () => {
    const buses = await instances();
    const { heard } = await listen(buses, 'chat.deliver');
    const sent = buses.map((_bus, index) => ({
      userIds: [index + 1, 42],
      frame: `{"n":${index}}`,
      exceptConnectionId: 'c',
    }));
    for (const [index, bus] of buses.entries()) bus.publish('chat.deliver', sent[index] as BusEvents['chat.deliver']);
    const received = await drain(buses, heard);
    // Exactly once each; two instances' publishing connections race, so their order is not promised.
    const byFrame = (a: { frame: string }, b: { frame: string }) => a.frame.localeCompare(b.frame);
    for (const list of received) expect([...list].sort(byFrame)).toEqual(sent);
  });

  it('stops handing events to a handler once it unsubscribes, and keeps handing them to the others', async () => {
    const buses = await instances();
    const { heard } = await listen(buses, 'chat.deliver');
    const leaving: unknown[] = [];
    const stop = buses[0]?.subscribe('chat.deliver', (payload) => void leaving.push(payload));
    buses[0]?.publish('chat.deliver', { userIds: [1], frame: 'before' });
    await until(() => leaving.length === 1, 'the first event');
    stop?.();
    buses[0]?.publish('chat.deliver', { userIds: [1], frame: 'after' });
    const received = await drain(buses, heard);
    expect(leaving).toEqual([{ userIds: [1], frame: 'before' }]);
    for (const list of received) expect(list.map((p) => p.frame)).toEqual(['before', 'after']);
  });

  it('keeps topics apart, and deployments (channel prefixes) apart', async () => {
    const buses = await instances();
    const others = await instances();
    const chat = await listen(buses, 'chat.deliver');
    const prices = await listen(buses, 'price.changed');
    const otherChat = await listen(others, 'chat.deliver');
    buses[0]?.publish('price.changed', { sortId: 1, seriesId: 2, date: '2026-11-23', priceCents: 1_850_000 });
    await until(() => prices.heard.every((list) => list.length === 1), 'the price event');
    expect(await drain(buses, chat.heard)).toEqual(buses.map(() => []));
    expect(otherChat.heard).toEqual(others.map(() => []));
  });
});

describe('RedisBus without a reachable Redis', () => {
  it('logs the outage once per connection rather than at every retry, and closes at once', async () => {
    // Nothing listens on port 1: every connection attempt is refused and the client keeps retrying.
    const bus = new RedisBus({ url: 'redis://127.0.0.1:1', channelPrefix: `${runPrefix}-down:`, log });
    bus.subscribe('chat.deliver', () => {});
    bus.publish('chat.deliver', { userIds: [1], frame: 'queued' });
    // Long enough for several reconnection attempts (50 ms, 100 ms, 150 ms ... apart).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(logged.map((entry) => entry.message)).toEqual([
      'event bus: Redis connection error',
      'event bus: Redis connection error',
    ]);
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(500);
  });
});

// What only a bus over a network connection meets: text from elsewhere, and subscribers on the
// connection's reader. CI always runs these in the PostgreSQL pass, where TEST_REDIS_URL is set.
if (redisUrl) {
  describe('RedisBus: faults', () => {
    it('logs and drops a message on its channel that is not JSON, and goes on delivering', async () => {
      const prefix = `${runPrefix}-raw:`;
      const buses = await instances(prefix);
      const { heard } = await listen(buses, 'chat.deliver');
      const raw = new Redis(redisUrl);
      try {
        await raw.publish(`${prefix}chat.deliver`, 'not json{');
      } finally {
        await raw.quit();
      }
      expect(await drain(buses, heard)).toEqual(buses.map(() => []));
      expect(logged.filter((entry) => entry.message === 'event bus: message is not JSON')).toHaveLength(buses.length);
    });

    it('hears events again once a dropped subscriber connection is back (the client subscribes again)', async () => {
      const prefix = `${runPrefix}-dropped:`;
      const buses = await instances(prefix);
      const { heard } = await listen(buses, 'chat.deliver');
      const { heard: missed } = await listen(buses, 'events.missed');
      const admin = new Redis(redisUrl);
      try {
        const clients = (await admin.client('LIST')) as string;
        const ids = clients
          .split('\n')
          .filter((line) => line.includes(` name=${prefix}subscribe `))
          .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
        expect(ids).toHaveLength(buses.length);
        for (const id of ids) await admin.client('KILL', 'ID', id as string);
      } finally {
        await admin.quit();
      }
      // Pub/sub keeps nothing for a disconnected listener: probe until both are back, then count afresh.
      let probe = 0;
      await until(() => {
        buses[0]?.publish('chat.deliver', { userIds: [], frame: `probe-${++probe}` });
        return heard.every((list) => list.some((p) => p.frame.startsWith('probe-')));
      }, 'the listeners to be back');
      for (const list of heard) list.length = 0;
      // Each instance was told, itself only, that it may have missed events while it was away.
      expect(missed).toEqual(buses.map(() => [{ source: 'bus' }]));
      buses[1]?.publish('chat.deliver', { userIds: [3], frame: 'after' });
      const received = await drain(buses, heard);
      for (const list of received)
        expect(list.filter((p) => !p.frame.startsWith('probe-'))).toEqual([{ userIds: [3], frame: 'after' }]);
    });

    it('tells of missed events only once the subscriptions are back: an event published then is heard', async () => {
      // Between the bus and Redis, a proxy that can drop the connections and hold back what the client sends.
      const target = new URL(redisUrl);
      const sockets = new Set<Socket>();
      let holdSubscribeMs = 0;
      const proxy = createServer((client) => {
        const server = tcpConnect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(server);
        server.pipe(client);
        // In order, each chunk after the one before; one carrying a SUBSCRIBE waits first while holding is on.
        let sending = Promise.resolve();
        client.on('data', (chunk: Buffer) => {
          const wait = holdSubscribeMs > 0 && /subscribe/i.test(chunk.toString('latin1')) ? holdSubscribeMs : 0;
          sending = sending
            .then(() => (wait ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined))
            .then(() => void server.write(chunk));
        });
        for (const socket of [client, server]) {
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            server.destroy();
          });
        }
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const address = proxy.address();
      if (!address || typeof address === 'string') throw new Error('proxy not listening');
      const prefix = `${runPrefix}-resubscribe:`;
      const viaProxy = `redis://127.0.0.1:${address.port}`;
      const bus = new RedisBus({ url: viaProxy, channelPrefix: prefix, log });
      opened.push(bus);
      const heard: string[] = [];
      bus.subscribe('chat.deliver', (payload) => void heard.push(payload.frame));
      const direct = new Redis(redisUrl);
      // As an instance's caches do: once told, read afresh at once, and expect to hear every change after that.
      const missed: number[] = [];
      bus.subscribe('events.missed', () => {
        missed.push(Date.now());
        void direct.publish(`${prefix}chat.deliver`, JSON.stringify({ userIds: [1], frame: 'right after' }));
      });
      try {
        await bus.ready();
        holdSubscribeMs = 300;
        for (const socket of sockets) socket.destroy();
        await until(() => missed.length === 1, 'events.missed');
        await until(() => heard.includes('right after'), 'the event published when told of missed ones');
        expect(missed).toHaveLength(1);
      } finally {
        await direct.quit();
        await bus.close();
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => proxy.close(resolve));
      }
    });

    it('hands an event to the other subscribers when one of them throws', async () => {
      const buses = await instances();
      buses[1]?.subscribe('chat.deliver', () => {
        throw new Error('subscriber broke');
      });
      const { heard } = await listen(buses, 'chat.deliver');
      buses[0]?.publish('chat.deliver', { userIds: [7], frame: 'x' });
      const received = await drain(buses, heard);
      for (const list of received) expect(list).toEqual([{ userIds: [7], frame: 'x' }]);
      expect(logged.filter((entry) => entry.message === 'event bus: subscriber failed').length).toBeGreaterThan(0);
    });
  });
}
