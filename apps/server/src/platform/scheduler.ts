import { BUSINESS_TIME_ZONE } from '@metal/shared';
import { Cron } from 'croner';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EventBus } from './bus';
import type { Clock } from './clock';
import { jobRuns } from './scheduler.table';

export interface JobContext {
  db: Database;
  clock: Clock;
  /** Where a job tells the rest of the server (and connected apps) what it changed. */
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The scheduled moment this run is for. */
  slot: Date;
}

/** A scheduled job: idempotent, its cron read in Asia/Shanghai. */
export interface Job {
  id: string;
  cron: string;
  run(context: JobContext): Promise<void>;
}

/** The next slot of a cron pattern after `after`, in the business time zone. */
export function nextSlot(cron: string, after: Date): Date {
  const next = new Cron(cron, { timezone: BUSINESS_TIME_ZONE, paused: true }).nextRun(after);
  if (!next) throw new Error(`cron pattern ${cron} has no next run`);
  return next;
}

/** The latest slot of a cron pattern at or before `at`, looking back a day (every job here runs at least daily). */
export function previousSlot(cron: string, at: Date): Date | undefined {
  // Croner counts back from before a whole second: one second past `at`'s includes a slot at `at` itself.
  const reference = new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000);
  const [slot] = new Cron(cron, { timezone: BUSINESS_TIME_ZONE, paused: true }).previousRuns(1, reference);
  return slot && at.getTime() - slot.getTime() < LOOK_BACK_MS ? slot : undefined;
}

const LOOK_BACK_MS = 25 * 3600 * 1000;

/** How long the record of a finished job run is kept (for looking into a failure, and to skip a slot already run). */
export const JOB_RUNS_KEPT_DAYS = 30;

/**
 * Every night, drops the records of job runs finished more than JOB_RUNS_KEPT_DAYS before the slot:
 * jobs that run every minute would otherwise add 1,440 rows a day for good. A record still running
 * is kept, whatever its age.
 */
export const jobRunsPruneJob: Job = {
  id: 'scheduler.prune',
  cron: '45 3 * * *',
  async run({ db, log, slot }) {
    const cutoff = new Date(slot.getTime() - JOB_RUNS_KEPT_DAYS * 86_400_000);
    const pruned = await db
      .delete(jobRuns)
      .where(and(lt(jobRuns.slot, cutoff), ne(jobRuns.status, 'running')))
      .returning({ jobId: jobRuns.jobId });
    if (pruned.length > 0) log.info({ pruned: pruned.length }, 'old job run records dropped');
  },
};

/**
 * Runs jobs at their slots. Each slot is claimed by inserting its job_runs row, so with several
 * server instances exactly one runs it; a failed run is recorded and logged, and the next slot
 * comes as usual.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly deps: Omit<JobContext, 'slot'>,
    private readonly jobs: Job[],
  ) {}

  /** Catches up each job's latest slot if no instance ran it (the server was down), then follows the schedule. */
  async start() {
    for (const job of this.jobs) {
      if (this.stopped) return;
      const missed = previousSlot(job.cron, this.deps.clock.now());
      if (missed) await this.runSlot(job, missed);
      this.schedule(job);
    }
  }

  /** Schedules no more runs and waits for the running ones, so none touches the database after it closes. */
  async stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  private schedule(job: Job) {
    if (this.stopped) return;
    const slot = nextSlot(job.cron, this.deps.clock.now());
    // Timers cannot wait longer than ~24.8 days; a far slot is reached in hops.
    const delay = Math.min(slot.getTime() - this.deps.clock.now().getTime(), 2 ** 31 - 1);
    const timer = setTimeout(
      async () => {
        if (this.deps.clock.now() >= slot) await this.runSlot(job, slot);
        this.schedule(job);
      },
      Math.max(0, delay),
    );
    timer.unref();
    this.timers.set(job.id, timer);
  }

  /** Runs one slot of a job unless another instance (or an earlier call) has claimed it. */
  async runSlot(job: Job, slot: Date): Promise<'ran' | 'failed' | 'taken'> {
    const run = this.claimAndRun(job, slot);
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async claimAndRun(job: Job, slot: Date): Promise<'ran' | 'failed' | 'taken'> {
    const { db, clock, log } = this.deps;
    const claimed = await db
      .insert(jobRuns)
      .values({ jobId: job.id, slot, startedAt: clock.now() })
      .onConflictDoNothing()
      .returning({ jobId: jobRuns.jobId });
    if (claimed.length === 0) return 'taken';
    const where = and(eq(jobRuns.jobId, job.id), eq(jobRuns.slot, slot));
    try {
      await job.run({ ...this.deps, slot });
      await db.update(jobRuns).set({ status: 'done', finishedAt: clock.now() }).where(where);
      log.info({ job: job.id, slot }, 'job done');
      return 'ran';
    } catch (error) {
      log.error({ err: error, job: job.id, slot }, 'job failed');
      await db
        .update(jobRuns)
        .set({ status: 'failed', finishedAt: clock.now(), error: String(error).slice(0, 2000) })
        .where(where);
      return 'failed';
    }
  }
}
