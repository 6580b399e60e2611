import { Calls, CodeFlag, PAGE_SIZE_DEFAULT, type TContactPage, type TFriendRequestPage } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import { shopKeys } from '../shops/api';

export type FriendOrder = 'letter' | 'recent';

export const contactKeys = {
  all: ['contacts'] as const,
  requests: (userId: number) => [...contactKeys.all, 'requests', userId] as const,
  newRequests: (userId: number) => [...contactKeys.all, 'newRequests', userId] as const,
  friends: (userId: number, order: FriendOrder, keyword: string) =>
    [...contactKeys.all, 'friends', userId, order, keyword] as const,
  groups: (userId: number) => [...contactKeys.all, 'groups', userId] as const,
  find: (userId: number, keyword: string) => [...contactKeys.all, 'find', userId, keyword] as const,
};

/** `relation/friend_requests`: requests I received, newest first, with how many wait for an answer. */
export function useFriendRequests() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useInfiniteQuery({
    queryKey: contactKeys.requests(userId),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.friendRequests, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TFriendRequestPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: userId > 0,
  });
}

/**
 * How many friend requests wait for my answer (the badges of link_page and the messages tab's
 * contacts button): a passive count, so an expired session is forgotten without going to login.
 */
export function useNewRequestCount() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useQuery({
    queryKey: contactKeys.newRequests(userId),
    queryFn: async ({ signal }) =>
      (await callApi(Calls.friendRequests, { page: 1, pageSize: 1 }, { needLogin: false, signal }))?.newCount ?? 0,
    enabled: userId > 0,
  });
}

/** `relation/friends`, page by page, A–Z or most recent first, optionally searched. */
export function useFriends(order: FriendOrder, keyword: string) {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useInfiniteQuery({
    queryKey: contactKeys.friends(userId, order, keyword),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.friends,
        { page: pageParam, pageSize: PAGE_SIZE_DEFAULT, order, ...(keyword ? { keyword } : {}) },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TContactPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: userId > 0,
  });
}

/** `relation/groups`: all my contact groups (a user has few). */
export function useContactGroups() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useQuery({
    queryKey: contactKeys.groups(userId),
    queryFn: ({ signal }) => callApi(Calls.contactGroups, {}, { signal }),
    enabled: userId > 0,
  });
}

/** `relation/find_user`: asked only once a search is submitted; no such user is shown in the page, not as a toast. */
export function useFindUser(keyword: string) {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useQuery({
    queryKey: contactKeys.find(userId, keyword),
    queryFn: ({ signal }) => callApi(Calls.findUser, { keyword }, { signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: userId > 0 && keyword !== '',
    retry: false,
  });
}

/** Friendships, requests and groups all show in several lists and on the public user card. */
function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.all }),
      queryClient.invalidateQueries({ queryKey: [...shopKeys.all, 'card'] }),
    ]);
}

export function useSendFriendRequest() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: { userId: number; message: string; remark: string }) =>
      callApi(Calls.friendRequest, input, { showLoading: true }),
    onSuccess: refresh,
  });
}

export function useAnswerRequest() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: { id: number; accept: boolean }) =>
      callApi(Calls.answerRequest, { id: input.id, accept: input.accept ? 1 : 0 }, { showLoading: true }),
    onSuccess: refresh,
  });
}

export function useDeleteFriend() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (userId: number) => callApi(Calls.deleteFriend, { userId }, { showLoading: true }),
    onSuccess: refresh,
  });
}

export function useSetRemark() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: { userId: number; remark: string }) => callApi(Calls.setRemark, input),
    onSuccess: refresh,
  });
}

/** `relation/group_save`; a taken name comes back as the `name` field's error, shown under the field. */
export function useSaveGroup() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (input: { id?: number; name: string; memberIds: number[] }) =>
      callApi(Calls.contactGroupSave, input, { showLoading: true, quietCodeFlags: [CodeFlag.conflict] }),
    onSuccess: refresh,
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.contactGroupDelete, { id }, { showLoading: true }),
    onSuccess: refresh,
  });
}
