import type { FeatureRoutes } from '../../app/featureRoutes';

export const routes: FeatureRoutes = {
  // SPEC §2 message/trade_notice, activity_notice, function_notice and notice_detail: one route
  // (NoticePages picks the page by its last segment) and one chunk for the four.
  '/pages/message/:page': () => import('./pages/NoticePages'),
};
