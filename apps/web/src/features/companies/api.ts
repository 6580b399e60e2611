import {
  Calls,
  CodeFlag,
  type Language,
  type TCompanyInfo,
  type TLinkWayDetail,
  type TLinkWaySaveRequest,
  type TSaveCompanyInfoRequest,
  type TTradeSettings,
} from '@metal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, NETWORK_CODE_FLAG } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { accountKeys } from '../accounts/api';
import './locale';

/** Product names come in the caller's language and the company is the caller's, so both are in the key. */
export const companyKeys = {
  all: ['companies'] as const,
  info: (userId: number, lang: Language) => [...companyKeys.all, 'info', userId, lang] as const,
  regions: () => [...companyKeys.all, 'regions'] as const,
  tradeSettings: (userId: number) => [...companyKeys.all, 'tradeSettings', userId] as const,
};

/** `user_center/compay_info/detail`: the caller's company (an employee's: their owner's, read-only). */
export function useCompanyInfo() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return useQuery({
    queryKey: companyKeys.info(user?.userId ?? 0, lang),
    queryFn: ({ signal }) => callApi(Calls.companyInfo, {}, { signal }),
    enabled: loggedIn,
    // A language change asks again (product names are localized) without unmounting a form being edited.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every company-info call answers the whole company info: it replaces the cached one at once, and
 * the profile summary (company name, complete_info) is asked again.
 */
function useCompanyChanged() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [lang] = useLanguage();
  return (info: TCompanyInfo) => {
    queryClient.setQueryData(companyKeys.info(user?.userId ?? 0, lang), info);
    // The other language's copy names products differently; it is fetched again when shown.
    void queryClient.invalidateQueries({ queryKey: companyKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
}

/** `user_center/compay_info/save`: only the fields given change. */
export function useSaveCompanyInfo() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (input: TSaveCompanyInfoRequest) => callApi(Calls.saveCompanyInfo, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `user_center/compay_info/save_link` (link_info). */
export function useSaveLinkInfo() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (input: { linkName: string; linkPhone: string }) =>
      callApi(Calls.saveLinkInfo, input, { showLoading: true }),
    onSuccess: changed,
  });
}

export interface AddressInput {
  province: string;
  city: string;
  district: string;
  detail: string;
  /** A chosen map point (GCJ-02); without one the server stores the district's centre. */
  lng?: number;
  lat?: number;
}

/** `user_center/compay_info/save_address` (manager_address). */
export function useSaveAddress() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (input: AddressInput) => callApi(Calls.saveAddress, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/**
 * `user_center/compay_info/set_name`: the first name. A taken name answers codeFlag 5 with
 * `data.canContactHolder`, which the page turns into SPEC's choice rather than a bare toast.
 */
export function useSetCompanyName() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(Calls.setCompanyName, { name }, { showLoading: true, quietCodeFlags: [CodeFlag.conflict] }),
    onSuccess: changed,
  });
}

/** `user_center/compay_info/contact_holder`: a notice to the holder of a taken name (once a day). */
export function useContactHolder() {
  return useMutation({
    mutationFn: (name: string) => callApi(Calls.contactNameHolder, { name }, { showLoading: true }),
  });
}

/**
 * The province → city → district table (`@metal/shared/regions`, 50 KB gzipped) arrives only with the
 * pages that show or pick a region, never with the start-up bundle.
 */
export function useRegions() {
  return useQuery({
    queryKey: companyKeys.regions(),
    // The table is a file of the app's own: it fails to arrive only when the network does.
    queryFn: () =>
      import('@metal/shared/regions').catch(() => {
        throw new ApiError(NETWORK_CODE_FLAG, '');
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** `trade_set/detail`: the company's terms for stock orders, the defaults until saved. */
export function useTradeSettings() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: companyKeys.tradeSettings(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.tradeSettings, {}, { signal }),
    enabled: loggedIn,
  });
}

export interface TradeSettingsInput {
  paymentDays: number;
  onlinePayment: 0 | 1;
  bankAccountName: string;
  bankName: string;
  bankAccount: string;
  deliveryNote: string;
}

/** `trade_set/save`: answers the saved terms, which replace the cached ones. */
export function useSaveTradeSettings() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: TradeSettingsInput) => callApi(Calls.tradeSettingsSave, input, { showLoading: true }),
    onSuccess: (saved: TTradeSettings) => queryClient.setQueryData(companyKeys.tradeSettings(user?.userId ?? 0), saved),
  });
}

export const teamKeys = {
  all: ['team'] as const,
  linkWays: (userId: number) => [...teamKeys.all, 'linkWays', userId] as const,
  team: (rootId: number, userId: number) => [...teamKeys.all, 'team', rootId, userId] as const,
};

/** `company/link_way/detail`: the caller's company's contact ways and its people. */
export function useLinkWays() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: teamKeys.linkWays(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.linkWayDetail, {}, { signal }),
    enabled: loggedIn,
  });
}

/** `company/link_way/save`: the answer replaces the ways shown, and every team page is asked again. */
export function useSaveLinkWays() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (ways: TLinkWaySaveRequest['ways']) =>
      callApi(Calls.linkWaySave, { ways }, { quietCodeFlags: [CodeFlag.invalidInput] }),
    onSuccess: (detail: TLinkWayDetail) => {
      queryClient.setQueryData(teamKeys.linkWays(user?.userId ?? 0), detail);
      void queryClient.invalidateQueries({ queryKey: [...teamKeys.all, 'team'] });
    },
  });
}

/** `company/team`: a company's people as buyers see them (phones whole only to logged-in users, so the user is in the key). */
export function useTeam(rootId: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: teamKeys.team(rootId, user?.userId ?? 0),
    queryFn: ({ signal }) =>
      callApi(Calls.companyTeam, { rootId }, { signal, needLogin: false, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: rootId > 0,
  });
}
