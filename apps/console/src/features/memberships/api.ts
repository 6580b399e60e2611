import { Calls, type EntitlementKind } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { FORM_REFUSALS } from '../payments/api';
import type { PlanSaveInput } from './form';

export const membershipKeys = {
  all: ['memberships'] as const,
  plans: (kind: EntitlementKind | '') => [...membershipKeys.all, 'plans', kind] as const,
};

/** `console/plan/list`: every plan of a kind (or all), on sale or not, in the order the app shows them. */
export function usePlans(kind: EntitlementKind | '') {
  return useQuery({
    queryKey: membershipKeys.plans(kind),
    queryFn: ({ signal }) => callApi(Calls.consolePlanList, kind ? { kind } : {}, { signal }),
  });
}

/** `console/plan/save`: a new plan or changes to one; every list of plans is asked again. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanSaveInput) => callApi(Calls.consolePlanSave, input, { quietCodeFlags: FORM_REFUSALS }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...membershipKeys.all, 'plans'] }),
  });
}

/** `entitlement/grant`: a user gets an entitlement for some days, with the reason kept in the log. */
export function useGrant() {
  return useMutation({
    mutationFn: (input: { userId: number; kind: EntitlementKind; days: number; reason: string }) =>
      callApi(Calls.grantEntitlement, input, { quietCodeFlags: FORM_REFUSALS }),
  });
}
