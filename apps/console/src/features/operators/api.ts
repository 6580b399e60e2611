import { Calls } from '@metal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export const operatorKeys = {
  all: ['operators'] as const,
  actions: (page: number, pageSize: number) => [...operatorKeys.all, 'actions', page, pageSize] as const,
};

/** `console/operator_actions/list`: one page of the action log, newest first; the last page stays while the next loads. */
export function useOperatorActions(page: number, pageSize: number) {
  return useQuery({
    queryKey: operatorKeys.actions(page, pageSize),
    queryFn: ({ signal }) => callApi(Calls.operatorActions, { page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}
