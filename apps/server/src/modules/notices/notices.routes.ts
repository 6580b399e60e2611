import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { listNotices, noticeDetail, readAll, unreadCounts } from './notices.service';

export function noticesRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.noticeList, ({ actor, input, lang }) =>
    listNotices({ db, actor, lang, category: input.category, page: input.page, pageSize: input.pageSize }),
  );
  registerCall(app, Calls.noticeDetail, ({ actor, input, lang }) =>
    noticeDetail({ db, clock, actor, lang, id: input.id }),
  );
  registerCall(app, Calls.noticeUnreadCounts, ({ actor, lang }) => unreadCounts({ db, actor, lang }));
  registerCall(app, Calls.noticeReadAll, ({ actor, input }) => readAll({ db, clock, actor, category: input.category }));
}
