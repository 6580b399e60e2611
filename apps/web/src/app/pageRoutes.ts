import type { RouteObject } from 'react-router';
import { routes as accounts } from '../features/accounts/routes';
import { routes as addresses } from '../features/addresses/routes';
import { routes as agentBuys } from '../features/agent-buys/routes';
import { routes as albums } from '../features/albums/routes';
import { routes as capacities } from '../features/capacities/routes';
import { routes as cart } from '../features/cart/routes';
import { routes as chat } from '../features/chat/routes';
import { routes as checkPrices } from '../features/check-prices/routes';
import { routes as companies } from '../features/companies/routes';
import { routes as contacts } from '../features/contacts/routes';
import { routes as footprints } from '../features/footprints/routes';
import { routes as forecasts } from '../features/forecasts/routes';
import { routes as inquiries } from '../features/inquiries/routes';
import { routes as licences } from '../features/licences/routes';
import { routes as markets } from '../features/markets/routes';
import { routes as memberships } from '../features/memberships/routes';
import { routes as nearby } from '../features/nearby/routes';
import { routes as notices } from '../features/notices/routes';
import { routes as orders } from '../features/orders/routes';
import { routes as payments } from '../features/payments/routes';
import { routes as quickBuys } from '../features/quick-buys/routes';
import { routes as settings } from '../features/settings/routes';
import { routes as shops } from '../features/shops/routes';
import { routes as staff } from '../features/staff/routes';
import { routes as stockManager } from '../features/stock-manager/routes';
import { routes as stockSearch } from '../features/stock-search/routes';
import { routes as stocks } from '../features/stocks/routes';
import { routes as verification } from '../features/verification/routes';
import { routes as visitors } from '../features/visitors/routes';
import { routes as webview } from '../features/webview/routes';
import type { FeatureRoutes } from './featureRoutes';
import { page, strip } from './lazyPage';

/** Every feature's pages (its routes.ts); the start-up pages are router.tsx's own. */
const features: readonly FeatureRoutes[] = [
  accounts,
  settings,
  webview,
  markets,
  forecasts,
  stockSearch,
  companies,
  verification,
  licences,
  albums,
  shops,
  stocks,
  stockManager,
  footprints,
  visitors,
  capacities,
  nearby,
  chat,
  notices,
  contacts,
  inquiries,
  checkPrices,
  quickBuys,
  agentBuys,
  addresses,
  memberships,
  staff,
  payments,
  cart,
  orders,
];

/**
 * Every page route but the start-up ones (router.tsx). Loaded on the first navigation to a path the
 * start-up routes do not know, so the route table does not weigh on the home screen's start; each
 * page's own chunk loads when it is first visited.
 */
export const pageRoutes: RouteObject[] = features.flatMap((routes) =>
  Object.entries(routes).map(([path, load]) => ({ path: strip(path), lazy: page(load) })),
);
