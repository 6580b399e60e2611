import { z } from 'zod';
import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZUserCard } from '../shops/schemas';
import {
  ZAnswerRequestRequest,
  ZContactGroup,
  ZContactPage,
  ZFindUserRequest,
  ZFriendRequestPage,
  ZFriendRequestRequest,
  ZFriendRequestResult,
  ZFriendRequestsRequest,
  ZFriendRequestTarget,
  ZFriendsRequest,
  ZGroupIdRequest,
  ZGroupSaveRequest,
  ZSetRemarkRequest,
} from './schemas';

/** The `.htmls` calls of contacts (see contract.ts). */
export const contactsCalls = {
  findUser: contract({
    path: 'relation/find_user',
    auth: 'user',
    feature: 'contacts',
    summary:
      "add_friend's search: the public user card of the user with exactly this phone, or else this account (case-insensitive); never a list",
    request: ZFindUserRequest,
    response: ZUserCard,
  }),
  friendRequest: contract({
    path: 'relation/friend_request',
    auth: 'user',
    feature: 'contacts',
    summary:
      'Asks a user to become friends, with a short message and a remark for them; one pending request per pair; if they had already asked me, we become friends at once',
    request: ZFriendRequestRequest,
    response: ZFriendRequestResult,
  }),
  friendRequests: contract({
    path: 'relation/friend_requests',
    auth: 'user',
    feature: 'contacts',
    summary: 'Friend requests I received, newest first, page by page, with how many still wait for my answer',
    request: ZFriendRequestsRequest,
    response: ZFriendRequestPage,
  }),
  answerRequest: contract({
    path: 'relation/answer_request',
    auth: 'user',
    feature: 'contacts',
    summary: 'Accepts (we become friends; the requester gets a notice) or refuses a pending request sent to me',
    request: ZAnswerRequestRequest,
    response: ZNull,
  }),
  friends: contract({
    path: 'relation/friends',
    auth: 'user',
    feature: 'contacts',
    summary:
      'My friends (SPEC §3 contacts) A–Z or most recent first, page by page, searched by remark, nickname or account; with groupId, its members are selected',
    request: ZFriendsRequest,
    response: ZContactPage,
  }),
  deleteFriend: contract({
    path: 'relation/delete_friend',
    auth: 'user',
    feature: 'contacts',
    summary: "Ends a friendship for both sides and takes each out of the other's contact groups",
    request: ZFriendRequestTarget,
    response: ZNull,
  }),
  setRemark: contract({
    path: 'relation/set_remark',
    auth: 'user',
    feature: 'contacts',
    summary: 'Sets (or, empty, clears) my remark for a friend',
    request: ZSetRemarkRequest,
    response: ZNull,
  }),
  contactGroups: contract({
    path: 'relation/groups',
    auth: 'user',
    feature: 'contacts',
    summary: 'My contact groups (my_group) with their members',
    request: ZEmptyRequest,
    response: z.array(ZContactGroup),
  }),
  contactGroupSave: contract({
    path: 'relation/group_save',
    auth: 'user',
    feature: 'contacts',
    summary: 'Creates or renames a contact group of mine and sets its members (my friends); names are unique per user',
    request: ZGroupSaveRequest,
    response: ZContactGroup,
  }),
  contactGroupDelete: contract({
    path: 'relation/group_delete',
    auth: 'user',
    feature: 'contacts',
    summary: 'Deletes a contact group of mine (the friendships stay)',
    request: ZGroupIdRequest,
    response: ZNull,
  }),
} as const;
