import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showComingSoon } from '../../../lib/feedback';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { clearSession, useSession } from '../../../lib/session';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { useProfile } from '../api';
import '../accounts.css';

/** Dates come as 'YYYY-MM-DD…'; the day is what the user needs. */
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

/** Me tab: SPEC §3's profile summary (`user/info`), and the way to settings. */
export default function MeTab() {
  const { t } = useTranslation(['root', 'common']);
  const navigate = useNavigate();
  const { user, loggedIn } = useSession();
  const profile = useProfile();
  const data = loggedIn ? profile.data : undefined;

  // The server no longer knows this session (it answers as to a visitor): forget it here too.
  useEffect(() => {
    if (loggedIn && profile.data && profile.data.userId === 0) clearSession();
  }, [loggedIn, profile.data]);

  const needLogin = (action: () => void) => () => (loggedIn ? action() : redirectToLogin());
  const companyGate = useCompanyInfoGate();
  const openCompany = () => navigate(Paths.userCenter);
  const count = (value: number | undefined) => (loggedIn && value !== undefined ? value : '--');

  const services = [
    {
      key: 'company',
      icon: <FileOutline />,
      label: t('root:me.services.company'),
      open: openCompany,
      extra: loggedIn && data && !data.complete_info ? t('root:me.companyIncomplete') : undefined,
    },
    {
      key: 'stock',
      icon: <ShopbagOutline />,
      label: t('root:me.services.stock'),
      // SPEC §5: a shop needs complete company info first.
      open: () => void companyGate.guard(() => navigate(Paths.openShop)),
    },
    {
      key: 'postStock',
      // An icon the home tab already loads, so this line costs the start-up budget nothing.
      icon: <BillOutline />,
      label: t('root:me.services.postStock'),
      open: () => void companyGate.guard(() => navigate(Paths.inputStock)),
    },
    {
      key: 'stockManager',
      icon: <UnorderedListOutline />,
      label: t('root:me.services.stockManager'),
      open: () => navigate(Paths.stockManager),
    },
    {
      key: 'visitors',
      icon: <EyeOutline />,
      label: t('root:me.services.visitors'),
      open: () => navigate(Paths.visitor),
    },
    {
      key: 'footprints',
      icon: <ClockCircleOutline />,
      label: t('root:me.services.footprints'),
      open: () => navigate(Paths.stockFootprint),
    },
    {
      key: 'capacity',
      icon: <HistogramOutline />,
      label: t('root:me.services.capacity'),
      open: () => navigate(Paths.capacityManage),
    },
    {
      key: 'inquiries',
      // An icon this tab already loads, so this line costs the start-up budget nothing.
      icon: <UnorderedListOutline />,
      label: t('root:me.services.inquiries'),
      open: () => navigate(Paths.myInquiries),
    },
    {
      key: 'orderTaking',
      icon: <UnorderedListOutline />,
      label: t('root:me.services.orderTaking'),
      open: () => navigate(Paths.orderTaking),
    },
    { key: 'vip', icon: <BankcardOutline />, label: t('root:me.services.vip') },
    { key: 'security', icon: <CheckShieldOutline />, label: t('root:me.services.security') },
  ];

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
                {loggedIn ? data?.companyName || t('root:me.noCompany') : t('root:me.loginHint')}
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
              onClick={needLogin(
                key === 'attention'
                  ? () => navigate(Paths.attentionCompany)
                  : key === 'visits'
                    ? () => navigate(Paths.visitor)
                    : () => showComingSoon(t(`root:me.${key}`)),
              )}
            >
              <strong data-testid={`me-${key}`}>{count(value)}</strong>
              <span>{t(`root:me.${key}`)}</span>
            </button>
          ))}
        </section>

        {loggedIn && profile.isError && <p className="mm-me-notice">{t('root:me.loadFailed')}</p>}

        <section className="mm-card">
          <h2 className="mm-section-title">{t('root:me.services.title')}</h2>
          <List className="mm-me-list">
            {services.map((item) => (
              <List.Item
                key={item.key}
                prefix={item.icon}
                onClick={needLogin(item.open ?? (() => showComingSoon(item.label)))}
                extra={item.extra && <span className="mm-me-todo">{item.extra}</span>}
                data-testid={`me-service-${item.key}`}
                arrowIcon
              >
                {item.label}
              </List.Item>
            ))}
          </List>
        </section>

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
