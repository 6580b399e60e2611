import { z } from 'zod';
import { formFlag, formInt, jsonText } from '../schemas/common';
import { PAGE_SIZE_MAX } from '../shops/schemas';

/** How long a friend request's message may be. */
export const FRIEND_REQUEST_MESSAGE_MAX = 50;
/** How long a remark (the name one gives a friend) may be. */
export const FRIEND_REMARK_MAX = 20;
/** How long a contact group's name may be. */
export const CONTACT_GROUP_NAME_MAX = 20;
/** How many members one contact group may have. */
export const CONTACT_GROUP_MEMBERS_MAX = 500;
/** How long the text searched for on add_friend (a phone or an account, at most 18) may be. */
const FIND_USER_KEYWORD_MAX = 30;

const userIdField = (message = 'contacts.userInvalid') =>
  formInt(message).pipe(z.number().int().positive({ error: message }));
const idField = () => formInt('common.invalidInput').pipe(z.number().int().positive({ error: 'common.invalidInput' }));

/** `relation/find_user`: a phone (matched exactly) or an account. */
export const ZFindUserRequest = z.object({
  keyword: z
    .string({ error: 'contacts.keywordRequired' })
    .trim()
    .min(1, { error: 'contacts.keywordRequired' })
    .max(FIND_USER_KEYWORD_MAX, { error: 'contacts.userNotFound' }),
});

/** `relation/friend_request`: ask a user to become friends, with a short message and a remark for them. */
export const ZFriendRequestRequest = z.object({
  userId: userIdField(),
  message: z
    .string()
    .trim()
    .max(FRIEND_REQUEST_MESSAGE_MAX, { error: 'contacts.messageTooLong' })
    .optional()
    .default(''),
  remark: z.string().trim().max(FRIEND_REMARK_MAX, { error: 'contacts.remarkTooLong' }).optional().default(''),
});

export const FRIEND_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

/** Who a friend request is from, as the receiver sees them. */
export const ZRequestUser = z.object({
  userId: z.number(),
  nickName: z.string(),
  headImg: z.string(),
  companyName: z.string(),
  /** Masked, as on the public user card. */
  account: z.string(),
});

export const ZFriendRequest = z.object({
  id: z.number(),
  from: ZRequestUser,
  message: z.string(),
  status: z.enum(FRIEND_REQUEST_STATUSES),
  /** Unix seconds. */
  createdAt: z.number(),
});
export type TFriendRequest = z.infer<typeof ZFriendRequest>;

/** What sending a request did: waits for the other side, or made friends at once (they had asked me). */
export const ZFriendRequestResult = z.object({ status: z.enum(['pending', 'accepted']) });
export type TFriendRequestResult = z.infer<typeof ZFriendRequestResult>;

const pageFields = {
  page: formInt()
    .pipe(z.number().int().min(1, { error: 'common.invalidInput' }))
    .optional(),
  pageSize: formInt()
    .pipe(
      z.number().int().min(1, { error: 'common.invalidInput' }).max(PAGE_SIZE_MAX, { error: 'common.invalidInput' }),
    )
    .optional(),
};

export const ZFriendRequestsRequest = z.object(pageFields);
/** Requests I received, newest first; `newCount` is how many still wait for my answer (link_page's badge). */
export const ZFriendRequestPage = z.object({
  list: z.array(ZFriendRequest),
  page: z.number(),
  hasMore: z.boolean(),
  newCount: z.number(),
});
export type TFriendRequestPage = z.infer<typeof ZFriendRequestPage>;

export const ZAnswerRequestRequest = z.object({ id: idField(), accept: formFlag() });

/** SPEC §3 contact: a friend as the contact lists show them. */
export const ZContact = z.object({
  userId: z.number(),
  /** Masked, as on the public user card. */
  account: z.string(),
  /** The head the user uploaded; empty when they have none and an initial is shown instead. */
  headImg: z.string(),
  /** The head shown beside my remark for them: theirs, as the app has no per-contact pictures. */
  customImg: z.string(),
  nickName: z.string(),
  signature: z.string(),
  /** False when the account is disabled: listed, but it cannot be chatted with or chosen. */
  enabled: z.boolean(),
  /** In the contact group the list was asked about (`groupId`); false without one. */
  selected: z.boolean(),
  /** My remark for them; lists show it in place of the nickname. */
  remark: z.string(),
  companyName: z.string(),
  /** A–Z letter of the shown name ('#' for others). */
  letter: z.string(),
  /** Unix seconds we became friends ('recent' order). */
  since: z.number(),
});
export type TContact = z.infer<typeof ZContact>;

export const FRIEND_ORDERS = ['letter', 'recent'] as const;
export const ZFriendsRequest = z.object({
  ...pageFields,
  /** Part of a remark, nickname or account. */
  keyword: z.string().trim().max(FIND_USER_KEYWORD_MAX, { error: 'common.tooLong' }).optional(),
  order: z.enum(FRIEND_ORDERS, { error: 'common.invalidInput' }).optional(),
  /** Marks the members of this group of mine as `selected` (edit_group). */
  groupId: idField().optional(),
});
export const ZContactPage = z.object({
  list: z.array(ZContact),
  page: z.number(),
  hasMore: z.boolean(),
  total: z.number(),
});
export type TContactPage = z.infer<typeof ZContactPage>;

export const ZFriendRequestTarget = z.object({ userId: userIdField() });
export const ZSetRemarkRequest = z.object({
  userId: userIdField(),
  remark: z.string().trim().max(FRIEND_REMARK_MAX, { error: 'contacts.remarkTooLong' }),
});

export const ZContactGroup = z.object({
  id: z.number(),
  name: z.string(),
  memberIds: z.array(z.number()),
  /** The first few members' shown names, for the list. */
  memberNames: z.array(z.string()),
});
export type TContactGroup = z.infer<typeof ZContactGroup>;

export const ZGroupSaveRequest = z.object({
  /** Absent: a new group. */
  id: idField().optional(),
  name: z
    .string({ error: 'contacts.groupNameRequired' })
    .trim()
    .min(1, { error: 'contacts.groupNameRequired' })
    .max(CONTACT_GROUP_NAME_MAX, { error: 'contacts.groupNameTooLong' }),
  memberIds: jsonText(
    z
      .array(z.number({ error: 'contacts.memberNotFriend' }).int().positive({ error: 'contacts.memberNotFriend' }), {
        error: 'common.invalidInput',
      })
      .max(CONTACT_GROUP_MEMBERS_MAX, { error: 'contacts.groupTooLarge' }),
  ),
});
export const ZGroupIdRequest = z.object({ id: idField() });
