import { Calls, CodeFlag, type Language, type TLicenceDisplayRequest } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './locale';

/** Licence links are signed and expire within minutes, so what is shown is asked for again after a few. */
const SIGNED_LINKS_STALE_MS = 4 * 60_000;

export const licenceKeys = {
  all: ['licences'] as const,
  state: (userId: number) => [...licenceKeys.all, 'state', userId] as const,
  company: (userId: number, lang: Language) => [...licenceKeys.all, 'company', userId, lang] as const,
};

/** `user_center/licence/detail`: the approved licence, one in review, or the latest rejection. */
export function useLicenceState() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: licenceKeys.state(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.licenceDetail, {}, { signal }),
    enabled: loggedIn,
    staleTime: SIGNED_LINKS_STALE_MS,
  });
}

/** `user_center/licence/submit`: the answer is the new state, put in place at once. */
export function useSubmitLicence() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (fileId: number) => callApi(Calls.submitLicence, { fileId }, { showLoading: true }),
    onSuccess: (state) => queryClient.setQueryData(licenceKeys.state(user?.userId ?? 0), state),
  });
}

/**
 * `user_center/compay_info/detail` for modify_company: the current name and any change in review
 * (with the licence sent with it).
 */
export function useCompanyNameState() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return useQuery({
    queryKey: licenceKeys.company(user?.userId ?? 0, lang),
    queryFn: ({ signal }) => callApi(Calls.companyInfo, {}, { signal }),
    enabled: loggedIn,
    staleTime: SIGNED_LINKS_STALE_MS,
  });
}

/**
 * `user_center/compay_info/modify_name` with the new licence. A taken name (codeFlag 5 with
 * data.canContactHolder) is answered in the page, so no toast for it.
 */
export function useModifyName() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [lang] = useLanguage();
  return useMutation({
    mutationFn: (input: { name: string; licenceFileId: number }) =>
      callApi(Calls.requestNameChange, input, { showLoading: true, quietCodeFlags: [CodeFlag.conflict] }),
    onSuccess: (info) => {
      queryClient.setQueryData(licenceKeys.company(user?.userId ?? 0, lang), info);
      void queryClient.invalidateQueries({ queryKey: licenceKeys.state(user?.userId ?? 0) });
    },
  });
}

/** `user_center/compay_info/contact_holder`: tells the holder of a taken name that someone wants it. */
export function useContactHolder() {
  return useMutation({
    mutationFn: (name: string) => callApi(Calls.contactNameHolder, { name }, { showLoading: true }),
  });
}

/**
 * `company/licence_display`: the licence after the image captcha. A wrong captcha (codeFlag 2) is
 * shown under the field, not as a toast.
 */
export function useLicenceDisplay() {
  return useMutation({
    mutationFn: (input: TLicenceDisplayRequest) =>
      callApi(Calls.licenceDisplay, input, {
        needLogin: false,
        showLoading: true,
        quietCodeFlags: [CodeFlag.invalidInput, CodeFlag.notFound],
      }),
  });
}
