import { Calls, ChatFrameType } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { deliverFrame } from '../../platform/delivery';
import { registerCall } from '../../platform/protocol';
import { colleagues, peerState } from './chat.actions';
import { conversations, deleteConversation, history, markRead, peerPhone, unblock, unreadSize } from './chat.service';
import { chatSocketRoute } from './chat.socket';

export async function chatRoutes(app: FastifyInstance) {
  const { db, clock, bus } = app.deps;
  await chatSocketRoute(app);
  registerCall(app, Calls.unreadSize, ({ actor }) => unreadSize({ db, actor }));
  registerCall(app, Calls.chatRead, async ({ actor, input }) => {
    const marked = await markRead({ db, actor, peerId: input.userId, uuid: input.uuid });
    if (marked.length > 0) {
      // PROTOCOL.md: a type 6 frame names the message read, or without uuid every message to the reader.
      const frame =
        input.uuid === undefined
          ? { type: ChatFrameType.read, sendUserId: actor.userId }
          : { type: ChatFrameType.read, uuid: input.uuid, sendUserId: actor.userId };
      deliverFrame(bus, { userIds: [input.userId], frame });
    }
    return { marked: marked.length };
  });
  registerCall(app, Calls.chatConversations, ({ actor, input, lang }) =>
    conversations({ db, actor, lang, page: input.page, pageSize: input.pageSize }),
  );
  registerCall(app, Calls.chatHistory, ({ actor, input }) =>
    history({
      db,
      actor,
      peerId: input.userId,
      beforeId: input.beforeId,
      afterId: input.afterId,
      pageSize: input.pageSize,
    }),
  );
  registerCall(app, Calls.chatDeleteConversation, ({ actor, input }) =>
    deleteConversation({ db, clock, actor, peerId: input.userId }),
  );
  registerCall(app, Calls.chatUnblock, ({ actor, input }) => unblock({ db, actor, peerId: input.userId }));
  registerCall(app, Calls.chatPeerPhone, ({ actor, input }) => peerPhone({ db, actor, peerId: input.userId }));
  registerCall(app, Calls.chatColleagues, ({ actor }) => colleagues({ db, actor }));
  registerCall(app, Calls.chatPeerState, ({ actor, input }) => peerState({ db, actor, peerId: input.userId }));
}
