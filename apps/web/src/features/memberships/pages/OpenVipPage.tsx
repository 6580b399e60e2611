import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { dayOf } from '../../payments/format';
import { NoPermissionNote } from '../../staff/NoPermissionNote';
import { useCanCall } from '../../staff/useCan';
import { certifiedPurchase, useVipStatus } from '../api';
import { Agreement } from '../components/Agreement';
import { PayButton } from '../components/PayButton';
import { PlansCard, useChosenPlan } from '../components/PlansCard';
import { useBuyPlan } from '../useBuyPlan';
import '../memberships.css';

/**
 * SPEC §2 pagesA/open_vip: the certified-supplier plans (6 months, a year), the agreement to agree to
 * first (SPEC §5, §8), then `vip/open` behind the company-info gate, and the cashier. A renewal adds
 * its time from the end of the membership held.
 */
export default function OpenVipPage() {
  const { t } = useTranslation('memberships');
  const navigate = useNavigate();
  const message = useMessage();
  const { loggedIn } = useSession();
  const status = useVipStatus('certified_supplier');
  const [chosen, setChosen] = useState<number>();
  const plan = useChosenPlan('certified_supplier', chosen);
  const [agreed, setAgreed] = useState(false);
  const [highlight, setHighlight] = useState(false);
  const gate = useCompanyInfoGate();
  const purchase = useBuyPlan();
  const canBuy = useCanCall(certifiedPurchase);
  const held = loggedIn ? status.data : undefined;

  const pay = () => {
    if (!plan) return;
    if (!agreed) {
      setHighlight(true);
      showFail(message('membership.agreementRequired'));
      return;
    }
    void gate.guard(() => purchase.buy(plan, true));
  };

  return (
    <Page title={t('open.title')} backTo={Paths.vipCenter} className="mm-vip">
      <section className="mm-card mm-vip-hero is-certified" data-testid="vip-held">
        <h2>{t('center.certified.name')}</h2>
        <p>{held?.vip && held.endDate ? t('open.statusOn', { date: dayOf(held.endDate) }) : t('open.statusOff')}</p>
        <button type="button" className="mm-vip-hero-link" onClick={() => navigate(Paths.vipPower)}>
          {t('center.certified.benefits')}
        </button>
      </section>
      <PlansCard kind="certified_supplier" chosen={plan?.id} onChoose={setChosen} />
      {canBuy ? (
        <PayButton plan={plan} loading={purchase.pending || gate.checking} onPay={pay}>
          <Agreement checked={agreed} onChange={setAgreed} highlight={highlight} />
        </PayButton>
      ) : (
        <NoPermissionNote call={certifiedPurchase} />
      )}
    </Page>
  );
}
