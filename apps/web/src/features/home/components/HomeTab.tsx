import { Calls, type Permission } from '@metal/shared';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CalendarOutline from 'antd-mobile-icons/es/CalendarOutline';
import CouponOutline from 'antd-mobile-icons/es/CouponOutline';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/Logo';
import { Paths } from '../../../lib/navigation';
import MyQuotesCard from '../../markets/components/MyQuotesCard';
import { allows, usePermissions } from '../../staff/useCan';
import '../home.css';
import OnboardingCard from './OnboardingCard';

type FunctionKey =
  | 'buyCenter'
  | 'findMerchants'
  | 'nearby'
  | 'checkPrice'
  | 'sale'
  | 'fixedPrice'
  | 'fiveDayStock'
  | 'cart';

/**
 * SPEC §2's home functions in its order, each with its own tint and where it opens. Those whose
 * feature has not arrived (special topics, the calculator, news, more) are left out until it does,
 * rather than shown as tiles that lead nowhere; each feature adds its own line. A tile whose page is
 * for a company permission (staff) names it from the contract of the call the page is for, and is
 * hidden from an employee without it, as the me tab hides such entries: the page would only refuse.
 */
const FUNCTIONS: { key: FunctionKey; icon: ComponentType; tint: string; path: string; permission?: Permission }[] = [
  { key: 'buyCenter', icon: BillOutline, tint: '#1d4f91', path: Paths.procurementHall },
  { key: 'findMerchants', icon: TeamOutline, tint: '#2f7fd1', path: Paths.factoryList },
  { key: 'nearby', icon: EnvironmentOutline, tint: '#17a07a', path: Paths.nearby },
  { key: 'checkPrice', icon: PayCircleOutline, tint: '#c8793c', path: Paths.checkPrice },
  { key: 'sale', icon: CouponOutline, tint: '#e0892b', path: `${Paths.stockList}?specialSale=1` },
  { key: 'fixedPrice', icon: LockOutline, tint: '#8a5cc7', path: `${Paths.stockList}?fixedPrice=1` },
  { key: 'fiveDayStock', icon: CalendarOutline, tint: '#0f8f8f', path: Paths.fiveDayStock },
  // Not one of SPEC §2's home functions: the cart, one tap from home, makes the grid's second row whole.
  {
    key: 'cart',
    icon: ShopbagOutline,
    tint: '#d9480f',
    path: Paths.shoppingCart,
    permission: Calls.cartList.permission,
  },
];

/** Home tab: the search entry, the function grid and 'my quotes'; each function arrives with its own feature. */
export default function HomeTab() {
  const { t } = useTranslation(['root', 'common']);
  const navigate = useNavigate();
  const permissions = usePermissions();
  const functions = FUNCTIONS.filter(({ permission }) => allows(permissions, permission));

  return (
    <div className="mm-home">
      <header className="mm-home-header">
        <div className="mm-home-brand">
          <Logo size={32} />
          <div>
            <div className="mm-home-name">{t('common:appName')}</div>
            <div className="mm-home-tagline">{t('common:appTagline')}</div>
          </div>
        </div>
        <button type="button" className="mm-home-search" onClick={() => navigate(Paths.homeSearch)}>
          <SearchOutline />
          <span>{t('root:home.searchPlaceholder')}</span>
        </button>
      </header>

      <section className="mm-card mm-home-functions" aria-label={t('root:home.functionsTitle')}>
        <ul className="mm-home-grid">
          {functions.map(({ key, icon: Icon, tint, path }) => {
            const name = t(`root:home.functions.${key}`);
            return (
              <li key={key}>
                <button type="button" className="mm-home-fn" onClick={() => navigate(path)}>
                  <span className="mm-home-fn-icon" style={{ background: tint }}>
                    <Icon />
                  </span>
                  <span className="mm-home-fn-name">{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <MyQuotesCard />

      <OnboardingCard />
    </div>
  );
}
