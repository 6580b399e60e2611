import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import {
  ZDispatchGroupIdRequest,
  ZDispatchGroupList,
  ZDispatchGroupSaveRequest,
  ZDispatchQueuePage,
  ZInquiryDetail,
  ZInquiryHallRequest,
  ZInquiryHandOverRequest,
  ZInquiryIdRequest,
  ZInquiryMineRequest,
  ZInquiryPage,
  ZInquiryQuotesRequest,
  ZInquirySaveRequest,
  ZInquiryTakingPage,
  ZInquiryTakingRequest,
  ZQuoteIdRequest,
  ZQuoteList,
  ZQuoteSaveRequest,
} from './schemas';

/** The `.htmls` calls of inquiries (see contract.ts). */
export const inquiriesCalls = {
  inquirySave: contract({
    path: 'inquiry/save',
    auth: 'user',
    permission: 'inquiry',
    feature: 'inquiries',
    summary:
      "Post a purchase inquiry (input_inquiry), or change the company's own one by `id` while it waits for review or was rejected; needs complete company info (codeFlag 7). specs: JSON list of 1-10 products with quantity in tons; quoteDeadline an ISO moment within 90 days; a public inquiry waits for an operator, a designated one (designatedRootIds: companies with an open shop) opens at once and each is told",
    request: ZInquirySaveRequest,
    response: ZInquiryDetail,
  }),
  inquiryDetail: contract({
    path: 'inquiry/detail',
    auth: 'visitor',
    feature: 'inquiries',
    summary:
      "One inquiry (inquiry_detail): anyone once a public one is open or ended; a designated one only for the companies named; the delivery contact and address only for the buyer's company. Another company's view counts once per person per day",
    request: ZInquiryIdRequest,
    response: ZInquiryDetail,
  }),
  inquiryHall: contract({
    path: 'inquiry/hall',
    auth: 'visitor',
    feature: 'inquiries',
    summary:
      'procurement_hall (self purchase): public inquiries open for quotes, newest first; filters: category (sortId), delivery province/city, deadline (today, threeDays, week)',
    request: ZInquiryHallRequest,
    response: ZInquiryPage,
  }),
  inquiryMine: contract({
    path: 'inquiry/mine',
    auth: 'user',
    feature: 'inquiries',
    summary:
      "The company's own inquiries by tab: review (waiting or rejected), open, ended (expired, closed, cooperated)",
    request: ZInquiryMineRequest,
    response: ZInquiryPage,
  }),
  inquiryClose: contract({
    path: 'inquiry/close',
    auth: 'user',
    permission: 'inquiry',
    feature: 'inquiries',
    summary:
      "Stop taking quotes on one of the company's open inquiries (codeFlag 5 when it is not open: closed, ended, or past its quote deadline, which is expired whether or not the expiry job has run yet)",
    request: ZInquiryIdRequest,
    response: z.null(),
  }),
  inquiryDelete: contract({
    path: 'inquiry/delete',
    auth: 'user',
    permission: 'inquiry',
    feature: 'inquiries',
    summary: "Remove one of the company's inquiries from every list",
    request: ZInquiryIdRequest,
    response: z.null(),
  }),
  inquiryGrab: contract({
    path: 'inquiry/grab',
    auth: 'user',
    permission: 'take_orders',
    feature: 'inquiries',
    summary:
      "A supplier takes an open inquiry for its company (SPEC order-taking 'grab'), to quote on it: colleagues then see it taken. Needs what quoting needs (codeFlag 7, 8); codeFlag 5 when a colleague holds it or it has ended; a designated inquiry only for a designated supplier (codeFlag 3). Answers the inquiry",
    request: ZInquiryIdRequest,
    response: ZInquiryDetail,
  }),
  inquiryIgnore: contract({
    path: 'inquiry/ignore',
    auth: 'user',
    permission: 'take_orders',
    feature: 'inquiries',
    summary:
      "A supplier passes on an open inquiry for its company (SPEC 'seller ignored'; the buyer of a designated one sees it): codeFlag 5 while the company's quote on it is live (withdraw it first) or a colleague holds it. It may still be taken later while open. Answers the inquiry",
    request: ZInquiryIdRequest,
    response: ZInquiryDetail,
  }),
  inquiryTaking: contract({
    path: 'inquiry/taking',
    auth: 'user',
    feature: 'inquiries',
    summary:
      "The caller's order-taking list by tab: todo (open inquiries designated to the company that nobody of it took, and those the caller grabbed), quoted (those the caller quoted on, with the outcome), passed (given up or ignored); each with where it stands for the caller",
    request: ZInquiryTakingRequest,
    response: ZInquiryTakingPage,
  }),
  pendingInquiries: contract({
    path: 'console/inquiry/list',
    auth: 'operator',
    feature: 'inquiries',
    summary:
      'Operators: public inquiries waiting for review, oldest first, in full (products, terms, delivery contact, attachments)',
    request: ZEmptyRequest,
    response: z.array(ZInquiryDetail),
  }),
  reviewInquiry: contract({
    path: 'console/inquiry/review',
    auth: 'operator',
    feature: 'inquiries',
    summary:
      'Operators: open a public inquiry for quotes (approve; one whose deadline passed meanwhile ends as expired) or reject it with a reason; the poster gets a notice. submittedAt is the version the operator looked at (as console/inquiry/list showed it): codeFlag 2 when it is missing or the buyer has changed the inquiry since; codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZInquiryDetail,
  }),
  quoteSave: contract({
    path: 'inquiry/quote',
    auth: 'user',
    permission: 'quote',
    feature: 'inquiries',
    summary:
      "A supplier's quote on an open inquiry before its deadline (codeFlag 5 after it or once ended): items is a JSON list of {specId, price (yuan per ton)}. Needs complete company info with an approved licence (codeFlag 7) and real-person verification (codeFlag 8); a designated inquiry only from a designated supplier (codeFlag 3); codeFlag 5 when a colleague holds the inquiry (grabbed or quoted it). It replaces the company's live quote (kept as replaced) and makes the caller its holder; the buyer gets a notice. Answers the company's quotes on the inquiry, newest first",
    request: ZQuoteSaveRequest,
    response: ZQuoteList,
  }),
  quoteList: contract({
    path: 'inquiry/quotes',
    auth: 'user',
    feature: 'inquiries',
    summary:
      "The buyer's company: every supplier's current quote (live, agreed, lost, ignored), those pricing every product first, cheapest total first, then partial ones (most products priced, then cheapest), with prices per product, terms, the supplier's place and its distance to the delivery address. A supplier: its own company's quotes on it, newest first. Anyone else: codeFlag 3",
    request: ZInquiryQuotesRequest,
    response: ZQuoteList,
  }),
  quoteAgree: contract({
    path: 'inquiry/agree',
    auth: 'user',
    permission: 'inquiry',
    feature: 'inquiries',
    summary:
      'The buyer agrees to one live quote of an open or expired inquiry: it becomes agreed, the inquiry cooperated and every other live quote lost; each supplier gets a notice (codeFlag 5 when the inquiry or the quote is no longer open)',
    request: ZQuoteIdRequest,
    response: ZQuoteList,
  }),
  quoteIgnore: contract({
    path: 'inquiry/ignore_quote',
    auth: 'user',
    permission: 'inquiry',
    feature: 'inquiries',
    summary: 'The buyer sets a live quote aside (the supplier may quote again)',
    request: ZQuoteIdRequest,
    response: z.null(),
  }),
  quoteWithdraw: contract({
    path: 'inquiry/withdraw_quote',
    auth: 'user',
    permission: 'quote',
    feature: 'inquiries',
    summary: "The supplier gives up its company's live quote",
    request: ZQuoteIdRequest,
    response: z.null(),
  }),
  dispatchGroupList: contract({
    path: 'dispatch_group/list',
    auth: 'user',
    permission: 'dispatch',
    feature: 'inquiries',
    summary:
      "order_distribute: the company's dispatch groups (SPEC §3), each with its mode (grab, or assign with the duration in hours), members (group staff or group dispatcher), service areas and products",
    request: ZEmptyRequest,
    response: ZDispatchGroupList,
  }),
  dispatchGroupSave: contract({
    path: 'dispatch_group/save',
    auth: 'user',
    permission: 'dispatch',
    feature: 'inquiries',
    summary:
      "modify_distribute_group: make a dispatch group, or change the company's one by `id`. members, areas and sortIds are JSON lists: members [{userId, role: staff|dispatcher}] of the company's active users, at least one staff (SPEC 'needs an order taker'), an assign group also a dispatcher and assignHours (1-72); areas [{province, city?, district?}] (empty = the whole of the one above); sortIds physical categories. codeFlag 5 when another group of the company already claims one of the areas (or one inside or around it) for one of the products (SPEC 'Conflict with other groups…') or has the name. Open inquiries of its areas and products are routed to it at once. Answers the company's groups",
    request: ZDispatchGroupSaveRequest,
    response: ZDispatchGroupList,
  }),
  dispatchGroupDelete: contract({
    path: 'dispatch_group/delete',
    auth: 'user',
    permission: 'dispatch',
    feature: 'inquiries',
    summary:
      "Remove one of the company's dispatch groups: the inquiries routed to it return to the company's pool (whoever holds one keeps it). Answers the company's groups",
    request: ZDispatchGroupIdRequest,
    response: ZDispatchGroupList,
  }),
  dispatchQueue: contract({
    path: 'dispatch/queue',
    auth: 'user',
    permission: 'take_orders',
    feature: 'inquiries',
    summary:
      "dispatch_order: what waits for the caller among the open inquiries routed to their dispatch groups: those nobody holds (grab groups: to grab; assign groups: a dispatcher's to assign) and those assigned or handed to the caller and not yet quoted; soonest due first",
    request: ZPageRequest,
    response: ZDispatchQueuePage,
  }),
  inquiryDistribute: contract({
    path: 'inquiry/distribute',
    auth: 'user',
    permission: 'dispatch',
    feature: 'inquiries',
    summary:
      "SPEC order-taking 'distribute': a dispatcher of the group an inquiry is routed to (or the owner) gives it to a member of that group (userId), who then holds it (as if grabbed), is told, and has the group's hours to quote before it escalates. codeFlag 3 for a caller who is not its dispatcher, 5 once someone of the company holds it or it ended, 2 for someone outside the group",
    request: ZInquiryHandOverRequest,
    response: z.null(),
  }),
  inquiryTransfer: contract({
    path: 'inquiry/transfer',
    auth: 'user',
    permission: 'take_orders',
    feature: 'inquiries',
    summary:
      "SPEC order-taking 'transfer': whoever holds an inquiry for the company (grabbed, assigned or quoted it) hands it to a colleague (userId: an active user of the company; while it is routed to a group, a member of it), who is told and holds it from then on. codeFlag 5 when the caller does not hold it or it ended",
    request: ZInquiryHandOverRequest,
    response: z.null(),
  }),
} as const;
