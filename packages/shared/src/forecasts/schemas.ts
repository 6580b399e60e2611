import { z } from 'zod';
import { FORECAST_CHOICES } from '../helpers/forecast';
import { intId } from '../schemas/common';

/** `forecast/detail?id` (SPEC forecast detail) and `forecast/stats`: by sort id. */
export const ZForecastSortRequest = z.object({ id: intId() });
/** `forecast/vote`: one vote per user, sort and round; it cannot be changed. */
export const ZForecastVoteRequest = z.object({
  id: intId(),
  choice: z.enum(FORECAST_CHOICES, { error: 'forecast.choice' }),
});

export const ZForecastDetail = z.object({
  id: z.number(),
  sortName: z.string(),
  sortUnit: z.string(),
  marketName: z.string(),
  price: z.string().nullable(),
  range: z.string().nullable(),
  updown: z.string().nullable(),
  rmbPrice: z.string().nullable(),
  exchangePrice: z.string().nullable(),
  days3ago: z.string().nullable(),
  days5ago: z.string().nullable(),
  /**
   * Monday to Friday of the current week (Asia/Shanghai, by the server's clock): each day's outcome
   * once its price is in, null before that or on a day that is not a trading day.
   */
  currentWeek: z.array(
    z.object({ date: z.string(), trading: z.boolean(), outcome: z.enum(FORECAST_CHOICES).nullable() }),
  ),
  /** Whether a round takes votes now, for which trading day, and until when. */
  forecast_enable: z.boolean(),
  target: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** While no round is open: when the next one opens (21:00 on a trading day). */
  opensAt: z.string().nullable(),
  /** Whether the caller has voted in the open round, and how. */
  applied_forecast: z.boolean(),
  myChoice: z.enum(FORECAST_CHOICES).nullable(),
  shareTitle: z.string(),
});
export type TForecastDetail = z.infer<typeof ZForecastDetail>;

export const ZForecastStats = z.object({
  target: z.string(),
  total: z.number(),
  shares: z.object({ up: z.number(), down: z.number(), flat: z.number() }),
  majority: z.enum(FORECAST_CHOICES).nullable(),
  settled: z.boolean(),
});

export const ZForecastStanding = z.object({
  userId: z.number(),
  nickName: z.string(),
  rank: z.number(),
  score: z.number(),
  accuracy: z.number(),
  settled: z.number(),
});
/** `forecast/mrt`: the month's top 20. `forecast/user`: the caller's standing this month and recent votes. */
export const ZForecastMrt = z.object({ month: z.string(), standings: z.array(ZForecastStanding) });
export const ZForecastUser = z.object({
  month: z.string(),
  standing: ZForecastStanding.nullable(),
  votes: z.array(
    z.object({
      sortId: z.number(),
      sortName: z.string(),
      target: z.string(),
      choice: z.enum(FORECAST_CHOICES),
      outcome: z.enum(FORECAST_CHOICES).nullable(),
      points: z.number().nullable(),
    }),
  ),
});
