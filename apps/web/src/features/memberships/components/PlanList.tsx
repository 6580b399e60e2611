import type { TVipPlan } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/** A plan's length or count as words: "6 months", "30 days", "10 uses". */
export function usePlanLength() {
  const { t } = useTranslation('memberships');
  return (plan: TVipPlan) =>
    plan.viewCount !== null
      ? t('plans.uses', { count: plan.viewCount })
      : plan.months !== null
        ? t('plans.months', { count: plan.months })
        : t('plans.days', { count: plan.days ?? 0 });
}

/** The plans on sale, one to choose: name, length and price. */
export function PlanList({
  plans,
  chosen,
  onChoose,
}: {
  plans: TVipPlan[];
  chosen: number | undefined;
  onChoose: (planId: number) => void;
}) {
  const { t } = useTranslation('memberships');
  const length = usePlanLength();
  return (
    <div className="mm-vip-plans">
      {plans.map((plan) => (
        <button
          key={plan.id}
          type="button"
          aria-pressed={chosen === plan.id}
          className={`mm-vip-plan ${chosen === plan.id ? 'is-chosen' : ''}`}
          onClick={() => onChoose(plan.id)}
          data-testid="vip-plan"
        >
          <span className="mm-vip-plan-name">{plan.name}</span>
          <span className="mm-vip-plan-length">{length(plan)}</span>
          <strong className="mm-vip-plan-price">{t('plans.price', { price: plan.price })}</strong>
        </button>
      ))}
    </div>
  );
}
