import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZForecastDetail,
  ZForecastMrt,
  ZForecastSortRequest,
  ZForecastStats,
  ZForecastUser,
  ZForecastVoteRequest,
} from './schemas';

/** The `.htmls` calls of forecasts (see contract.ts). */
export const forecastsCalls = {
  forecastDetail: contract({
    path: 'forecast/detail',
    auth: 'visitor',
    feature: 'forecasts',
    summary: "A sort's forecast detail: latest price, recent changes, the open round and the caller's vote",
    request: ZForecastSortRequest,
    response: ZForecastDetail,
  }),
  forecastVote: contract({
    path: 'forecast/vote',
    auth: 'user',
    feature: 'forecasts',
    summary: 'Vote up, down or flat in the open round of a sort (once; codeFlag 5 when closed or already voted)',
    request: ZForecastVoteRequest,
    response: ZForecastDetail,
  }),
  forecastStats: contract({
    path: 'forecast/stats',
    auth: 'visitor',
    feature: 'forecasts',
    summary:
      "Majority statistics: the open round's for Forecast VIPs (codeFlag 9 otherwise), the last settled round's for all after 16:00",
    request: ZForecastSortRequest,
    response: ZForecastStats,
  }),
  forecastUser: contract({
    path: 'forecast/user',
    auth: 'user',
    feature: 'forecasts',
    summary: "The caller's standing this month (score, accuracy, rank) and recent votes",
    request: ZEmptyRequest,
    response: ZForecastUser,
  }),
  forecastMrt: contract({
    path: 'forecast/mrt',
    auth: 'visitor',
    feature: 'forecasts',
    summary: "The month's top 20 forecasters (MRT)",
    request: ZEmptyRequest,
    response: ZForecastMrt,
  }),
} as const;
