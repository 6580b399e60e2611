import { Calls, STOCK_SUMMARIES_MAX, type TStockSummaries } from '@metal/shared';
import { useQueries } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { type LocalFootprint, readFootprints, subscribeFootprints } from './store';

export const footprintKeys = {
  all: ['footprints'] as const,
  summaries: (rootId: number, lang: string, ids: number[]) =>
    [...footprintKeys.all, 'summaries', rootId, lang, ids] as const,
};

/** The logged-in user's local footprints, newest first; re-renders when the store changes. */
export function useFootprintRecords(): LocalFootprint[] {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useSyncExternalStore(
    subscribeFootprints,
    () => readFootprints(userId).records,
    () => readFootprints(userId).records,
  );
}

/**
 * Rows for stock ids (`stock/summaries`), asked `chunkSize` at a time: showing more footprints asks
 * only for the new ones, the earlier chunks keep their answers.
 */
export function useStockSummaries(ids: number[], chunkSize: number) {
  const { user } = useSession();
  const [lang] = useLanguage();
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  const size = Math.min(chunkSize, STOCK_SUMMARIES_MAX);
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: footprintKeys.summaries(user?.rootId ?? 0, lang, chunk),
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(Calls.stockSummaries, { ids: chunk }, { signal }),
    })),
    combine: (results) => {
      const byId = new Map<number, TStockSummaries[number]>();
      for (const result of results) for (const row of result.data ?? []) byId.set(row.id, row);
      return {
        byId,
        isPending: results.some((result) => result.isPending),
        isError: results.some((result) => result.isError),
        refetch: () => Promise.all(results.map((result) => result.refetch())),
      };
    },
  });
}
