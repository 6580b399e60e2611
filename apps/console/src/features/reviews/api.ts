import { CodeFlag } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import type { ReviewDecision, ReviewItem, ReviewQueue } from './queue';

export const reviewKeys = {
  all: ['reviews'] as const,
  queue: (key: string) => [...reviewKeys.all, key] as const,
};

/** A queue's waiting items, oldest first; refreshed every minute so the side menu's counts stay true. */
export function useQueueItems(queue: ReviewQueue) {
  return useQuery({
    queryKey: reviewKeys.queue(queue.key),
    queryFn: ({ signal }) => queue.fetchItems(signal),
    refetchInterval: 60_000,
  });
}

/**
 * Approve or reject. The decided item leaves the list at once; when another operator got there first
 * (codeFlag 5), it is gone (codeFlag 4) or its submitter changed it since the list was loaded (a refusal
 * naming `submittedAt`, the version the operator saw), the list is fetched again so it shows what is
 * really waiting, as it is now.
 */
export function useDecision(queue: ReviewQueue) {
  const queryClient = useQueryClient();
  const key = reviewKeys.queue(queue.key);
  return useMutation({
    mutationFn: (decision: ReviewDecision) => queue.decide(decision),
    onSuccess: (_answer, decision) => {
      queryClient.setQueryData<ReviewItem[]>(key, (items) => items?.filter((item) => item.id !== decision.id));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const stale = error.codeFlag === CodeFlag.invalidInput && error.errors?.submittedAt !== undefined;
      if (error.codeFlag === CodeFlag.conflict || error.codeFlag === CodeFlag.notFound || stale)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
