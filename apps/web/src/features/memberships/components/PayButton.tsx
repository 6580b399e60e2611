import type { TVipPlan } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of each plan page: what comes before paying (the agreement, where there is one) and the
 * "pay ¥…" button for the chosen plan, disabled until one is chosen.
 */
export function PayButton({
  plan,
  loading,
  onPay,
  children,
}: {
  plan: TVipPlan | undefined;
  loading: boolean;
  onPay: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('memberships');
  return (
    <div className="mm-vip-pay">
      {children}
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={!plan}
        loading={loading}
        onClick={onPay}
        data-testid="vip-pay"
      >
        {t('open.pay', { price: plan?.price ?? '' })}
      </Button>
    </div>
  );
}
