import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.procurementHall]: () => import('./pages/ProcurementHallPage'),
  [Paths.inquiryDetail]: () => import('./pages/InquiryDetailPage'),
  [Paths.inputInquiry]: () => import('./pages/InputInquiryPage'),
  [Paths.helpChooseInquiry]: () => import('./pages/HelpChooseInquiryPage'),
  [Paths.myInquiries]: () => import('./pages/MyInquiriesPage'),
  [Paths.orderTaking]: () => import('./pages/OrderTakingPage'),
  [Paths.orderDistribute]: () => import('./pages/DispatchGroupsPage'),
  [Paths.modifyDistributeGroup]: () => import('./pages/DispatchGroupFormPage'),
  [Paths.dispatchOrder]: () => import('./pages/DispatchOrderPage'),
};
