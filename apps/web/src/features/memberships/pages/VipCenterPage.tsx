import type { TVipStatus } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { LoginFirst } from '../../payments/components/LoginFirst';
import { dayOf } from '../../payments/format';
import { useCanCall } from '../../staff/useCan';
import { certifiedPurchase, useDynamicViewStatus, useVipStatus } from '../api';
import { StatusRows } from '../components/StatusRows';
import '../memberships.css';

/** One membership's card: on or off, its dates and days left, the reminder, and the way to buy or renew. */
function MembershipCard({
  kind,
  status,
  onOpen,
  extra,
}: {
  kind: 'certified' | 'forecast';
  status: TVipStatus;
  /** Absent when the user may not buy it (the company's membership without 'membership', staff). */
  onOpen: (() => void) | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('memberships');
  return (
    <section className={`mm-card mm-vip-card is-${kind}`} data-testid={`vip-${kind}`}>
      <header className="mm-vip-card-head">
        <h2 className="mm-section-title">{t(`center.${kind}.name`)}</h2>
        <span className={`mm-vip-badge ${status.vip ? 'is-on' : ''}`} data-testid={`vip-${kind}-state`}>
          {status.vip ? t('center.on') : t('center.off')}
        </span>
      </header>
      {status.vip ? <StatusRows status={status} /> : <p className="mm-vip-note">{t(`center.${kind}.offText`)}</p>}
      <div className="mm-vip-card-actions">
        {extra}
        {onOpen && (
          <Button color="primary" shape="rounded" onClick={onOpen} data-testid={`vip-${kind}-open`}>
            {status.vip ? t(`center.${kind}.renew`) : t(`center.${kind}.open`)}
          </Button>
        )}
      </div>
    </section>
  );
}

const Loading = () => (
  <section className="mm-card mm-vip-card" aria-hidden="true">
    <Skeleton.Paragraph lineCount={3} animated />
  </section>
);

/**
 * SPEC §2 pagesA/vip_center: the company's certified-supplier membership (SPEC §3 VIP status: vip,
 * type, opened, ends, days left, the renewal reminder from 30 days before the end), the user's forecast
 * VIP and dynamic view, the ways to buy or renew, and the order history.
 */
export default function VipCenterPage() {
  const { t } = useTranslation('memberships');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const certified = useVipStatus('certified_supplier');
  const forecast = useVipStatus('forecast_vip');
  const dynamic = useDynamicViewStatus();
  const canBuyCertified = useCanCall(certifiedPurchase);

  let body: ReactNode;
  if (!loggedIn) {
    body = <LoginFirst title={t('login.title')} text={t('login.text')} action={t('login.action')} />;
  } else if (certified.isError) {
    body = <ErrorScreen error={certified.error} onRetry={() => void certified.refetch()} />;
  } else {
    const views = dynamic.data;
    body = (
      <>
        {certified.data ? (
          <MembershipCard
            kind="certified"
            status={certified.data}
            onOpen={canBuyCertified ? () => navigate(Paths.openVip) : undefined}
            extra={
              <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(Paths.vipPower)}>
                {t('center.certified.benefits')}
              </Button>
            }
          />
        ) : (
          <Loading />
        )}
        {forecast.data ? (
          <MembershipCard kind="forecast" status={forecast.data} onOpen={() => navigate(Paths.openForecastVip)} />
        ) : forecast.isError ? null : (
          <Loading />
        )}
        {views && (
          <section className="mm-card mm-vip-card" data-testid="vip-dynamic">
            <header className="mm-vip-card-head">
              <h2 className="mm-section-title">{t('center.dynamic.name')}</h2>
              <span className="mm-vip-count" data-testid="vip-dynamic-remaining">
                {t('center.dynamic.remaining', { count: views.remaining })}
              </span>
            </header>
            {views.grantedUntil ? (
              <p className="mm-vip-note">{t('center.dynamic.granted', { date: dayOf(views.grantedUntil) })}</p>
            ) : (
              !views.trialUsed && <p className="mm-vip-note">{t('center.dynamic.trial')}</p>
            )}
            <div className="mm-vip-card-actions">
              <Button color="primary" shape="rounded" onClick={() => navigate(Paths.openDynamicVip)}>
                {t('center.dynamic.open')}
              </Button>
            </div>
          </section>
        )}
        <section className="mm-card">
          <List>
            <List.Item
              onClick={() => navigate(Paths.payOrders)}
              description={t('center.ordersHint')}
              arrowIcon
              data-testid="vip-orders"
            >
              {t('center.orders')}
            </List.Item>
          </List>
        </section>
      </>
    );
  }

  return (
    <Page title={t('center.title')} backTo={rootPath('me')} className="mm-vip">
      <PullToRefresh
        onRefresh={async () => {
          if (loggedIn) await Promise.all([certified.refetch(), forecast.refetch(), dynamic.refetch()]);
        }}
      >
        {body}
      </PullToRefresh>
    </Page>
  );
}
