import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Job } from '../../platform/scheduler';
import { captchas, loginFailures, sessions, smsCodes } from './accounts.table';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Removes what no rule reads any more: SMS codes older than two days (the daily caps read today's),
 * spent or expired captchas, login failures older than a day (the captcha window is 15 minutes), and
 * sessions that expired or were revoked more than 30 days ago (kept a while for support questions).
 */
export const accountsCleanupJob: Job = {
  id: 'accounts.cleanup',
  cron: '15 3 * * *',
  async run({ db, clock }) {
    const now = clock.now().getTime();
    await db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now - 2 * DAY_MS)));
    await db.delete(captchas).where(or(lt(captchas.expiresAt, new Date(now)), isNotNull(captchas.consumedAt)));
    await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - DAY_MS)));
    await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, new Date(now - 30 * DAY_MS)),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(now - 30 * DAY_MS))),
        ),
      );
  },
};
