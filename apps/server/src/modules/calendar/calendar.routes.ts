import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { calendarMonth, setCalendarDay } from './calendar.service';

export function calendarRoutes(app: FastifyInstance) {
  registerCall(app, Calls.calendarMonth, (call) => calendarMonth(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.calendarSetDay, (call) =>
    setCalendarDay(serviceContext(app.deps, call), {
      date: call.input.date,
      trading: call.input.trading === 1,
      note: call.input.note,
    }),
  );
}
