import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per job and scheduled slot: the instance that inserts it runs the slot, so it runs once across instances. */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: text('job_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.slot] })],
);
