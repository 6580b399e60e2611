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
