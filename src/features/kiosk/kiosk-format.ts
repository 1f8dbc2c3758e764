import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates, times and numbers as the kiosk shows them: in the locale of the kiosk's language (its
 * messages' `language.locale`), never the browser's. A missing or unreadable instant is ''.
 */
export function useKioskFormat() {
  const { t } = useTranslation('kiosk');
  const locale = t('language.locale');
  return useMemo(() => {
    const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    const hourFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric' });
    const dateFormat = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    /** An instant the guard API wrote (ISO 8601), or a Date. */
    const dateOf = (value: string | Date | null) => {
      const date = typeof value === 'string' ? new Date(value) : value;
      return date && !Number.isNaN(date.getTime()) ? date : null;
    };
    return {
      time: (value: string | Date | null) => {
        const date = dateOf(value);
        return date ? timeFormat.format(date) : '';
      },
      date: (value: string | Date | null) => {
        const date = dateOf(value);
        return date ? dateFormat.format(date) : '';
      },
      /** The hour of a time alone, e.g. '9 am', '9 PG'. */
      hour: (date: Date) => hourFormat.format(date),
      /** A number of at least two digits, e.g. a minute: '05'. */
      twoDigits: (value: number) => twoDigits.format(value),
      /** A wait from now, e.g. 'in 15 minutes': in seconds below a minute, else whole minutes. */
      after: (seconds: number) =>
        seconds < 60
          ? relative.format(Math.max(1, Math.ceil(seconds)), 'second')
          : relative.format(Math.ceil(seconds / 60), 'minute'),
    };
  }, [locale]);
}
