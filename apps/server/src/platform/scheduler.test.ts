import { Calls, CodeFlag } from '@metal/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { accountsCleanupJob } from '../modules/accounts/accounts.jobs';
import { captchas, sessions, smsCodes } from '../modules/accounts/accounts.table';
import { JOB_RUNS_KEPT_DAYS, type Job, jobRunsPruneJob, nextSlot, previousSlot, Scheduler } from './scheduler';
import { jobRuns } from './scheduler.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quietLog = { info: () => {}, error: () => {} };

describe('scheduler', () => {
  it('reads cron patterns in Asia/Shanghai', () => {
    // 03:15 in Shanghai is 19:15 UTC the day before.
    expect(nextSlot('15 3 * * *', new Date('2026-11-20T12:00:00Z')).toISOString()).toBe('2026-11-20T19:15:00.000Z');
  });

  it('catches up the latest missed slot at start, once across instances', async () => {
    let runs = 0;
    const job: Job = { id: 'test.catch-up', cron: '30 15 * * *', run: async () => void runs++ };
    t.clock.set(new Date('2026-11-20T09:00:00Z')); // 17:00 in Shanghai, after the 15:30 slot
    expect(previousSlot(job.cron, t.clock.now())?.toISOString()).toBe('2026-11-20T07:30:00.000Z');
    const first = new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog }, [job]);
    const second = new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog }, [job]);
    await first.start();
    await second.start();
    first.stop();
    second.stop();
    expect(runs).toBe(1);
  });

  it('runs a slot once even when several instances reach it at the same time', async () => {
    let runs = 0;
    const job: Job = { id: 'test.once', cron: '* * * * *', run: async () => void runs++ };
    const slot = new Date('2026-11-20T03:00:00Z');
    const instances = [1, 2, 3].map(
      () => new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog }, [job]),
    );
    const outcomes = await Promise.all(instances.map((s) => s.runSlot(job, slot)));
    expect(outcomes.sort()).toEqual(['ran', 'taken', 'taken']);
    expect(runs).toBe(1);
    const [row] = await t.db.select().from(jobRuns).where(eq(jobRuns.jobId, 'test.once'));
    expect(row?.status).toBe('done');
  });

  it('records a failed run and runs the next slot', async () => {
    let calls = 0;
    const job: Job = {
      id: 'test.fails-once',
      cron: '* * * * *',
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
      },
    };
    const scheduler = new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog }, [job]);
    expect(await scheduler.runSlot(job, new Date('2026-11-20T03:00:00Z'))).toBe('failed');
    expect(await scheduler.runSlot(job, new Date('2026-11-20T03:01:00Z'))).toBe('ran');
    const rows = await t.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id)).orderBy(jobRuns.slot);
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'Error: boom'],
      ['done', null],
    ]);
  });
});

describe('accounts.cleanup job', () => {
  it('removes old codes, spent captchas and long-dead sessions, and keeps what rules still read', async () => {
    const old = await t.buildUser();
    await t.call(Calls.sendCode, { phone: t.nextPhone(), purpose: 'register' });
    await t.call(Calls.captchaImage);
    t.clock.advance(61 * 24 * 3600);
    const fresh = await t.call(Calls.sendCode, { phone: t.nextPhone(), purpose: 'register' });
    expect(fresh.body.codeFlag).toBe(CodeFlag.ok);
    const current = await t.buildUser();

    await accountsCleanupJob.run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog, slot: t.clock.now() });
    expect((await t.db.select({ n: count() }).from(smsCodes))[0]?.n).toBe(1);
    expect((await t.db.select({ n: count() }).from(captchas))[0]?.n).toBe(0);
    const remaining = (await t.db.select({ userId: sessions.userId }).from(sessions)).map((r) => r.userId);
    expect(remaining).not.toContain(old.user.id);
    expect(remaining).toContain(current.user.id);
    expect((await t.call(Calls.getAllFoot, {}, { session: current.session })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('drops finished run records older than the kept days, and keeps newer ones and running ones', async () => {
    const slot = new Date('2026-11-20T19:45:00Z');
    const day = 86_400_000;
    const old = new Date(slot.getTime() - (JOB_RUNS_KEPT_DAYS + 1) * day);
    const recent = new Date(slot.getTime() - (JOB_RUNS_KEPT_DAYS - 1) * day);
    await t.db.insert(jobRuns).values([
      { jobId: 'test.prune-old', slot: old, status: 'done' },
      { jobId: 'test.prune-failed', slot: old, status: 'failed' },
      { jobId: 'test.prune-stuck', slot: old, status: 'running' },
      { jobId: 'test.prune-recent', slot: recent, status: 'done' },
    ]);
    await jobRunsPruneJob.run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog, slot } as never);
    const left = (await t.db.select({ jobId: jobRuns.jobId }).from(jobRuns))
      .map((r) => r.jobId)
      .filter((id) => id.startsWith('test.prune'));
    expect(left.sort()).toEqual(['test.prune-recent', 'test.prune-stuck']);
  });
});
