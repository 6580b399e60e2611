import { addDays, buildTradingCalendar, type TCalendarDay, type TradingCalendar } from '@metal/shared';
import { and, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { recordOperatorAction } from '../operators/operators.service';
import { calendarOverrides } from './calendar.table';

/** The trading calendar as it stands, operators' overrides included. Every date computation uses this. */
export async function loadTradingCalendar(db: Executor): Promise<TradingCalendar> {
  const rows = await db
    .select({ date: calendarOverrides.date, trading: calendarOverrides.trading })
    .from(calendarOverrides);
  return buildTradingCalendar(new Map(rows.map((r) => [r.date, r.trading])));
}

export async function calendarMonth({ db }: ServiceContext, { month }: { month: string }) {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  const last = days.at(-1) ?? first;
  const notes = await db
    .select({ date: calendarOverrides.date, note: calendarOverrides.note })
    .from(calendarOverrides)
    .where(and(gte(calendarOverrides.date, first), lte(calendarOverrides.date, last)));
  const noteOf = new Map(notes.map((n) => [n.date, n.note]));
  const calendar = await loadTradingCalendar(db);
  return {
    month,
    days: days.map(
      (date): TCalendarDay => ({ date, trading: calendar.isTradingDay(date), note: noteOf.get(date) ?? '' }),
    ),
  };
}

export async function setCalendarDay(
  { db, clock, actor }: ServiceContext,
  { date, trading, note }: { date: string; trading: boolean; note: string },
): Promise<TCalendarDay> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    await tx
      .insert(calendarOverrides)
      .values({ date, trading, note, updatedBy: actor.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: calendarOverrides.date,
        set: { trading, note, updatedBy: actor.userId, updatedAt: now },
      });
    await recordOperatorAction(
      { db: tx, clock, actor },
      { action: 'calendar.set_day', target: `calendar:${date}`, detail: { trading, note } },
    );
    return { date, trading, note };
  });
}
