import { shanghaiDate, VIP_KINDS, VIP_RENEWAL_REMIND_DAYS, type VipKind } from '@metal/shared';
import { and, eq, gt, lte, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Job } from '../../platform/scheduler';
import { sendNotice } from '../notices/notices.service';
import { entitlements, membershipReminders } from './memberships.table';

const DAY_MS = 24 * 3600 * 1000;

const NOTICE_KEYS = {
  certified_supplier: 'notice.certifiedSupplierEnding',
  forecast_vip: 'notice.forecastVipEnding',
} as const satisfies Record<VipKind, string>;

/**
 * Tells each holder whose membership ends within VIP_RENEWAL_REMIND_DAYS, once per end: a notice (which
 * also queues its push). The end is the last of the holder's periods, which lie end to end. A renewal
 * moves the end, and the new end earns its own reminder when its time comes. Answers how many were sent.
 */
export async function sendRenewalReminders({ db, clock }: { db: Database; clock: Clock }) {
  const now = clock.now();
  const horizon = new Date(now.getTime() + VIP_RENEWAL_REMIND_DAYS * DAY_MS);
  let sent = 0;
  for (const kind of VIP_KINDS) {
    const ending = await db
      .select({ holderId: entitlements.userId, endsAt: max(entitlements.endsAt) })
      .from(entitlements)
      .where(and(eq(entitlements.kind, kind), gt(entitlements.endsAt, now)))
      .groupBy(entitlements.userId)
      .having(lte(max(entitlements.endsAt), horizon));
    for (const { holderId, endsAt } of ending) {
      if (!endsAt) continue;
      await db.transaction(async (tx) => {
        const recorded = await tx
          .insert(membershipReminders)
          .values({ holderId, kind, endsAt, sentAt: now })
          .onConflictDoNothing()
          .returning({ holderId: membershipReminders.holderId });
        if (recorded.length === 0) return;
        await sendNotice(tx, clock, {
          userId: holderId,
          messageKey: NOTICE_KEYS[kind],
          params: { date: shanghaiDate(Math.floor(endsAt.getTime() / 1000)) },
          subject: `membership:${holderId}`,
        });
        sent++;
      });
    }
  }
  return sent;
}

/** 10:00 every day (Asia/Shanghai), outside quiet hours; idempotent, so a missed day is made up by the next. */
export const renewalReminderJob: Job = {
  id: 'memberships.renewal_reminders',
  cron: '0 10 * * *',
  async run({ db, clock, log }) {
    const sent = await sendRenewalReminders({ db, clock });
    if (sent > 0) log.info({ sent }, 'membership renewal reminders sent');
  },
};

export const MEMBERSHIP_JOBS = [renewalReminderJob];
