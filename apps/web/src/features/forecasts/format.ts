import { formatShanghaiDateTime } from '@metal/shared';

/** An instant the server sent (ISO) as the Shanghai wall clock the rules speak in: "11-20 21:00". */
export function roundTime(iso: string): string {
  return formatShanghaiDateTime(new Date(iso)).slice(5, 16);
}

/** A trading day as "11-20" (the year is the current one for every open round). */
export const shortDay = (date: string) => date.slice(5);

/** A share (0..1) as a whole percentage; the shown shares of a round may not add up to exactly 100. */
export const sharePercent = (share: number) => `${Math.round(share * 100)}%`;

/** Accuracy (0..1) with one decimal: "66.7%". */
export const accuracyPercent = (accuracy: number) => `${(Math.round(accuracy * 1000) / 10).toFixed(1)}%`;
