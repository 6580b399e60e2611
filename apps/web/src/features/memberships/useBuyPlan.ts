import type { TVipPlan } from '@metal/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { payDeskPath } from '../payments/links';
import { rememberPurchase } from '../payments/purchase';
import { useOpenVip } from './api';

/**
 * Buys a plan: `vip/open` makes the order, then the cashier takes the payment. The page the buyer came
 * from (`?next=`, e.g. the visitors page) is where the success page leads on.
 */
export function useBuyPlan() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const open = useOpenVip();
  const next = params.get('next') ?? '';
  return {
    pending: open.isPending,
    async buy(plan: TVipPlan, agree?: boolean) {
      try {
        const order = await open.mutateAsync({ planId: plan.id, ...(agree ? { agree } : {}) });
        rememberPurchase(order.orderNo, { item: plan.name, ...(next ? { next } : {}) });
        navigate(payDeskPath(order.orderNo));
      } catch {
        // The toast has said why (the agreement, the owner, a plan taken off sale).
      }
    },
  };
}
