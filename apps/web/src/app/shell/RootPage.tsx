import TabBar from 'antd-mobile/es/components/tab-bar';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ROOT_TABS, type RootTab } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { PageLoading } from '../PageLoading';
import './shell.css';

/** Each tab is its own chunk, so opening the app on home loads only home. */
const TAB_CONTENT: Record<RootTab, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../../features/home/components/HomeTab')),
  quickBuy: lazy(() => import('../../features/quick-buys/components/QuickBuyTab')),
  market: lazy(() => import('../../features/markets/components/MarketTab')),
  messages: lazy(() => import('../../features/chat/components/MessagesTab')),
  me: lazy(() => import('../../features/accounts/components/MeTab')),
};

/** The unread badges load with their features, and only for a logged-in user. */
const BADGE_ICONS: Partial<Record<RootTab, LazyExoticComponent<ComponentType>>> = {
  quickBuy: lazy(() => import('../../features/quick-buys/components/QuickBuyBadgeIcon')),
  messages: lazy(() => import('../../features/chat/components/UnreadBadgeIcon')),
};

const ICONS: Record<RootTab, ComponentType> = {
  home: AppOutline,
  quickBuy: ShopbagOutline,
  market: HistogramOutline,
  messages: MessageOutline,
  me: UserOutline,
};

function parseTab(value: string | null): RootTab {
  return ROOT_TABS.find((tab) => tab === value) ?? 'home';
}

/** SPEC §2 root/root: the main shell. The selected tab lives in `?tab=` so a reload keeps it. */
export default function RootPage() {
  const { t } = useTranslation('root');
  const [params, setParams] = useSearchParams();
  const { loggedIn } = useSession();
  const tab = parseTab(params.get('tab'));
  const Content = TAB_CONTENT[tab];

  const select = (key: string) => {
    const next = parseTab(key);
    setParams(next === 'home' ? {} : { tab: next }, { replace: true });
  };

  return (
    <div className="mm-shell">
      <main className="mm-shell-content" key={tab}>
        <Suspense fallback={<PageLoading />}>
          <Content />
        </Suspense>
      </main>
      <TabBar className="mm-tabbar" activeKey={tab} onChange={select} safeArea>
        {ROOT_TABS.map((key) => {
          const Icon = ICONS[key];
          const BadgeIcon = BADGE_ICONS[key];
          const icon =
            BadgeIcon && loggedIn ? (
              <Suspense fallback={<Icon />}>
                <BadgeIcon />
              </Suspense>
            ) : (
              <Icon />
            );
          return <TabBar.Item key={key} icon={icon} title={t(`tabs.${key}`)} />;
        })}
      </TabBar>
    </div>
  );
}
