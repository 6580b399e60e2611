import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.userCenter]: () => import('./pages/UserCenterPage'),
  [Paths.linkInfo]: () => import('./pages/LinkInfoPage'),
  [Paths.managerAddress]: () => import('./pages/ManagerAddressPage'),
  [Paths.editManagerAddress]: () => import('./pages/EditManagerAddressPage'),
  [Paths.chooseAddress]: () => import('./pages/ChooseAddressPage'),
  [Paths.sellScope]: () => import('./pages/SellScopePage'),
  [Paths.buyScope]: () => import('./pages/BuyScopePage'),
  [Paths.linkWay]: () => import('./pages/LinkWayPage'),
  [Paths.teamPage]: () => import('./pages/TeamPage'),
  [Paths.tradeSet]: () => import('./pages/TradeSetPage'),
};
