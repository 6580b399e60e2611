import { Calls } from '@metal/shared';
import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import HeartOutline from 'antd-mobile-icons/es/HeartOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { clearSession, useSession } from '../../../lib/session';
import { useCartFollowsChat } from '../../cart/follow';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { allows } from '../../staff/useCan';
import { useProfile } from '../api';
import { allowedSections, meSections, roleOf, type ServiceKey } from '../meSections';
import '../accounts.css';

/** Dates come as 'YYYY-MM-DD…'; the day is what the user needs. */
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

/** Where each count of the stats row opens. */
const STAT_PATHS = { attention: Paths.attentionCompany, visits: Paths.visitor, cart: Paths.shoppingCart } as const;
/** The permission the page a count opens is for (staff): without it the count shows but does not open. */
const STAT_PERMISSIONS = {
  attention: undefined,
  visits: Calls.visitorList.permission,
  cart: Calls.cartList.permission,
};

type Service = { icon: ReactNode; open: () => void; extra?: string };

/** Me tab: SPEC §3's profile summary (`user/info`), and the way to settings. */
export default function MeTab() {
  const { t } = useTranslation(['root', 'common']);
  const navigate = useNavigate();
  const { user, loggedIn } = useSession();
  const profile = useProfile();
  // The cart's count is shown here: SPEC §4's cart-update event refreshes it.
  useCartFollowsChat();
  const data = loggedIn ? profile.data : undefined;
  const permissions = data && data.userId !== 0 ? data.permissions : undefined;

  // The server no longer knows this session (it answers as to a visitor): forget it here too.
  useEffect(() => {
    if (loggedIn && profile.data && profile.data.userId === 0) clearSession();
  }, [loggedIn, profile.data]);

  const needLogin = (action: () => void) => () => (loggedIn ? action() : redirectToLogin());
  const companyGate = useCompanyInfoGate();
  const openCompany = () => navigate(Paths.userCenter);
  const count = (value: number | undefined) => (loggedIn && value !== undefined ? value : '--');

  const services: Record<ServiceKey, Service> = {
    orders: { icon: <BillOutline />, open: () => navigate(Paths.myOrders) },
    company: {
      icon: <FileOutline />,
      open: openCompany,
      extra: loggedIn && data && !data.complete_info ? t('root:me.companyIncomplete') : undefined,
    },
    receiptAddress: { icon: <EnvironmentOutline />, open: () => navigate(Paths.receiptAddress) },
    invoice: { icon: <BillOutline />, open: () => navigate(Paths.invoicePage) },
    inquiries: { icon: <UnorderedListOutline />, open: () => navigate(Paths.myInquiries) },
    agentBuys: { icon: <SendOutline />, open: () => navigate(Paths.myAgentBuys) },
    quickBuy: { icon: <BellOutline />, open: () => navigate(Paths.quickBuySet) },
    contacts: { icon: <PhonebookOutline />, open: () => navigate(Paths.linkPage) },
    footprints: { icon: <ClockCircleOutline />, open: () => navigate(Paths.stockFootprint) },
    favourites: { icon: <HeartOutline />, open: () => navigate(Paths.attentionCompany) },
    stockManager: { icon: <UnorderedListOutline />, open: () => navigate(Paths.stockManager) },
    // An icon the home tab already loads, so this line costs the start-up budget nothing.
    postStock: { icon: <BillOutline />, open: () => void companyGate.guard(() => navigate(Paths.inputStock)) },
    capacity: { icon: <HistogramOutline />, open: () => navigate(Paths.capacityManage) },
    // SPEC §5: a shop needs complete company info first.
    stock: { icon: <ShopbagOutline />, open: () => void companyGate.guard(() => navigate(Paths.openShop)) },
    orderTaking: { icon: <UnorderedListOutline />, open: () => navigate(Paths.orderTaking) },
    // The dispatch queue; its page leads on to the groups for those who may edit them.
    dispatch: { icon: <SendOutline />, open: () => navigate(Paths.dispatchOrder) },
    visitors: { icon: <EyeOutline />, open: () => navigate(Paths.visitor) },
    vip: { icon: <BankcardOutline />, open: () => navigate(Paths.vipCenter) },
    tradeSet: { icon: <SetOutline />, open: () => navigate(Paths.tradeSet) },
    staff: { icon: <UserOutline />, open: () => navigate(Paths.operatorIndex) },
  };

  // Until the profile says who this is (a visitor, or still loading), both trades are shown.
  const role = roleOf(data?.businessModel ?? '');

  return (
    <PullToRefresh
      onRefresh={async () => {
        if (loggedIn) await profile.refetch();
      }}
    >
      <div className="mm-me">
        <header className="mm-me-header">
          <button
            type="button"
            className="mm-me-settings"
            aria-label={t('root:me.settings')}
            onClick={() => navigate(Paths.set)}
          >
            <SetOutline />
          </button>
          <button
            type="button"
            className="mm-me-profile"
            onClick={loggedIn ? openCompany : () => navigate(Paths.login)}
          >
            <span className="mm-me-avatar">{data?.head ? <img src={data.head} alt="" /> : <UserOutline />}</span>
            <span className="mm-me-id">
              <span className="mm-me-name">
                <span data-testid="me-name">
                  {loggedIn ? data?.nickName || user?.account : t('root:me.pleaseLogin')}
                </span>
              </span>
              <span className="mm-me-company">
                {/* Until the profile answers, the company is unknown, not missing: nothing is said about it. */}
                {loggedIn ? data && (data.companyName || t('root:me.noCompany')) : t('root:me.loginHint')}
              </span>
              {loggedIn && data && (
                <span className="mm-me-badges">
                  {data.isVip ? (
                    <>
                      <span className="mm-badge is-vip">{t('root:me.vip')}</span>
                      {data.vipEnd && (
                        <span className="mm-me-vip-until">{t('root:me.vipUntil', { date: day(data.vipEnd) })}</span>
                      )}
                    </>
                  ) : (
                    <span className="mm-badge">{t('root:me.notVip')}</span>
                  )}
                  {data.isForecastVip && <span className="mm-badge is-vip">{t('root:me.forecastVip')}</span>}
                </span>
              )}
            </span>
            <RightOutline className="mm-me-chevron" />
          </button>
        </header>

        <section className="mm-card mm-me-stats">
          {(
            [
              ['attention', data?.attentionNum],
              ['visits', data?.visitNum],
              ['cart', data?.shopCartNum],
            ] as const
          ).map(([key, value]) => (
            <button
              key={key}
              type="button"
              className="mm-me-stat"
              disabled={!allows(permissions, STAT_PERMISSIONS[key])}
              onClick={needLogin(() => navigate(STAT_PATHS[key]))}
            >
              <strong data-testid={`me-${key}`}>{count(value)}</strong>
              <span>{t(`root:me.${key}`)}</span>
            </button>
          ))}
        </section>

        {loggedIn && profile.isError && <p className="mm-me-notice">{t('root:me.loadFailed')}</p>}

        {allowedSections(meSections(role), permissions).map((section) => (
          <section key={section.key} className="mm-card" data-testid={`me-section-${section.key}`}>
            <h2 className="mm-section-title">{t(`root:me.sections.${section.key}`)}</h2>
            <List className="mm-me-list">
              {section.items.map((key) => {
                const item = services[key];
                const label = t(`root:me.services.${key}`);
                return (
                  <List.Item
                    key={key}
                    prefix={item.icon}
                    onClick={needLogin(item.open)}
                    extra={item.extra && <span className="mm-me-todo">{item.extra}</span>}
                    data-testid={`me-service-${key}`}
                    arrowIcon
                  >
                    {label}
                  </List.Item>
                );
              })}
            </List>
          </section>
        ))}

        <section className="mm-card">
          <List className="mm-me-list">
            <List.Item prefix={<SetOutline />} onClick={() => navigate(Paths.set)} arrowIcon>
              {t('root:me.settings')}
            </List.Item>
          </List>
        </section>
        <p className="mm-me-version">{t('common:appName')} v5.0.0</p>
      </div>
    </PullToRefresh>
  );
}
