import type { MessageCatalogue } from '../message-catalogue';
import {
  CONTACT_GROUP_MEMBERS_MAX,
  CONTACT_GROUP_NAME_MAX,
  FRIEND_REMARK_MAX,
  FRIEND_REQUEST_MESSAGE_MAX,
} from './schemas';

/** What contacts says to users (keys are semantic; see messages.ts). */
export const CONTACTS_MESSAGES = {
  'contacts.userInvalid': { 'zh-CN': '用户不正确', 'en-US': 'The user is not valid' },
  'contacts.keywordRequired': { 'zh-CN': '请输入手机号或账号', 'en-US': 'Please enter a phone number or an account' },
  'contacts.userNotFound': { 'zh-CN': '没有找到该用户', 'en-US': 'No user was found' },
  'contacts.messageTooLong': {
    'zh-CN': `验证消息不能超过${FRIEND_REQUEST_MESSAGE_MAX}字`,
    'en-US': `The message can be at most ${FRIEND_REQUEST_MESSAGE_MAX} characters`,
  },
  'contacts.remarkTooLong': {
    'zh-CN': `备注不能超过${FRIEND_REMARK_MAX}字`,
    'en-US': `The remark can be at most ${FRIEND_REMARK_MAX} characters`,
  },
  'contacts.requestSelf': { 'zh-CN': '不能添加自己为好友', 'en-US': 'You cannot add yourself as a friend' },
  'contacts.requestBlocked': {
    'zh-CN': '你们之间有黑名单关系，无法添加好友',
    'en-US': 'One of you has blacklisted the other; you cannot become friends',
  },
  'contacts.alreadyFriends': { 'zh-CN': '你们已经是好友了', 'en-US': 'You are already friends' },
  'contacts.requestPending': {
    'zh-CN': '已发送过好友申请，请等待对方验证',
    'en-US': 'You have already sent a request; please wait for the answer',
  },
  'contacts.requestNotFound': {
    'zh-CN': '好友申请不存在或已处理',
    'en-US': 'The friend request does not exist or has been answered',
  },
  'contacts.notFriend': { 'zh-CN': '对方不是你的好友', 'en-US': 'This user is not your friend' },
  'contacts.groupNameRequired': { 'zh-CN': '请输入分组名称', 'en-US': 'Please enter a group name' },
  'contacts.groupNameTooLong': {
    'zh-CN': `分组名称不能超过${CONTACT_GROUP_NAME_MAX}字`,
    'en-US': `The group name can be at most ${CONTACT_GROUP_NAME_MAX} characters`,
  },
  'contacts.groupNameTaken': { 'zh-CN': '分组名称已存在', 'en-US': 'Group name already exists' },
  'contacts.groupTooLarge': {
    'zh-CN': `一个分组最多${CONTACT_GROUP_MEMBERS_MAX}人`,
    'en-US': `A group can have at most ${CONTACT_GROUP_MEMBERS_MAX} members`,
  },
  'contacts.memberNotFriend': {
    'zh-CN': '分组成员只能是你的好友',
    'en-US': 'Only your friends can be members of a group',
  },
  'contacts.groupNotFound': { 'zh-CN': '分组不存在或已删除', 'en-US': 'The group does not exist or was deleted' },
  'notice.friendAccepted': {
    'zh-CN': '{name} 通过了你的好友申请，你们已成为好友',
    'en-US': '{name} accepted your friend request; you are now friends',
  },
} as const satisfies MessageCatalogue;
