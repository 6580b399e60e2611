import { shanghaiDate } from '@metal/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../modules/accounts/accounts.table';
import { loadTradingCalendar } from '../../modules/calendar/calendar.service';
import { settleDueVotes } from '../../modules/forecasts/forecasts.service';
import { forecastVotes } from '../../modules/forecasts/forecasts.table';
import { DEMO_ACCOUNTS } from './demo';

/** A00 aluminium and 1# electrolytic copper, the first two forecast tabs. */
const DEMO_FORECAST_SORTS = [13, 12];
/** Trading days of past rounds the demo traders took part in. */
const DEMO_FORECAST_ROUNDS = 20;
const CHOICES = ['up', 'down', 'flat'] as const;

/**
 * The demo traders' votes in the past rounds (the last DEMO_FORECAST_ROUNDS trading days before today),
 * settled against the demo quotes by the forecast service, so the monthly ranking and each trader's
 * record have something to show. Past rounds are closed, so the votes are written as they would have
 * been cast (21:30 the evening before); settling them is the service's. Answers how many were settled.
 */
export async function seedDemoForecasts(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const calendar = await loadTradingCalendar(db);
  const voters = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.phone,
        DEMO_ACCOUNTS.map((a) => a.phone),
      ),
    );
  const rounds: string[] = [];
  let day = shanghaiDate(Math.floor(clock.now().getTime() / 1000));
  while (rounds.length < DEMO_FORECAST_ROUNDS) {
    day = calendar.previousTradingDay(day);
    rounds.push(day);
  }
  const votes = rounds.flatMap((target, r) =>
    voters.flatMap((voter, v) =>
      DEMO_FORECAST_SORTS.map((sortId, s) => ({
        userId: voter.id,
        sortId,
        target,
        // Each trader guesses differently, so the ranking has an order.
        choice: CHOICES[(r * (v + 1) + s) % CHOICES.length]!,
        createdAt: new Date(`${calendar.previousTradingDay(target)}T21:30:00+08:00`),
      })),
    ),
  );
  if (votes.length > 0) await db.insert(forecastVotes).values(votes);
  const settled = await settleDueVotes({ db, clock });
  return settled.reduce((sum, round) => sum + round.votes, 0);
}
