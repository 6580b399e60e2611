import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { dayOf } from '../../payments/format';
import { useVipStatus } from '../api';
import { PayButton } from '../components/PayButton';
import { PlansCard, useChosenPlan } from '../components/PlansCard';
import { useBuyPlan } from '../useBuyPlan';
import '../memberships.css';

/**
 * SPEC §2 pagesA/open_forecast_vip: the forecast VIP's plans (operators' data), bought by the user for
 * themselves; it opens the majority-forecast statistics (SPEC §6). A renewal adds from the end.
 */
export default function OpenForecastVipPage() {
  const { t } = useTranslation('memberships');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const status = useVipStatus('forecast_vip');
  const [chosen, setChosen] = useState<number>();
  const plan = useChosenPlan('forecast_vip', chosen);
  const purchase = useBuyPlan();
  const held = loggedIn ? status.data : undefined;

  const pay = () => {
    if (!plan) return;
    if (!loggedIn) return navigate(Paths.login);
    void purchase.buy(plan);
  };

  return (
    <Page title={t('forecast.title')} backTo={Paths.vipCenter} className="mm-vip">
      <section className="mm-card mm-vip-hero is-forecast" data-testid="vip-held">
        <h2>{t('center.forecast.name')}</h2>
        <p>{t('forecast.lead')}</p>
        <p>
          {held?.vip && held.endDate ? t('forecast.statusOn', { date: dayOf(held.endDate) }) : t('forecast.statusOff')}
        </p>
      </section>
      <PlansCard kind="forecast_vip" chosen={plan?.id} onChoose={setChosen} />
      <PayButton plan={plan} loading={purchase.pending} onPay={pay} />
    </Page>
  );
}
