import { type CallPath, type Calls, CodeFlag, type Language } from '@metal/shared';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/**
 * A listing's detail, apart from the rest of the feature's calls (api.ts): the start-up code asks for
 * it as soon as a shared link to a listing opens (app/preloadStart.ts), before the page's code is in.
 */
export const stockDetailCall: CallPath<typeof Calls.stockDetail> = { path: 'stock/detail' };

export interface Point {
  lng: number;
  lat: number;
}

/**
 * Answers differ by caller (a masked phone for visitors, the owner's view of its own listing) and by
 * language (category and series names), so both are part of every key.
 */
export const stockKeys = {
  all: ['stocks'] as const,
  detail: (id: number, viewerId: number, lang: Language) => [...stockKeys.all, 'detail', id, viewerId, lang] as const,
  sameSpec: (id: number, viewerId: number, lang: Language) =>
    [...stockKeys.all, 'sameSpec', id, viewerId, lang] as const,
  company: (rootId: number, lang: Language) => [...stockKeys.all, 'company', rootId, lang] as const,
  priceSeries: (lang: Language) => [...stockKeys.all, 'priceSeries', lang] as const,
};

export function useViewer() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, lang };
}

export const pointKey = (point: Point | null) => [point?.lng ?? null, point?.lat ?? null] as const;

/**
 * `stock/detail` as a query, for the page's hook and the start-up prefetch alike. Each call counts a
 * view, so an answer is kept a minute rather than asked again for every re-render.
 */
export function stockDetailQuery(id: number, viewerId: number, lang: Language, point: Point | null) {
  return {
    queryKey: [...stockKeys.detail(id, viewerId, lang), ...pointKey(point)],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(
        stockDetailCall,
        { id, ...(point ?? {}) },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] },
      ),
    staleTime: 60_000,
  };
}
