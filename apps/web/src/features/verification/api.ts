import {
  Calls,
  CodeFlag,
  type TVerificationStatus,
  type TVerifyEscalateRequest,
  type TVerifySubmitRequest,
} from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import './locale';

/** A person's own verification: keyed by the user, so another login never sees it. */
export const verificationKeys = {
  all: ['verification'] as const,
  status: (userId: number) => [...verificationKeys.all, 'status', userId] as const,
};

/** `verify/status`: where the caller stands, attempts left today, any request to customer service. */
export function useVerificationStatus() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useQuery({
    queryKey: verificationKeys.status(userId),
    queryFn: ({ signal }) => callApi(Calls.verificationStatus, {}, { signal }),
    enabled: userId > 0,
  });
}

/** Both calls answer the new status, which is put in place at once; a refusal may mean it moved on. */
function useStatusMutation<I>(call: (input: I) => Promise<TVerificationStatus>) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = verificationKeys.status(user?.userId ?? 0);
  return useMutation({
    mutationFn: call,
    onSuccess: (status) => queryClient.setQueryData(key, status),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * `verify/submit`: a check of the real name and ID number. Too frequent (codeFlag 6) is the page's to
 * say, beside the attempts it did not use; at the limit auth_result says when to come back.
 */
export function useSubmitVerification() {
  return useStatusMutation((input: TVerifySubmitRequest) =>
    callApi(Calls.verificationSubmit, input, { quietCodeFlags: [CodeFlag.tooManyRequests] }),
  );
}

/** `verify/escalate`: a note to customer service at the limit or for a number used elsewhere. */
export function useEscalateVerification() {
  return useStatusMutation((input: TVerifyEscalateRequest) => callApi(Calls.verificationEscalate, input));
}
