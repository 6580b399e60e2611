import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  // home_page_rule explains the forecast game, or with ?type=hot the hot ranking.
  [Paths.forecastRules]: () => import('./pages/HomePageRulePage'),
  [Paths.stockList]: () => import('./pages/StockListPage'),
  [Paths.factoryList]: () => import('./pages/FactoryListPage'),
  [Paths.fiveDayStock]: () => import('./pages/FiveDayStockPage'),
  [Paths.fiveDayStockDetail]: () => import('./pages/FiveDayStockDetailPage'),
  [Paths.hotPage]: () => import('./pages/HotPage'),
  [Paths.homeSearch]: () => import('./pages/HomeSearchPage'),
};
