import Button from 'antd-mobile/es/components/button';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { dayOf } from '../../payments/format';
import { useCanCall } from '../../staff/useCan';
import { certifiedPurchase, useVipPlans, useVipStatus } from '../api';
import { usePlanLength } from '../components/PlanList';
import '../memberships.css';

/**
 * What the certified-supplier membership gives, as SPEC §6 names it: visitor reports, the VIP-only
 * visitor information, and the shop owner's view of visitors, cart adds and followers, with a way to
 * contact those who follow. (SPEC counts 12 benefits but names only these.)
 */
const BENEFITS = ['reports', 'identity', 'visitors', 'cart', 'followers', 'contact'] as const;

/** SPEC §2 pagesA/vip_power: the certified supplier's benefits, its prices (vip/plans) and the way to buy. */
export default function VipPowerPage() {
  const { t } = useTranslation('memberships');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const plans = useVipPlans('certified_supplier');
  const status = useVipStatus('certified_supplier');
  const length = usePlanLength();
  const canBuy = useCanCall(certifiedPurchase);
  const held = loggedIn ? status.data : undefined;

  return (
    <Page title={t('power.title')} backTo={Paths.vipCenter} className="mm-vip">
      <section className="mm-card mm-vip-hero is-certified">
        <h2>{t('power.heading')}</h2>
        <p>{t('power.lead')}</p>
        {held?.vip && held.endDate && <p>{t('power.active', { date: dayOf(held.endDate) })}</p>}
      </section>
      <section className="mm-card mm-vip-card">
        <ol className="mm-vip-benefits" data-testid="vip-benefits">
          {BENEFITS.map((key) => (
            <li key={key}>
              <CheckCircleFill />
              <span>{t(`power.items.${key}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      {(plans.data?.list.length ?? 0) > 0 && (
        <section className="mm-card mm-vip-card">
          <h2 className="mm-section-title">{t('power.plans')}</h2>
          <dl className="mm-vip-rows">
            {plans.data?.list.map((plan) => (
              <div key={plan.id}>
                <dt>{length(plan)}</dt>
                <dd className="mm-vip-price">{t('plans.price', { price: plan.price })}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <div className="mm-vip-pay">
        {canBuy && (
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => navigate(Paths.openVip)}
            data-testid="vip-power-open"
          >
            {held?.vip ? t('power.renew') : t('power.open')}
          </Button>
        )}
      </div>
    </Page>
  );
}
