import { z } from 'zod';
import { isCalendarDate } from '../helpers/calendar';
import { formFlag } from '../schemas/common';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `calendar/month`: the trading status of every day of a month. */
export const ZCalendarMonthRequest = z.object({
  month: z.string({ error: 'calendar.monthInvalid' }).regex(MONTH_PATTERN, { error: 'calendar.monthInvalid' }),
});
export const ZCalendarDay = z.object({ date: z.string(), trading: z.boolean(), note: z.string() });
export const ZCalendarMonth = z.object({ month: z.string(), days: z.array(ZCalendarDay) });
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

/** `calendar/set_day` (operators): open or close one day, with a note shown beside it. */
export const ZCalendarSetDayRequest = z.object({
  date: z.string({ error: 'calendar.dateInvalid' }).refine(isCalendarDate, { error: 'calendar.dateInvalid' }),
  trading: formFlag(),
  note: z.string().trim().max(50, { error: 'common.tooLong' }).default(''),
});
