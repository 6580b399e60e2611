import { nameQueue } from '../features/companies/nameQueue';
import type { ReviewQueue } from '../features/reviews/queue';

/**
 * Every review queue, in the side menu's order. Licences, shop openings and verification escalations
 * come next, then stock, capacity, inquiries, reports and account deletion: each adds its definition here.
 */
export const REVIEW_QUEUES: readonly ReviewQueue[] = [nameQueue];
