import { formatCents, formatShanghaiDateTime, formatTons } from '@metal/shared';

/**
 * The one way order pages write money: yuan with the fen when there are any, in the page's neutral
 * text colour (an order's amounts are not market moves, so never red or green).
 */
export const money = (fen: number | null | undefined, unknown = '—') =>
  fen === null || fen === undefined ? unknown : `¥${formatCents(fen)}`;

export const tons = (kg: number) => formatTons(kg);

/** An ISO instant as the app shows server times, to the minute (Asia/Shanghai). */
export const minuteOf = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);
