import type { FeatureRoutes, PageLoader } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

/** The seven contacts pages share one chunk (pages/index.ts): they share most of their code. */
const contactsPage =
  (name: keyof typeof import('./pages')): PageLoader =>
  async () => ({ default: (await import('./pages'))[name] });

export const routes: FeatureRoutes = {
  [Paths.linkPage]: contactsPage('LinkPage'),
  [Paths.addFriend]: contactsPage('AddFriendPage'),
  [Paths.qrCode]: contactsPage('QrCodePage'),
  [Paths.tradeFriend]: contactsPage('TradeFriendPage'),
  [Paths.chooseFriend]: contactsPage('ChooseFriendPage'),
  [Paths.myGroup]: contactsPage('MyGroupPage'),
  [Paths.editGroup]: contactsPage('EditGroupPage'),
};
