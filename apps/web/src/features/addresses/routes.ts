import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.receiptAddress]: () => import('./pages/ReceiptAddressPage'),
  [Paths.modifyReceiptAddress]: () => import('./pages/ModifyReceiptAddressPage'),
  [Paths.invoicePage]: () => import('./pages/InvoicePage'),
};
