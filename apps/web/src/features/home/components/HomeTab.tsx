import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import CalendarOutline from 'antd-mobile-icons/es/CalendarOutline';
import ContentOutline from 'antd-mobile-icons/es/ContentOutline';
import CouponOutline from 'antd-mobile-icons/es/CouponOutline';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/Logo';
import { showComingSoon } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import '../home.css';

type FunctionKey =
  | 'specialTopic'
  | 'buyCenter'
  | 'findMerchants'
  | 'nearby'
  | 'calculator'
  | 'checkPrice'
  | 'news'
  | 'sale'
  | 'fixedPrice'
  | 'fiveDayStock'
  | 'more';

/** SPEC §2's home functions, in its order; each tile has its own tint. */
const FUNCTIONS: { key: FunctionKey; icon: ComponentType; tint: string }[] = [
  { key: 'specialTopic', icon: FireFill, tint: '#e5533d' },
  { key: 'buyCenter', icon: BillOutline, tint: '#1d4f91' },
  { key: 'findMerchants', icon: TeamOutline, tint: '#2f7fd1' },
  { key: 'nearby', icon: EnvironmentOutline, tint: '#17a07a' },
  { key: 'calculator', icon: CalculatorOutline, tint: '#5a67d8' },
  { key: 'checkPrice', icon: PayCircleOutline, tint: '#c8793c' },
  { key: 'news', icon: ContentOutline, tint: '#3a8fb7' },
  { key: 'sale', icon: CouponOutline, tint: '#e0892b' },
  { key: 'fixedPrice', icon: LockOutline, tint: '#8a5cc7' },
  { key: 'fiveDayStock', icon: CalendarOutline, tint: '#0f8f8f' },
  { key: 'more', icon: AppstoreOutline, tint: '#6b778c' },
];

/**
 * Where each function opens; a function whose feature has not arrived yet says it is coming soon.
 * Each feature adds its own line.
 */
const FUNCTION_PATHS: Partial<Record<FunctionKey, string>> = {
  nearby: Paths.nearby,
  findMerchants: Paths.factoryList,
  sale: `${Paths.stockList}?specialSale=1`,
  fixedPrice: `${Paths.stockList}?fixedPrice=1`,
  fiveDayStock: Paths.fiveDayStock,
  buyCenter: Paths.procurementHall,
  checkPrice: Paths.checkPrice,
};

/**
 * The 'my quotes' card comes in its own chunk after the home tab: it brings the call contracts and
 * their schemas, which the home route's start-up budget has no room for and does not need to paint.
 */
const MyQuotesCard = lazy(() => import('../../markets/components/MyQuotesCard'));

/** The onboarding steps need the user's profile and verification, so they come in their own chunk too. */
const OnboardingCard = lazy(() => import('./OnboardingCard'));

/** Home tab: the search entry, the function grid and 'my quotes'; each function arrives with its own feature. */
export default function HomeTab() {
  const { t } = useTranslation(['root', 'common']);
  const navigate = useNavigate();

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
          {FUNCTIONS.map(({ key, icon: Icon, tint }) => {
            const name = t(`root:home.functions.${key}`);
            return (
              <li key={key}>
                <button
                  type="button"
                  className="mm-home-fn"
                  onClick={() => {
                    const path = FUNCTION_PATHS[key];
                    if (path) navigate(path);
                    else showComingSoon(name);
                  }}
                >
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

      <Suspense fallback={<section className="mm-card mm-home-quotes-placeholder" aria-busy="true" />}>
        <MyQuotesCard />
      </Suspense>

      <Suspense fallback={null}>
        <OnboardingCard />
      </Suspense>
    </div>
  );
}
