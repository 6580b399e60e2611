import { contract } from '../contract';
import { ZCalendarDay, ZCalendarMonth, ZCalendarMonthRequest, ZCalendarSetDayRequest } from './schemas';

/** The `.htmls` calls of calendar (see contract.ts). */
export const calendarCalls = {
  calendarMonth: contract({
    path: 'calendar/month',
    auth: 'visitor',
    feature: 'calendar',
    summary: 'Trading status of every day of a month (Asia/Shanghai trading calendar)',
    request: ZCalendarMonthRequest,
    response: ZCalendarMonth,
  }),
  calendarSetDay: contract({
    path: 'calendar/set_day',
    auth: 'operator',
    feature: 'calendar',
    summary: 'Operators: open or close one day of the trading calendar, with a note',
    request: ZCalendarSetDayRequest,
    response: ZCalendarDay,
  }),
} as const;
