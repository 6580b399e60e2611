import type { TQuickBuySubscription } from '@metal/shared';
import type { TFunction } from 'i18next';

/** How a subscription reads: category, then the specification (or all specs), then the province if one. */
export function subscriptionLabel(
  subscription: Pick<TQuickBuySubscription, 'sortName' | 'specification' | 'province'>,
  t: TFunction<'quickBuys'>,
) {
  return [subscription.sortName, subscription.specification || t('wholeCategory'), subscription.province]
    .filter(Boolean)
    .join(' · ');
}
