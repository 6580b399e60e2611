import { DEFAULT_GROUP_ID, Paths } from '@metal/shared';
import { quotesQuery } from '../features/markets/quotes.api';
import { stockDetailQuery } from '../features/stocks/detail.api';
import { getLanguage } from '../lib/language';
import { queryClient } from '../lib/queryClient';
import { getSession } from '../lib/session';

function parseHash(hash: string) {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  return { path, query: new URLSearchParams(query) };
}

/**
 * Whether this launch ends on the home tab: the entry route '/' (after the start ad and, on a first
 * launch, the consent) or the shell without another tab.
 */
export function opensOnHome(hash: string): boolean {
  const { path, query } = parseHash(hash);
  if (path === '' || path === '/') return true;
  return path === Paths.root && (query.get('tab') ?? 'home') === 'home';
}

/**
 * Starts at once everything the home screen waits on, instead of one step after another (the shell,
 * then the home tab with its cards, then the quotes call): the home chunk (build/homeChunk.ts, which
 * index.html has already asked for) and the quotes call go out while the start-up code still runs.
 * Each lazy import resolves to the module already loaded when React asks for it, and the quotes
 * answer is in the query cache under the key the card reads.
 */
export function preloadHome(): Promise<unknown> {
  return Promise.all([
    import('./shell/RootPage'),
    import('../features/home/components/HomeTab'),
    queryClient.prefetchQuery(quotesQuery(getSession()?.userId ?? 0, getLanguage(), DEFAULT_GROUP_ID)),
  ]);
}

/**
 * A shared link to a listing (the link people send each other most) opens with the same head start:
 * its page's chunk loads beside the page table it would otherwise wait for (app/pageRoutes.ts), and
 * the listing is asked for at once, under the key the page reads. Other links load as they always did.
 */
export function preloadDeepLink(hash: string): Promise<unknown> {
  const { path, query } = parseHash(hash);
  const id = Number(query.get('id'));
  if (path !== Paths.stockDetail || !Number.isInteger(id) || id <= 0) return Promise.resolve();
  // The call goes out first: the page's chunks are a few dozen requests, and a request made after them
  // would wait behind them for one of the browser's six connections to the server.
  const listing = queryClient.prefetchQuery(stockDetailQuery(id, getSession()?.userId ?? 0, getLanguage(), null));
  return Promise.all([listing, import('../features/stocks/pages/StockDetailPage')]);
}
