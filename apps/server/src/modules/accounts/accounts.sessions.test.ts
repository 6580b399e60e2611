import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from './accounts.table';

const MAX_AGE_SECONDS = 60;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSeconds: MAX_AGE_SECONDS });
});
afterAll(() => t.close());

const disable = (userId: number) => t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));

describe('sessions held in memory', () => {
  it('answers a held session without reading it again, for at most the configured time', async () => {
    const { user, session } = await t.buildUser();
    expect((await t.app.resolveSession(session)).userId).toBe(user.id);
    // Behind the server's back: the held session answers until it is read again.
    await disable(user.id);
    expect((await t.app.resolveSession(session)).userId).toBe(user.id);
    t.clock.advance(MAX_AGE_SECONDS);
    expect((await t.app.resolveSession(session)).userId).toBe(0);
  });

  it('forgets a session at its logout, at once', async () => {
    const { session } = await t.buildUser();
    expect((await t.call(Calls.logout, {}, { session })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.app.resolveSession(session)).userId).toBe(0);
  });

  it('forgets every held session when events may have been missed, so an unheard ending holds at once', async () => {
    const { user, session } = await t.buildUser();
    const other = await t.buildUser();
    expect((await t.app.resolveSession(session)).userId).toBe(user.id);
    expect((await t.app.resolveSession(other.session)).userId).toBe(other.user.id);
    // Ended while this instance was not listening: no `sessions.ended` reached it.
    await disable(user.id);
    expect((await t.app.resolveSession(session)).userId).toBe(user.id);
    t.app.deps.bus.publish('events.missed', { source: 'committed-events' });
    expect((await t.app.resolveSession(session)).userId).toBe(0);
    expect((await t.app.resolveSession(other.session)).userId).toBe(other.user.id);
  });

  it('does not keep a read that an ending overtook', async () => {
    const { user, session } = await t.buildUser();
    const reading = t.app.resolveSession(session);
    // Heard while the read is under way: the read may have seen the session before it ended.
    t.app.deps.bus.publish('sessions.ended', { userId: user.id });
    expect((await reading).userId).toBe(user.id);
    await disable(user.id);
    expect((await t.app.resolveSession(session)).userId).toBe(0);
  });
});
