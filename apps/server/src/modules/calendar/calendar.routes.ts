import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { calendarMonth, setCalendarDay } from './calendar.service';

export function calendarRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.calendarMonth, ({ input }) => calendarMonth({ db, month: input.month }));
  registerCall(app, Calls.calendarSetDay, ({ actor, input }) =>
    setCalendarDay({ db, clock, actor, date: input.date, trading: input.trading === 1, note: input.note }),
  );
}
