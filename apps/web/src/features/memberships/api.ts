import { Calls, type EntitlementKind, type Language, type VipKind } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './locale';

/**
 * Buying the company's certified-supplier membership needs 'membership' (staff). `vip/open` checks it in
 * its service for this type only (a forecast VIP and dynamic views are the person's own), so its contract
 * names no permission: this stands in for it where the app hides what the server would refuse.
 */
export const certifiedPurchase = { permission: 'membership' } as const;

/** Statuses are the caller's (certified supplier: the caller's company's), plans' names follow the language. */
export const membershipKeys = {
  all: ['memberships'] as const,
  plans: (lang: Language, kind: EntitlementKind) => [...membershipKeys.all, 'plans', lang, kind] as const,
  status: (userId: number, type: VipKind) => [...membershipKeys.all, 'status', userId, type] as const,
  dynamicView: (userId: number) => [...membershipKeys.all, 'dynamicView', userId] as const,
};

/** `vip/plans`: what is on sale of a kind (anyone may look). */
export function useVipPlans(kind: EntitlementKind) {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: membershipKeys.plans(lang, kind),
    queryFn: ({ signal }) => callApi(Calls.vipPlans, { kind }, { needLogin: false, signal }),
  });
}

/** `vip/status`: SPEC §3 VIP status of the certified-supplier membership or of the forecast VIP. */
export function useVipStatus(type: VipKind) {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: membershipKeys.status(user?.userId ?? 0, type),
    queryFn: ({ signal }) => callApi(Calls.vipStatus, { type }, { signal }),
    enabled: loggedIn,
  });
}

/** `dynamic_view/status`: uses left, the trial, today. */
export function useDynamicViewStatus() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: membershipKeys.dynamicView(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.dynamicViewStatus, {}, { signal }),
    enabled: loggedIn,
  });
}

/** `vip/open`: the purchase and its payment order, to be paid at the cashier. */
export function useOpenVip() {
  return useMutation({
    mutationFn: (input: { planId: number; agree?: boolean }) =>
      callApi(Calls.vipOpen, { planId: input.planId, ...(input.agree ? { agree: 1 } : {}) }),
  });
}

/** `dynamic_view/use`: today's use (the free trial the first time); the answer is the new status. */
export function useDynamicView() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: () => callApi(Calls.dynamicViewUse, {}),
    onSuccess: ({ paidBy: _paidBy, ...status }) =>
      queryClient.setQueryData(membershipKeys.dynamicView(user?.userId ?? 0), status),
  });
}
