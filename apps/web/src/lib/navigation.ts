/**
 * Navigation for code outside React (the API client): the router registers itself here at start.
 * Without a router (tests, early start-up) the hash is set directly.
 */
import { Paths } from '@metal/shared';

// The web routes are one table in @metal/shared (paths.ts), which the server's notices link to too;
// re-exported here so pages keep importing their navigation from one place.
export {
  agentBuyDetailPath,
  capacityDetailPath,
  chatPagePath,
  companyPath,
  inquiryDetailPath,
  Paths,
  procurementHallAgentPath,
  stockDetailPath,
  teamPagePath,
  userInfoPath,
} from '@metal/shared';

/** The root page's tabs (SPEC §2 root with ?tab). */
export type RootTab = 'home' | 'quickBuy' | 'market' | 'messages' | 'me';
export const ROOT_TABS: readonly RootTab[] = ['home', 'quickBuy', 'market', 'messages', 'me'];

export function rootPath(tab: RootTab = 'home'): string {
  return tab === 'home' ? Paths.root : `${Paths.root}?tab=${tab}`;
}

type Navigator = (to: string) => void;
let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

function currentPath(): string {
  if (typeof window === 'undefined') return '';
  return window.location.hash.replace(/^#/, '') || '/';
}

/** SPEC §6: login-required actions send a visitor to login/login (once, not from login itself). */
export function redirectToLogin(): void {
  if (currentPath().startsWith(Paths.login) || currentPath().startsWith(Paths.register)) return;
  if (navigator) navigator(Paths.login);
  else if (typeof window !== 'undefined') window.location.hash = `#${Paths.login}`;
}
