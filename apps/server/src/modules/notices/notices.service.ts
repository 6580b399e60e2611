import {
  ChatFrameType,
  type Language,
  NOTICE_CATEGORIES,
  type NoticeCategory,
  PAGE_SIZE_DEFAULT,
  type TNotice,
  type TNoticePage,
  type TNoticeUnreadCounts,
  translate,
} from '@metal/shared';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { deliverOnCommit } from '../../platform/delivery';
import { forbidden, notFound } from '../../platform/errors';
import { queueNoticePush } from '../push/push.outbox';
import { NOTICE_CATALOG, type NoticeMessageKey, noticeKeysOf, subjectId } from './notices.catalog';
import { notices } from './notices.table';

/**
 * Records a notice for a user, in the caller's transaction so it exists exactly when the change does;
 * the user's open chat connections hear of it once that transaction commits (platform/delivery.ts).
 */
export async function sendNotice(
  tx: Executor,
  clock: Clock,
  notice: {
    userId: number;
    messageKey: NoticeMessageKey;
    params?: Record<string, string | number>;
    subject?: string;
    senderId?: number;
  },
) {
  const [row] = await tx
    .insert(notices)
    .values({
      userId: notice.userId,
      messageKey: notice.messageKey,
      params: notice.params ?? {},
      subject: notice.subject ?? '',
      senderId: notice.senderId ?? null,
      createdAt: clock.now(),
    })
    .returning({ id: notices.id });
  // In the same transaction: the notice is pushed exactly when it exists (the push job sends it within a minute).
  if (row) await queueNoticePush(tx, clock, { id: row.id, userId: notice.userId });
  // Its user's open connections hear of it (a notice frame; they fetch the counts) once the caller's transaction commits.
  await deliverOnCommit(tx, {
    userIds: [notice.userId],
    frame: { type: ChatFrameType.notice, category: NOTICE_CATALOG[notice.messageKey].category },
  });
}

type NoticeRow = typeof notices.$inferSelect;

function renderNotice(row: NoticeRow, lang: Language): TNotice {
  const kind = NOTICE_CATALOG[row.messageKey as NoticeMessageKey];
  return {
    id: row.id,
    category: kind.category,
    title: kind.title[lang],
    content: translate(row.messageKey, lang, row.params),
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    read: row.readAt !== null,
    link: kind.link(subjectId(row.subject)),
  };
}

const ofCategory = (userId: number, category: NoticeCategory) =>
  and(eq(notices.userId, userId), inArray(notices.messageKey, noticeKeysOf(category)));

/** `notice/list`: one category of my notices, newest first. */
export async function listNotices(options: {
  db: Database;
  actor: Actor;
  lang: Language;
  category: NoticeCategory;
  page?: number;
  pageSize?: number;
}): Promise<TNoticePage> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? PAGE_SIZE_DEFAULT;
  const rows = await options.db
    .select()
    .from(notices)
    .where(ofCategory(options.actor.userId, options.category))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    list: rows.slice(0, pageSize).map((row) => renderNotice(row, options.lang)),
    page,
    hasMore: rows.length > pageSize,
  };
}

/** `notice/detail`: one of my notices, which reading marks read. Someone else's: refused, left unread. */
export async function noticeDetail(options: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  id: number;
}): Promise<TNotice> {
  const { db, actor, id } = options;
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  if (!row || !Object.hasOwn(NOTICE_CATALOG, row.messageKey)) throw notFound();
  if (row.userId !== actor.userId) throw forbidden();
  if (row.readAt !== null) return renderNotice(row, options.lang);
  const [read] = await db
    .update(notices)
    .set({ readAt: options.clock.now() })
    .where(and(eq(notices.id, id), isNull(notices.readAt)))
    .returning();
  return renderNotice(read ?? row, options.lang);
}

/** `notice/unread_counts`: per list, how many are unread and the newest notice. */
export async function unreadCounts(options: {
  db: Database;
  actor: Actor;
  lang: Language;
}): Promise<TNoticeUnreadCounts> {
  const { db, actor, lang } = options;
  const categories = await Promise.all(
    NOTICE_CATEGORIES.map(async (category) => {
      const [unread] = await db
        .select({ n: count() })
        .from(notices)
        .where(and(ofCategory(actor.userId, category), isNull(notices.readAt)));
      const [latest] = await db
        .select()
        .from(notices)
        .where(ofCategory(actor.userId, category))
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(1);
      const shown = latest ? renderNotice(latest, lang) : null;
      return {
        category,
        unread: unread?.n ?? 0,
        latest: shown ? { title: shown.title, content: shown.content, createdAt: shown.createdAt } : null,
      };
    }),
  );
  return { total: categories.reduce((sum, c) => sum + c.unread, 0), categories };
}

/** `notice/read_all`: every unread notice of mine in one list becomes read. */
export async function readAll(options: {
  db: Database;
  clock: Clock;
  actor: Actor;
  category: NoticeCategory;
}): Promise<{ marked: number }> {
  const marked = await options.db
    .update(notices)
    .set({ readAt: options.clock.now() })
    .where(and(ofCategory(options.actor.userId, options.category), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return { marked: marked.length };
}
