import { randomUUID } from 'node:crypto';
import websocket, { type WebSocket } from '@fastify/websocket';
import {
  CHAT_CLOSE_UNIDENTIFIED,
  CHAT_FRAME_WINDOW_MS,
  CHAT_FRAMES_PER_WINDOW,
  CHAT_IDENTIFY_TIMEOUT_MS,
  ChatFrameType,
  CodeFlag,
  type CodeFlagValue,
  findUnstorableText,
  isMessageKey,
  isStorableText,
  type Language,
  type MessageKey,
  normalizeLanguage,
  translate,
  ZChatSendFrame,
} from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { deliverFrame } from '../../platform/delivery';
import { AppError } from '../../platform/errors';
import { queueChatMessagePush } from '../push/push.chat';
import { productLinkCheckers } from './chat.product-links';
import { messageFrame, storeMessage } from './chat.service';

interface Connection {
  id: string;
  userId: number;
  sessionId: string;
  socket: WebSocket;
}

/**
 * This instance's identified chat connections by user. Frames reach them through the bus's
 * 'chat.deliver' topic, so with a shared bus every instance delivers to the connections it holds.
 */
export class ChatConnections {
  private readonly byUser = new Map<number, Set<Connection>>();

  add(connection: Connection) {
    const set = this.byUser.get(connection.userId) ?? new Set();
    set.add(connection);
    this.byUser.set(connection.userId, set);
  }

  remove(connection: Connection) {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Whether the user has a chat connection open on this instance. */
  isConnected(userId: number) {
    return this.byUser.has(userId);
  }

  deliver(userIds: number[], frame: string, exceptConnectionId?: string) {
    for (const userId of new Set(userIds)) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (connection.id === exceptConnectionId) continue;
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame);
      }
    }
  }
}

function parseFrame(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The session id and language an identify frame names, or undefined when it is not one. */
function identifyOf(frame: Record<string, unknown> | undefined) {
  if (!frame || frame.type !== ChatFrameType.identify || typeof frame.info !== 'string') return undefined;
  const info = parseFrame(frame.info);
  if (!info || typeof info.uuid !== 'string' || info.uuid === '' || info.uuid.length > 128) return undefined;
  if (!isStorableText(info.uuid)) return undefined;
  const lang = typeof info.lang === 'string' ? normalizeLanguage(info.lang) : undefined;
  return { sessionId: info.uuid, lang };
}

const connectionsByApp = new WeakMap<FastifyInstance, ChatConnections>();

/** The chat connections an app holds: its socket route adds them, its 'chat.deliver' subscription sends to them. */
export function chatConnectionsOf(app: FastifyInstance) {
  let connections = connectionsByApp.get(app);
  if (!connections) {
    connections = new ChatConnections();
    connectionsByApp.set(app, connections);
  }
  return connections;
}

/** Frames are small JSON objects. */
const CHAT_FRAME_MAX_BYTES = 64 * 1024;

/** `GET /chat/ws` (PROTOCOL.md "Chat WebSocket"). */
export async function chatSocketRoute(app: FastifyInstance) {
  const { db, clock, bus, config } = app.deps;
  const connections = chatConnectionsOf(app);
  const productLinks = productLinkCheckers(app.deps.modules);

  // Only the chat socket needs the WebSocket plugin, which wraps the handler of every route in its
  // scope to look for an upgrade: registered here, the .htmls calls do not pay for it.
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: CHAT_FRAME_MAX_BYTES } });
    // The socket server stays reachable from the app (the fault test closes sockets from the server's side).
    app.decorate('websocketServer', scope.websocketServer);
    scope.get('/chat/ws', { websocket: true }, (socket, request) => {
      let lang: Language = request.lang;
      let connection: Connection | undefined;
      let closed = false;
      const send = (frame: object) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const refuse = (key: MessageKey, uuid?: string, codeFlag: CodeFlagValue = CodeFlag.invalidInput) =>
        send({ type: ChatFrameType.error, ...(uuid ? { uuid } : {}), codeFlag, mesg: translate(key, lang) });
      const closeUnidentified = () => {
        if (!closed) socket.close(CHAT_CLOSE_UNIDENTIFIED, 'unidentified');
      };
      const identifyTimer = setTimeout(closeUnidentified, config.chatIdentifyTimeoutMs ?? CHAT_IDENTIFY_TIMEOUT_MS);

      async function identify(frame: Record<string, unknown> | undefined) {
        const identity = identifyOf(frame);
        const actor = identity ? await app.resolveSession(identity.sessionId) : undefined;
        clearTimeout(identifyTimer);
        if (!identity || !actor || actor.userId === 0) return closeUnidentified();
        if (identity.lang) lang = identity.lang;
        if (closed) return;
        connection = { id: randomUUID(), userId: actor.userId, sessionId: identity.sessionId, socket };
        connections.add(connection);
      }

      // The HTTP rate limit does not see socket frames: a flooding connection is slowed down here.
      let windowStart = Date.now();
      let framesInWindow = 0;
      const overLimit = () => {
        const now = Date.now();
        if (now - windowStart >= CHAT_FRAME_WINDOW_MS) {
          windowStart = now;
          framesInWindow = 0;
        }
        framesInWindow += 1;
        return framesInWindow > CHAT_FRAMES_PER_WINDOW;
      };

      async function sendMessage(current: Connection, frame: Record<string, unknown>) {
        const uuid = typeof frame.uuid === 'string' ? frame.uuid : undefined;
        if (overLimit()) return refuse('common.tooManyRequests', uuid, CodeFlag.tooManyRequests);
        // A session logged out (or a user disabled) after identifying must not go on sending.
        const actor = await app.resolveSession(current.sessionId);
        if (actor.userId !== current.userId) return socket.close(CHAT_CLOSE_UNIDENTIFIED, 'session ended');
        const parsed = ZChatSendFrame.safeParse(frame);
        if (!parsed.success) {
          const key = parsed.error.issues[0]?.message;
          return refuse(key && isMessageKey(key) ? key : 'chat.frameInvalid', uuid);
        }
        if (findUnstorableText(parsed.data)) return refuse('common.unstorableCharacters', uuid);
        try {
          const { message, duplicate, pushesQueued } = await storeMessage({
            db,
            clock,
            senderId: current.userId,
            frame: parsed.data,
            links: app.deps.fileLinks,
            productLinks,
            lang,
            queuePush: (tx, stored) =>
              connections.isConnected(stored.receiveUserId)
                ? Promise.resolve(0)
                : queueChatMessagePush(tx, clock, stored),
          });
          // Beside PROTOCOL's uuid, the stored id and the server's sendDate: the sender orders its own
          // message by the server's clock, as the peer does, not by the phone's.
          send({ type: ChatFrameType.ack, info: message.uuid, id: message.id, sendDate: message.sendDate });
          if (duplicate) return;
          // A client's message goes out here rather than on commit: a long text is beyond NOTIFY's payload.
          deliverFrame(bus, {
            userIds: [message.receiveUserId, message.sendUserId],
            frame: messageFrame(message),
            exceptConnectionId: current.id,
          });
          // Queued with the message; sent once the dispatcher wakes, after the commit.
          if (pushesQueued > 0) void app.deps.pushDispatcher.nudge();
        } catch (error) {
          if (error instanceof AppError) return refuse(error.messageKey, uuid, error.codeFlag);
          request.log.error({ err: error }, 'chat message not stored');
          refuse('common.serverFault', uuid, CodeFlag.serverFault);
        }
      }

      async function handle(raw: string) {
        const frame = parseFrame(raw);
        if (!connection) return identify(frame);
        if (!frame) return refuse('chat.frameInvalid');
        if (frame.type === ChatFrameType.heartbeat) return send({ type: ChatFrameType.heartbeat });
        return sendMessage(connection, frame);
      }

      // Frames are handled one after another so the identify frame is settled before any message.
      let queue: Promise<unknown> = Promise.resolve();
      socket.on('message', (data) => {
        const raw = data.toString();
        queue = queue.then(() => handle(raw)).catch((error) => request.log.error({ err: error }, 'chat frame failed'));
      });
      socket.on('close', () => {
        closed = true;
        clearTimeout(identifyTimer);
        if (connection) connections.remove(connection);
      });
    });
  });
}
