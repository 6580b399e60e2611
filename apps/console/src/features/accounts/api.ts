import { Calls, CodeFlag, type TConsoleUserDetail, type TLoginRequest, type TOperatorIdentity } from '@metal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, clearApiCache, isApiError } from '../../lib/api';
import { clearSession, type OperatorSession, setSession, useSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  whoami: (sessionId: string) => [...accountKeys.all, 'whoami', sessionId] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
};

/** A login that succeeded for an account that is not an operator's (console/whoami answered codeFlag 3). */
export class NotOperatorError extends Error {
  constructor() {
    super('not an operator');
    this.name = 'NotOperatorError';
  }
}

const isForbidden = (error: unknown) => isApiError(error) && error.codeFlag === CodeFlag.forbidden;

/** `captcha/image`, asked for only once the server wants it; single use, so never reused from cache. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.captcha(),
    queryFn: ({ signal }) => callApi(Calls.captchaImage, {}, { needLogin: false, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * `user/login`, then `console/whoami` with the new session before keeping it: an operator's session
 * is kept (apart from the web app's); anyone else's is logged out again at once and refused.
 */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TLoginRequest): Promise<OperatorSession> => {
      const user = await callApi(Calls.login, input, { needLogin: false });
      let identity: TOperatorIdentity;
      try {
        identity = await callApi(
          Calls.operatorWhoami,
          {},
          { sessionId: user.sessionId, needLogin: false, quietCodeFlags: [CodeFlag.forbidden] },
        );
      } catch (error) {
        if (!isForbidden(error)) throw error;
        await callApi(Calls.logout, {}, { sessionId: user.sessionId, needLogin: false }).catch((logoutError) =>
          console.warn('[accounts] could not end the non-operator session', logoutError),
        );
        throw new NotOperatorError();
      }
      return { sessionId: user.sessionId, ...identity };
    },
    onSuccess: (session) => {
      clearApiCache();
      queryClient.clear();
      setSession(session);
    },
  });
}

/**
 * Checks the stored session with the server when the console opens: a session that ended answers
 * codeFlag 1 (the client then opens the login); an account that lost its operator role is logged out.
 */
export function useWhoami() {
  const session = useSession();
  const sessionId = session?.sessionId ?? '';
  return useQuery({
    queryKey: accountKeys.whoami(sessionId),
    queryFn: async ({ signal }) => {
      try {
        const identity = await callApi(Calls.operatorWhoami, {}, { signal, quietCodeFlags: [CodeFlag.forbidden] });
        setSession({ sessionId, ...identity });
        return identity;
      } catch (error) {
        if (isForbidden(error)) clearSession('roleRemoved');
        throw error;
      }
    },
    enabled: sessionId !== '',
    staleTime: 5 * 60_000,
  });
}

/** `user/logout`; the console forgets the session even when the server cannot be told. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(Calls.logout, {}, { needLogin: false });
      } catch (error) {
        console.warn('[accounts] the server did not confirm the logout', error);
      } finally {
        clearSession();
        clearApiCache();
        queryClient.clear();
      }
    },
  });
}

/** What the accounts page searches by; empty text means every account. */
export interface UserSearch {
  keyword: string;
  page: number;
  pageSize: number;
}

export const userKeys = {
  all: ['users'] as const,
  search: (search: UserSearch) => [...userKeys.all, 'search', search] as const,
  detail: (userId: number) => [...userKeys.all, 'detail', userId] as const,
};

/** `console/user/search`: one page of accounts, newest first; the last page stays while the next loads. */
export function useUserSearch(search: UserSearch) {
  return useQuery({
    queryKey: userKeys.search(search),
    queryFn: ({ signal }) =>
      callApi(
        Calls.consoleUserSearch,
        { page: search.page, pageSize: search.pageSize, ...(search.keyword ? { keyword: search.keyword } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `console/user/detail`: the account opened in the drawer. */
export function useUserDetail(userId: number | null) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.consoleUserDetail, { userId: userId ?? 0 }, { signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** Refusals the state dialog shows beside its reason (already disabled by a colleague, an operator's account). */
const STATE_REFUSALS = [CodeFlag.invalidInput, CodeFlag.forbidden, CodeFlag.notFound, CodeFlag.conflict] as const;

/**
 * `console/user/disable` or `console/user/enable` with the operator's reason: the answer (the account
 * as it now is) replaces the open detail, and the search is asked again for the new state.
 */
export function useChangeUserState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disable, userId, reason }: { disable: boolean; userId: number; reason: string }) =>
      callApi(
        disable ? Calls.consoleUserDisable : Calls.consoleUserEnable,
        { userId, reason },
        {
          quietCodeFlags: STATE_REFUSALS,
        },
      ),
    onSuccess: (detail: TConsoleUserDetail) => {
      queryClient.setQueryData(userKeys.detail(detail.userId), detail);
      void queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'search'] });
    },
  });
}
