import type { OrderState } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/** An order's state as a tag: waiting on someone (warm), moving (primary), over (grey). */
export function StateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation('orders');
  return (
    <span className={`mm-order-state is-${state}`} data-testid="order-state">
      {t(`states.${state}`)}
    </span>
  );
}
