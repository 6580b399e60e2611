import type { Posting } from '../../platform/postings';
import { inquiries, inquiryViews } from './inquiries.table';

/**
 * An inquiry its company (owner and employees) may change, and whose views by other companies count;
 * a deleted one is gone, another company's refused. It is open until closed or its deadline passes;
 * then its poster is told. Past its deadline it is expired whether or not the expiry job has run (lists
 * and details already say so), so closing it then is refused as closing an expired one is, and the job
 * still ends it as expired and tells the poster.
 */
export const inquiryPosting: Posting<typeof inquiries> = {
  table: inquiries,
  id: inquiries.id,
  isGone: (inquiry) => inquiry.status === 'deleted',
  mayChange: (actor, inquiry) => inquiry.rootId === actor.rootId,
  isOpen: (inquiry, now) => inquiry.status === 'open' && inquiry.quoteDeadline.getTime() > now.getTime(),
  notOpenMessage: 'inquiry.notOpen',
  views: { table: inquiryViews, row: (inquiryId, userId, day) => ({ inquiryId, userId, day }) },
  endsAt: inquiries.quoteDeadline,
  posterId: (inquiry) => inquiry.postedBy,
  subject: 'inquiry',
  expiredNotice: 'notice.inquiryExpired',
};
