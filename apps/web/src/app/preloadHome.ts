import { DEFAULT_GROUP_ID, Paths } from '@metal/shared';
import { quotesQuery } from '../features/markets/quotes.api';
import { getLanguage } from '../lib/language';
import { queryClient } from '../lib/queryClient';
import { getSession } from '../lib/session';

/**
 * Whether this launch ends on the home tab: the entry route '/' (after the start ad and, on a first
 * launch, the consent) or the shell without another tab.
 */
export function opensOnHome(hash: string): boolean {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  if (path === '' || path === '/') return true;
  return path === Paths.root && (new URLSearchParams(query).get('tab') ?? 'home') === 'home';
}

/**
 * Starts at once everything the home screen waits on, instead of one step after another (the shell's
 * chunk, then the home tab's, then the quotes card's, then the quotes call): the three chunks and the
 * quotes call all go out while the start-up code still runs. Each lazy import resolves to the module
 * already loaded when React asks for it, and the quotes answer is in the query cache under the key
 * the card reads.
 */
export function preloadHome(): Promise<unknown> {
  return Promise.all([
    import('./shell/RootPage'),
    import('../features/home/components/HomeTab'),
    import('../features/markets/components/MyQuotesCard'),
    queryClient.prefetchQuery(quotesQuery(getSession()?.userId ?? 0, getLanguage(), DEFAULT_GROUP_ID)),
  ]);
}
