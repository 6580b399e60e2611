import type { EntitlementKind } from '@metal/shared';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { useVipPlans } from '../api';
import { PlanList } from './PlanList';

/** The plans on sale of a kind, the first chosen until the buyer picks one (useChosenPlan). */
export function PlansCard({
  kind,
  chosen,
  onChoose,
}: {
  kind: EntitlementKind;
  chosen: number | undefined;
  onChoose: (planId: number) => void;
}) {
  const { t } = useTranslation('memberships');
  const plans = useVipPlans(kind);
  const list = plans.data?.list ?? [];
  const plan = list.find((each) => each.id === chosen) ?? list[0];

  if (plans.isError) return <ErrorScreen error={plans.error} onRetry={() => void plans.refetch()} />;
  return (
    <section className="mm-card mm-vip-card" data-testid="vip-plans">
      <h2 className="mm-section-title">{t('plans.title')}</h2>
      {plans.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : list.length === 0 ? (
        <EmptyState kind="inbox" title={t('plans.empty')} description={t('plans.emptyText')} />
      ) : (
        <PlanList plans={list} chosen={plan?.id} onChoose={onChoose} />
      )}
    </section>
  );
}

/** The plan chosen of a kind: the one tapped, else the first on sale. */
export function useChosenPlan(kind: EntitlementKind, chosen: number | undefined) {
  const list = useVipPlans(kind).data?.list ?? [];
  return list.find((each) => each.id === chosen) ?? list[0];
}
