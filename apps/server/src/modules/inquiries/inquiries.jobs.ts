import type { Job } from '../../platform/scheduler';
import { expireInquiries } from './inquiries.service';

/**
 * SPEC §4's expired inquiry: every minute, open inquiries whose quote deadline has passed end as
 * expired and their posters are told. Until the run, lists and details already show them as expired
 * and quoting is refused, so the minute's delay is never visible.
 */
export const inquiryExpiryJob: Job = {
  id: 'inquiries.expire',
  cron: '* * * * *',
  async run({ db, clock, log, slot }) {
    const expired = await expireInquiries({ db, clock, at: slot });
    if (expired > 0) log.info({ expired }, 'inquiries past their deadline expired');
  },
};
