import { ChatFrameType } from '@metal/shared';
import WebSocket from 'ws';

export type Frame = Record<string, unknown>;

/** A test client on the chat socket (a real one: injectWS lacks the network socket the app's hooks need). */
export async function connectChat(socketUrl: string) {
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  // Browsers offer compression on the handshake too; the upgrade must not be answered compressed.
  const ws = new WebSocket(socketUrl, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    wake();
  });
  ws.on('close', wake);
  async function until<T>(check: () => T | undefined, what: string, timeoutMs = 3000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  const client = {
    ws,
    frames,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** The next frame of this type after the first `skip` of them. */
    frameOf: (type: number, skip = 0) =>
      until(() => frames.filter((f) => f.type === type)[skip], `frame type ${type} #${skip + 1}`),
    /** Waits for the first frame matching `check`. */
    frameWhere: (check: (frame: Frame) => boolean, what: string) => until(() => frames.find(check), what),
    /** A round trip through the server: every frame sent before it has been handled. */
    async settle() {
      const seen = frames.filter((f) => f.type === ChatFrameType.heartbeat).length;
      ws.send(JSON.stringify({ type: ChatFrameType.heartbeat }));
      await until(() => frames.filter((f) => f.type === ChatFrameType.heartbeat)[seen], 'heartbeat');
    },
  };
  return client;
}
export type ChatClient = Awaited<ReturnType<typeof connectChat>>;

/** A client that identified with the session (and language) and was accepted. */
export async function identifiedChat(socketUrl: string, session: string, lang?: string) {
  const client = await connectChat(socketUrl);
  client.send({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: session, clientType: 5, lang }) });
  await client.settle();
  return client;
}
