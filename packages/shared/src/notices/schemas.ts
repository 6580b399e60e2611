import { z } from 'zod';
import { formInt } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';

/** SPEC §2 message/trade_notice, activity_notice and function_notice: the three lists notices fall into. */
export const NOTICE_CATEGORIES = ['trade', 'activity', 'function'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

const category = () => z.enum(NOTICE_CATEGORIES, { error: 'common.invalidInput' });
const noticeId = () => formInt('common.invalidInput').pipe(z.number().int().min(1, { error: 'common.invalidInput' }));

export const ZNoticeListRequest = ZPageRequest.extend({ category: category() });
export const ZNoticeCategoryRequest = z.object({ category: category() });
export const ZNoticeIdRequest = z.object({ id: noticeId() });

/** A notice rendered in the caller's language. */
export const ZNotice = z.object({
  id: z.number(),
  category: z.enum(NOTICE_CATEGORIES),
  title: z.string(),
  content: z.string(),
  /** Seconds, like chat's sendDate. */
  createdAt: z.number(),
  read: z.boolean(),
  /** An app path (SPEC §2 page with its query) to the object the notice is about; null when there is none. */
  link: z.string().nullable(),
});
export type TNotice = z.infer<typeof ZNotice>;
export const ZNoticePage = z.object({ list: z.array(ZNotice), page: z.number(), hasMore: z.boolean() });
export type TNoticePage = z.infer<typeof ZNoticePage>;

/** Per category: unread notices and the newest notice (null when the category has none). */
export const ZNoticeUnreadCounts = z.object({
  total: z.number(),
  categories: z.array(
    z.object({
      category: z.enum(NOTICE_CATEGORIES),
      unread: z.number(),
      latest: z.object({ title: z.string(), content: z.string(), createdAt: z.number() }).nullable(),
    }),
  ),
});
export type TNoticeUnreadCounts = z.infer<typeof ZNoticeUnreadCounts>;
export const ZNoticeReadAllResult = z.object({ marked: z.number() });
