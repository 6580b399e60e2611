import {
  Calls,
  type TLoginCodeRequest,
  type TLoginRequest,
  type TRegisterRequest,
  type TSendCodeRequest,
  type TSessionUser,
} from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, clearApiCache } from '../../lib/api';
import { clearSession, setSession, useSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  profile: (userId: number) => [...accountKeys.all, 'profile', userId] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
};

/** `user/info`: SPEC §3's profile summary of the logged-in user. */
export function useProfile() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: accountKeys.profile(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.info, {}, { needLogin: false, signal }),
    enabled: loggedIn,
  });
}

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

/** After any login: keep the session and drop what was fetched as somebody else. */
function useSignIn() {
  const queryClient = useQueryClient();
  return (user: TSessionUser) => {
    clearApiCache();
    setSession(user);
    void queryClient.invalidateQueries();
  };
}

export function useLogin() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (input: TLoginRequest) => callApi(Calls.login, input, { needLogin: false, showLoading: true }),
    onSuccess: signIn,
  });
}

export function useLoginCode() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (input: TLoginCodeRequest) => callApi(Calls.loginCode, input, { needLogin: false, showLoading: true }),
    onSuccess: signIn,
  });
}

export function useRegister() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (input: TRegisterRequest) => callApi(Calls.register, input, { needLogin: false, showLoading: true }),
    onSuccess: signIn,
  });
}

export function useSendCode() {
  return useMutation({
    mutationFn: (input: TSendCodeRequest) => callApi(Calls.sendCode, input, { needLogin: false, showLoading: true }),
  });
}

/** `user/logout`; the session is forgotten here even when the server cannot be told. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        // While the session still names the user: this browser stops getting their pushes.
        await import('../push/client')
          .then((push) => push.unbindForLogout())
          .catch((error: unknown) => console.warn('[push] not unbound at logout', error));
        await callApi(Calls.logout, {}, { needLogin: false, showLoading: true });
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
