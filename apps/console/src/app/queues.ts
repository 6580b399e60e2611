import { agentBuyQueue } from '../features/agent-buys/agentBuyQueue';
import { capacityQueue } from '../features/capacities/capacityQueue';
import { nameQueue } from '../features/companies/nameQueue';
import { inquiryQueue } from '../features/inquiries/inquiryQueue';
import { licenceQueue } from '../features/licences/licenceQueue';
import { offlineQueue } from '../features/payments/offlineQueue';
import type { ReviewQueue } from '../features/reviews/queue';
import { shopQueue } from '../features/shops/shopQueue';
import { stockQueue } from '../features/stocks/stockQueue';
import { verificationQueue } from '../features/verification/verificationQueue';

/**
 * Every review queue, in the side menu's order. Reports and account deletion come next: each adds
 * its definition here.
 */
export const REVIEW_QUEUES: readonly ReviewQueue[] = [
  nameQueue,
  licenceQueue,
  shopQueue,
  verificationQueue,
  stockQueue,
  capacityQueue,
  inquiryQueue,
  agentBuyQueue,
  offlineQueue,
];
