import { formatCents, formatShanghaiDateTime, formatTons } from '@metal/shared';

/**
 * The one way order pages write money: yuan with the fen when there are any, in the page's neutral
 * text colour (an order's amounts are not market moves, so never red or green).
 */
export const money = (fen: number | null | undefined, unknown = '—') =>
  fen === null || fen === undefined ? unknown : `¥${formatCents(fen)}`;

export const tons = (kg: number) => formatTons(kg);

/** Fen per ton times kilograms, rounded to the fen, as the server reckons a line. */
export const lineAmountFen = (unitPriceFen: number, quantityKg: number) =>
  Math.round((unitPriceFen * quantityKg) / 1000);

/** An ISO instant as the app shows server times, to the minute (Asia/Shanghai). */
export const minuteOf = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);
