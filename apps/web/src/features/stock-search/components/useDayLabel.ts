import { useTranslation } from 'react-i18next';
import { monthDay } from '../format';

/** A day of the five-day window: today, yesterday, or its month and day. */
export function useDayLabel() {
  const { t } = useTranslation('stockSearch');
  return (date: string, today: string | undefined, yesterday: string | undefined) =>
    date === today
      ? t('fiveDay.today')
      : date === yesterday
        ? t('fiveDay.yesterday')
        : t('fiveDay.day', monthDay(date));
}
