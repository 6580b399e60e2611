import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useProfile } from '../../accounts/api';
import { dayOf } from '../../payments/format';
import { useDynamicView, useDynamicViewStatus } from '../api';
import { PayButton } from '../components/PayButton';
import { PlansCard, useChosenPlan } from '../components/PlansCard';
import { useBuyPlan } from '../useBuyPlan';
import '../memberships.css';

/**
 * SPEC §2 pagesA/open_dynamic_vip: dynamic view, bought by count (SPEC §6, §9): uses left, the free
 * trial (once per user), today's use (one deduction per day of use), and the packs on sale. The trial
 * is tied to the account's phone number: without one it cannot open (SPEC §8's message).
 */
export default function OpenDynamicVipPage() {
  const { t } = useTranslation('memberships');
  const navigate = useNavigate();
  const message = useMessage();
  const { loggedIn } = useSession();
  const status = useDynamicViewStatus();
  const profile = useProfile();
  const use = useDynamicView();
  const [chosen, setChosen] = useState<number>();
  const plan = useChosenPlan('dynamic_view', chosen);
  const purchase = useBuyPlan();
  const data = loggedIn ? status.data : undefined;

  const openToday = async () => {
    if (!data) return;
    if (!data.trialUsed && !data.usedToday && data.grantedUntil === null && profile.data?.phone === '') {
      showFail(message('membership.trialOpenFailed'));
      return;
    }
    try {
      await use.mutateAsync();
      showSuccess(t('dynamic.opened'));
    } catch {
      // The toast has said why (nothing left to use: the packs below).
    }
  };

  const buy = () => {
    if (!plan) return;
    if (!loggedIn) return navigate(Paths.login);
    void purchase.buy(plan);
  };

  let state = null;
  if (loggedIn && status.isError) {
    state = <ErrorScreen error={status.error} onRetry={() => void status.refetch()} />;
  } else if (loggedIn && !data) {
    state = (
      <section className="mm-card mm-vip-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  } else if (data) {
    state = (
      <section className="mm-card mm-vip-card" data-testid="dynamic-status">
        <dl className="mm-vip-rows">
          <div>
            <dt>{t('dynamic.remaining')}</dt>
            <dd data-testid="dynamic-remaining">{data.remaining}</dd>
          </div>
          <div>
            <dt>{t('dynamic.trial')}</dt>
            <dd>{data.trialUsed ? t('dynamic.trialUsed') : t('dynamic.trialAvailable')}</dd>
          </div>
          <div>
            <dt>{t('dynamic.today')}</dt>
            <dd data-testid="dynamic-today">{data.usedToday ? t('dynamic.todayOpen') : t('dynamic.todayClosed')}</dd>
          </div>
        </dl>
        {data.grantedUntil && <p className="mm-vip-note">{t('dynamic.granted', { date: dayOf(data.grantedUntil) })}</p>}
        <Button
          block
          color="primary"
          fill="outline"
          shape="rounded"
          disabled={data.usedToday}
          loading={use.isPending}
          onClick={() => void openToday()}
          data-testid="dynamic-use"
        >
          {data.usedToday
            ? t('dynamic.openedToday')
            : data.grantedUntil
              ? t('dynamic.openGranted')
              : data.trialUsed
                ? t('dynamic.useToday')
                : t('dynamic.startTrial')}
        </Button>
      </section>
    );
  }

  return (
    <Page title={t('dynamic.title')} backTo={Paths.vipCenter} className="mm-vip">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await status.refetch()))}>
        <section className="mm-card mm-vip-hero is-dynamic">
          <h2>{t('center.dynamic.name')}</h2>
          <p>{t('dynamic.lead')}</p>
        </section>
        {state}
        <PlansCard kind="dynamic_view" chosen={plan?.id} onChoose={setChosen} />
        <PayButton plan={plan} loading={purchase.pending} onPay={buy} />
      </PullToRefresh>
    </Page>
  );
}
