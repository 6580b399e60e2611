import { z } from 'zod';
import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZChatColleagues,
  ZChatHistory,
  ZChatHistoryRequest,
  ZChatPeerPhone,
  ZChatPeerRequest,
  ZChatPeerState,
  ZChatReadRequest,
  ZChatReadResult,
  ZConversationPage,
  ZConversationsRequest,
} from './schemas';

/** The `.htmls` calls of chat (see contract.ts). */
export const chatCalls = {
  unreadSize: contract({
    path: 'relation/unread_size',
    auth: 'user',
    feature: 'chat',
    summary: 'Number of unread chat messages',
    request: ZEmptyRequest,
    response: z.number(),
  }),
  chatRead: contract({
    path: 'relation/read',
    auth: 'user',
    feature: 'chat',
    summary:
      "Marks the peer's messages to me read (one by uuid, exactly as sent: codeFlag 2 for one with surrounding spaces; or all); the peer's connections hear a type 6 frame",
    request: ZChatReadRequest,
    response: ZChatReadResult,
  }),
  chatConversations: contract({
    path: 'relation/conversations',
    auth: 'user',
    feature: 'chat',
    summary: 'My conversations, newest first: peer, last message summary, unread count',
    request: ZConversationsRequest,
    response: ZConversationPage,
  }),
  chatHistory: contract({
    path: 'relation/history',
    auth: 'user',
    feature: 'chat',
    summary: 'Messages between me and a peer, before or after a message id',
    request: ZChatHistoryRequest,
    response: ZChatHistory,
  }),
  chatDeleteConversation: contract({
    path: 'relation/delete_conversation',
    auth: 'user',
    feature: 'chat',
    summary: 'Hides a conversation (its messages so far) for me only',
    request: ZChatPeerRequest,
    response: ZNull,
  }),
  chatUnblock: contract({
    path: 'relation/unblock',
    auth: 'user',
    feature: 'chat',
    summary: 'Lets a user I blacklisted (action 4) message me again',
    request: ZChatPeerRequest,
    response: ZNull,
  }),
  chatPeerPhone: contract({
    path: 'relation/peer_phone',
    auth: 'user',
    feature: 'chat',
    summary: "The chat partner's phone, once we exchanged phones (action 2 accepted a request)",
    request: ZChatPeerRequest,
    response: ZChatPeerPhone,
  }),
  chatColleagues: contract({
    path: 'relation/colleagues',
    auth: 'user',
    feature: 'chat',
    summary:
      "My company's other active users (same rootId), owner first: whom I can transfer a conversation to (action 5) or make an outside peer's contact (action 10)",
    request: ZEmptyRequest,
    response: ZChatColleagues,
  }),
  chatPeerState: contract({
    path: 'relation/peer_state',
    auth: 'user',
    feature: 'chat',
    summary:
      "What I may do with a chat partner: whether I blacklisted them, the phone exchange's state, whether they are a colleague, transfers they asked me to accept (action 5 pending), whether I marked them not interested, and to whom they were handed. Transfer flow: staff member A sends action 5 {peerId} to colleague C; C answers with action 9 {peerId} to A; the server then stores action 6 {fromUserId, toUserId, reason} from C to the peer, C may read A's earlier conversation with the peer in relation/history, and the peer's messages (all but actions) to A go to C. Action 10 {contactUserId, fromUserId?} sent by the current contact (or the owner naming fromUserId) to the peer hands the peer over the same way",
    request: ZChatPeerRequest,
    response: ZChatPeerState,
  }),
} as const;
