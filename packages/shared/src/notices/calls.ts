import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZNotice,
  ZNoticeCategoryRequest,
  ZNoticeIdRequest,
  ZNoticeListRequest,
  ZNoticePage,
  ZNoticeReadAllResult,
  ZNoticeUnreadCounts,
} from './schemas';

/** The `.htmls` calls of notices (see contract.ts). */
export const noticesCalls = {
  noticeList: contract({
    path: 'notice/list',
    auth: 'user',
    feature: 'notices',
    summary: 'My notices of one category (trade, activity, function), newest first, page by page, in my language',
    request: ZNoticeListRequest,
    response: ZNoticePage,
  }),
  noticeDetail: contract({
    path: 'notice/detail',
    auth: 'user',
    feature: 'notices',
    summary: 'One of my notices (notice_detail); marks it read',
    request: ZNoticeIdRequest,
    response: ZNotice,
  }),
  noticeUnreadCounts: contract({
    path: 'notice/unread_counts',
    auth: 'user',
    feature: 'notices',
    summary: 'Unread notices per category with the newest notice of each, and the total',
    request: ZEmptyRequest,
    response: ZNoticeUnreadCounts,
  }),
  noticeReadAll: contract({
    path: 'notice/read_all',
    auth: 'user',
    feature: 'notices',
    summary: 'Marks all my notices of one category read',
    request: ZNoticeCategoryRequest,
    response: ZNoticeReadAllResult,
  }),
} as const;
