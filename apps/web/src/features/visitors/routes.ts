import type { FeatureRoutes, PageLoader } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

/** The seven visitor pages share one chunk (pages/index.ts): they share almost all their code. */
const visitorsPage =
  (name: keyof typeof import('./pages')): PageLoader =>
  async () => ({ default: (await import('./pages'))[name] });

export const routes: FeatureRoutes = {
  [Paths.visitor]: visitorsPage('VisitorPage'),
  [Paths.shopcart]: visitorsPage('ShopcartPage'),
  [Paths.attention]: visitorsPage('AttentionPage'),
  [Paths.visitorSearch]: visitorsPage('VisitorSearchPage'),
  [Paths.shopcartSearch]: visitorsPage('ShopcartSearchPage'),
  [Paths.attentionSearch]: visitorsPage('AttentionSearchPage'),
  [Paths.visitorDetail]: visitorsPage('VisitorDetailPage'),
};
