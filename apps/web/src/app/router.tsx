import { createHashRouter, Outlet, useNavigation } from 'react-router';
import { launchRoute } from '../features/launch/startAd';
import { clearPageToasts } from '../lib/feedback';
import { Paths, setNavigator } from '../lib/navigation';
import { page, strip } from './lazyPage';
import { PageLoading } from './PageLoading';
import { RouteError } from './RouteError';

/** The layout route's id: the page routes are added under it once loaded. */
const LAYOUT_ROUTE_ID = 'layout';

function AppLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="mm-route-progress" role="progressbar" />}
      <Outlet />
    </>
  );
}

let pageRoutesAdded: Promise<void> | null = null;

/**
 * SPEC §2's hash routes (base '/'); parameters travel in the query string. The start-up routes are
 * here; every other page's route arrives with pageRoutes.ts (each feature's routes.ts) the first time
 * a path is not one of them (React Router asks `patchRoutesOnNavigation` for paths only the catch-all
 * '*' matches), so the table of some hundred pages stays out of the start-up bundle.
 */
export const router = createHashRouter(
  [
    {
      id: LAYOUT_ROUTE_ID,
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        { index: true, lazy: launchRoute },
        { path: strip(Paths.privacy), lazy: page(() => import('../features/launch/pages/PrivacyPage')) },
        { path: strip(Paths.root), lazy: page(() => import('./shell/RootPage')) },
        // The link people share most opens a listing: it is matched at once, without waiting for the
        // page table (pageRoutes.ts), whose chunk would be one more download before the page's own.
        { path: strip(Paths.stockDetail), lazy: page(() => import('../features/stocks/pages/StockDetailPage')) },
        { path: '*', lazy: page(() => import('./NotFoundPage')) },
      ],
    },
  ],
  {
    patchRoutesOnNavigation({ patch }) {
      pageRoutesAdded ??= import('./pageRoutes').then(({ pageRoutes }) => patch(LAYOUT_ROUTE_ID, pageRoutes));
      return pageRoutesAdded;
    },
  },
);

setNavigator((to) => {
  void router.navigate(to);
});

/** Toasts end with their page: one place watches every route change (links, back, code) and clears them. */
let shownLocation = `${router.state.location.pathname}${router.state.location.search}`;
router.subscribe((state) => {
  const location = `${state.location.pathname}${state.location.search}`;
  if (location === shownLocation) return;
  shownLocation = location;
  clearPageToasts();
});
