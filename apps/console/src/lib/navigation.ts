/**
 * The console's hash routes, and navigation for code outside React (the API client): the router
 * registers itself here at start. Without a router (tests, early start-up) the hash is set directly.
 */
export const Paths = {
  login: '/login',
  home: '/',
  reviewQueue: (queue: string) => `/reviews/${queue}`,
  reviewItem: (queue: string, id: number) => `/reviews/${queue}/${id}`,
  operatorActions: '/operator-actions',
  payOrders: '/payments/orders',
  tradeOrders: '/orders',
  plans: '/memberships/plans',
  grant: '/memberships/grant',
  users: '/accounts/users',
} as const;

type Navigator = (to: string) => void;
let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

function currentPath(): string {
  if (typeof window === 'undefined') return '';
  return window.location.hash.replace(/^#/, '') || '/';
}

/** A session the server no longer accepts sends the operator to the console's login (once). */
export function redirectToLogin(): void {
  if (currentPath().startsWith(Paths.login)) return;
  if (navigator) navigator(Paths.login);
  else if (typeof window !== 'undefined') window.location.hash = `#${Paths.login}`;
}
