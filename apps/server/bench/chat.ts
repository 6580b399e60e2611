// The chat socket under load: how many identified connections the app holds, how many messages a
// second it stores and delivers, and the delivery latency (sender's frame out → receiver's type 1 in),
// beside a bare `ws` relay that forwards the same frames between the same connections without
// sessions, checks or storage, measured in the same run, so the figures are ratios that hold across
// machines. The clients run in this process too, so both servers share the CPU with them alike.
//
// Two phases on the same connections: a burst (every connection sends BENCH_BURST messages at once,
// within the server's per-connection frame limit) gives the messages per second each server sustains
// until all are delivered; then a paced phase at half the app's measured rate, the same for both,
// gives the latency of a server that keeps up (p50, p99).
//
// The app runs on PostgreSQL when DATABASE_URL names a server (a fresh database on it, dropped
// afterwards), else on the embedded PGlite. Prints numbers; asserts nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_FRAMES_PER_WINDOW, ChatContentType, ChatFrameType, chatIdOf, type TChatMessage } from '@metal/shared';
import WebSocket, { WebSocketServer } from 'ws';
import { buildTestApp } from '../test/helpers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);
/** Messages each connection sends at once in the burst: under the per-connection frame limit. */
const BURST = Math.min(Number(process.env.BENCH_BURST ?? 10), CHAT_FRAMES_PER_WINDOW - 10);
const PACED_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Connections opened at once while connecting them all. */
const OPENING_BATCH = 50;
/** How long a phase waits for its last deliveries. */
const DRAIN_MS = 120_000;

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

type Frame = Record<string, unknown>;

interface Peer {
  userId: number;
  session: string;
  ws: WebSocket;
  partner: number;
}

interface Tally {
  sent: number;
  delivered: number;
  refused: number;
  latencies: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

async function open(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

/** A heartbeat answered: every frame sent before it, the identify frame included, has been handled. */
function roundTrip(ws: WebSocket) {
  return new Promise<void>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(data.toString()) as Frame).type !== ChatFrameType.heartbeat) return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
  });
}

/** One connection per user, identified (a heartbeat answered after the identify frame), paired with the next user. */
async function connectAll(url: string, users: Array<{ userId: number; session: string }>) {
  const peers: Peer[] = [];
  for (let start = 0; start < users.length; start += OPENING_BATCH) {
    const batch = users.slice(start, start + OPENING_BATCH);
    const opened = await Promise.all(
      batch.map(async (user, offset) => {
        const ws = await open(url);
        ws.send(
          JSON.stringify({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: user.session, clientType: 5 }) }),
        );
        await roundTrip(ws);
        const index = start + offset;
        const partner = users[index % 2 === 0 ? index + 1 : index - 1]?.userId ?? user.userId;
        return { ...user, ws, partner };
      }),
    );
    peers.push(...opened);
  }
  return peers;
}

function listen(peers: Peer[]) {
  const tally: Tally = { sent: 0, delivered: 0, refused: 0, latencies: [] };
  const onMessage = (data: WebSocket.RawData) => {
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame.type === ChatFrameType.message) {
      const message = JSON.parse(frame.info as string) as TChatMessage;
      const { sentAt } = JSON.parse(message.info) as { sentAt: number };
      tally.latencies.push(performance.now() - sentAt);
      tally.delivered += 1;
    } else if (frame.type === ChatFrameType.error) tally.refused += 1;
  };
  for (const peer of peers) peer.ws.on('message', onMessage);
  return {
    tally,
    stop: () => {
      for (const peer of peers) peer.ws.off('message', onMessage);
    },
  };
}

let counter = 0;
function sendOne(peer: Peer, tally: Tally) {
  const uuid = `bench-${peer.userId}-${++counter}`;
  peer.ws.send(
    JSON.stringify({
      type: ChatContentType.text,
      chatId: chatIdOf(peer.userId, peer.partner),
      info: JSON.stringify({ mesg: uuid, sentAt: performance.now() }),
      receiveUserId: peer.partner,
      uuid,
      sendDate: Math.floor(Date.now() / 1000),
    }),
  );
  tally.sent += 1;
}

async function drain(tally: Tally) {
  const until = performance.now() + DRAIN_MS;
  while (tally.delivered + tally.refused < tally.sent && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every connection sends BURST messages at once; the rate is what was delivered over the time it took. */
async function burst(peers: Peer[]) {
  const { tally, stop } = listen(peers);
  const started = performance.now();
  for (let n = 0; n < BURST; n += 1) for (const peer of peers) sendOne(peer, tally);
  await drain(tally);
  const seconds = (performance.now() - started) / 1000;
  stop();
  return { ...tally, perSecond: tally.delivered / seconds };
}

/** `perSecond` messages a second spread evenly over the connections for PACED_SECONDS. */
async function paced(peers: Peer[], perSecond: number) {
  const { tally, stop } = listen(peers);
  const total = Math.max(1, Math.round(perSecond * PACED_SECONDS));
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const peer = peers[n % peers.length];
    if (peer) sendOne(peer, tally);
  }
  await drain(tally);
  stop();
  return tally;
}

async function closeAll(peers: Peer[]) {
  await Promise.all(
    peers.map(
      (peer) =>
        new Promise((resolve) => {
          peer.ws.once('close', resolve);
          peer.ws.close();
        }),
    ),
  );
}

/** The bare relay: identify by user id, then each message frame forwarded to the receiver and acknowledged. */
async function bareRelay() {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const byUser = new Map<number, WebSocket>();
  wss.on('connection', (ws) => {
    let userId: number | undefined;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (userId === undefined) {
        userId = Number((JSON.parse(frame.info as string) as { uuid: string }).uuid);
        byUser.set(userId, ws);
        return;
      }
      if (frame.type === ChatFrameType.heartbeat) return ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
      ws.send(JSON.stringify({ type: ChatFrameType.ack, info: frame.uuid }));
      const message = { ...frame, sendUserId: userId, status: 2 };
      byUser
        .get(Number(frame.receiveUserId))
        ?.send(JSON.stringify({ type: ChatFrameType.message, info: JSON.stringify(message) }));
    });
    ws.on('close', () => {
      if (userId !== undefined && byUser.get(userId) === ws) byUser.delete(userId);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    held: () => byUser.size,
    close: () =>
      new Promise<void>((resolve) => {
        wss.close();
        server.close(() => resolve());
      }),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
function latency(tally: Tally) {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const t = await buildTestApp();
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const users: Array<{ userId: number; session: string }> = [];
for (let index = 0; index < CONNECTIONS; index += 1) {
  const built = await t.buildUser();
  users.push({ userId: built.user.id, session: built.session });
}
const relay = await bareRelay();

console.log(`chat bench: ${CONNECTIONS} connections, database ${t.kind}`);
const appPeers = await connectAll(`${address.replace('http', 'ws')}/chat/ws`, users);
const appHeld = t.app.websocketServer.clients.size;
const appBurst = await burst(appPeers);
const rate = Math.max(1, Math.round(appBurst.perSecond / 2));
const appPaced = await paced(appPeers, rate);
await closeAll(appPeers);

const barePeers = await connectAll(
  relay.url,
  users.map((user) => ({ userId: user.userId, session: String(user.userId) })),
);
const bareHeld = relay.held();
const bareBurst = await burst(barePeers);
const barePaced = await paced(barePeers, rate);
await closeAll(barePeers);
await relay.close();

const appLatency = latency(appPaced);
const bareLatency = latency(barePaced);
const row = (name: string, held: number, b: typeof appBurst, p: Tally, l: { p50: number; p99: number }) =>
  console.log(
    `${name.padEnd(14)} held ${held}  burst ${b.delivered}/${b.sent} delivered (${b.refused} refused) ` +
      `${b.perSecond.toFixed(0)} msg/s  |  paced ${rate} msg/s: ${p.delivered}/${p.sent} delivered, ` +
      `p50 ${ms(l.p50)}  p99 ${ms(l.p99)}`,
  );
row('app /chat/ws', appHeld, appBurst, appPaced, appLatency);
row('bare ws relay', bareHeld, bareBurst, barePaced, bareLatency);
console.log(
  `app / bare: ${(appBurst.perSecond / bareBurst.perSecond).toFixed(3)}× the messages per second; ` +
    `at ${rate} msg/s p50 latency ${(appLatency.p50 / bareLatency.p50).toFixed(1)}×, p99 ${(appLatency.p99 / bareLatency.p99).toFixed(1)}×`,
);
await t.close();
