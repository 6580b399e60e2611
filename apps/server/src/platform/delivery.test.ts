import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { answerAfterOwnEvents, publishOnCommit } from './delivery';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const heardTopics = () => {
  const heard: number[] = [];
  const stop = t.app.deps.bus.subscribe('stocks.saved', ({ stockId }) => heard.push(stockId));
  return { heard, stop };
};

describe('events published on commit', () => {
  it('reach the bus once the transaction commits, and the call answers only after they were heard', async () => {
    const { heard, stop } = heardTopics();
    await answerAfterOwnEvents(() =>
      t.db.transaction(async (tx) => {
        await publishOnCommit(tx, 'stocks.saved', { stockId: 1 });
        await tx.execute(sql`select 1`);
        expect(heard).toEqual([]);
      }),
    );
    expect(heard).toEqual([1]);
    stop();
  });

  it('never reach the bus when the transaction rolls back, and the call does not wait for them', async () => {
    const { heard, stop } = heardTopics();
    await expect(
      answerAfterOwnEvents(() =>
        t.db.transaction(async (tx) => {
          await publishOnCommit(tx, 'stocks.saved', { stockId: 2 });
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    await answerAfterOwnEvents(() => publishOnCommit(t.db, 'stocks.saved', { stockId: 3 }));
    expect(heard).toEqual([3]);
    stop();
  });
});

// What only a LISTEN on a connection of its own meets (PGlite listens in process, with nothing to lose).
// CI always runs this in the PostgreSQL pass, where TEST_DATABASE_URL is set.
if (process.env.TEST_DATABASE_URL) {
  describe('the LISTEN connection for committed events', () => {
    it('lost and back, tells the bus that events may have been missed, once', async () => {
      const missed: string[] = [];
      const stop = t.app.deps.bus.subscribe('events.missed', ({ source }) => missed.push(source));
      // node-postgres answers a raw statement with its result's rows.
      const { rows } = (await t.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { ended: boolean }[] };
      expect(rows.map((row) => row.ended)).toEqual([true]);
      const deadline = Date.now() + 5000;
      while (missed.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(missed).toEqual(['committed-events']);
      // Listening again: events committed from now on are heard.
      const { heard, stop: stopHearing } = heardTopics();
      await answerAfterOwnEvents(() => publishOnCommit(t.db, 'stocks.saved', { stockId: 4 }));
      expect(heard).toEqual([4]);
      stopHearing();
      stop();
    });
  });
}
