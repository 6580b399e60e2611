import { Calls, ChatFrameType } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { listenForNotices } from './notices.live';
import { listNotices, noticeDetail, readAll, unreadCounts } from './notices.service';

export function noticesRoutes(app: FastifyInstance) {
  const { db, clock, bus } = app.deps;
  registerCall(app, Calls.noticeList, ({ actor, input, lang }) =>
    listNotices({ db, actor, lang, category: input.category, page: input.page, pageSize: input.pageSize }),
  );
  registerCall(app, Calls.noticeDetail, ({ actor, input, lang }) =>
    noticeDetail({ db, clock, actor, lang, id: input.id }),
  );
  registerCall(app, Calls.noticeUnreadCounts, ({ actor, lang }) => unreadCounts({ db, actor, lang }));
  registerCall(app, Calls.noticeReadAll, ({ actor, input }) => readAll({ db, clock, actor, category: input.category }));

  // A committed notice reaches its user's open chat connections as a notice frame; they fetch the counts.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await listenForNotices(
      db,
      ({ userId, category }) =>
        bus.publish('chat.deliver', {
          userIds: [userId],
          frame: JSON.stringify({ type: ChatFrameType.notice, category }),
        }),
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
}
