import { formatShanghaiDateTime, type TInquiryDetail, type TQuote } from '@metal/shared';
import type { TFunction } from 'i18next';

/** A deadline as the market reads it: Shanghai time to the minute ("2026-11-25 17:00"). */
export const deadlineTime = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);

/**
 * How long quoting stays open, in the largest two units ("2天3小时" / "2d 3h"), or null once the
 * deadline has passed.
 */
export function timeLeft(iso: string, now: Date, t: TFunction<'inquiries'>): string | null {
  const minutes = Math.floor((new Date(iso).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('time.daysHours', { days, hours });
  if (hours > 0) return t('time.hoursMinutes', { hours, minutes: minutes % 60 });
  return t('time.minutes', { minutes });
}

/** Payment terms: the method, with the days for credit. */
export function paymentText(
  terms: Pick<TQuote | TInquiryDetail, 'paymentMethod' | 'creditDays'>,
  t: TFunction<'inquiries'>,
) {
  const method = t(`payment.${terms.paymentMethod}`);
  return terms.paymentMethod === 'credit' && terms.creditDays
    ? t('payment.creditDays', { method, days: terms.creditDays })
    : method;
}

/** A place as people write it: a municipality's city once, empty parts left out. */
export function placeText(parts: string[]): string {
  return parts.filter((part, index) => part && parts.indexOf(part) === index).join(' ');
}
