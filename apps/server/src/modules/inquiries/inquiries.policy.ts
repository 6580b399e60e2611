import type { Ownership } from '../../platform/ownership';
import { inquiries } from './inquiries.table';

/** An inquiry its company (owner and employees) may change; a deleted one is gone, another company's refused. */
export const inquiryOwnership: Ownership<typeof inquiries> = {
  table: inquiries,
  id: inquiries.id,
  isGone: (inquiry) => inquiry.status === 'deleted',
  mayChange: (actor, inquiry) => inquiry.rootId === actor.rootId,
};
