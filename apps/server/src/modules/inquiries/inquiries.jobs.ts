import type { Job } from '../../platform/scheduler';
import { escalateOverdue } from './inquiries.dispatch';
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

/**
 * Dispatch groups in assign mode (SPEC §6): every minute, routed inquiries whose hours ran out without
 * an assignment or the assignee's quote escalate (escalateOverdue): the dispatchers and the owner are
 * told and the inquiry returns to the company's pool. Each escalates once, however often the job runs.
 */
export const dispatchEscalationJob: Job = {
  id: 'inquiries.dispatch-escalate',
  cron: '* * * * *',
  async run({ db, clock, log, slot }) {
    const escalated = await escalateOverdue({ db, clock, at: slot });
    if (escalated > 0) log.info({ escalated }, 'dispatched inquiries escalated');
  },
};
