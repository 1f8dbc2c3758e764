import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LOCALES } from '../../i18n/i18n';

/** Dates and times as the kiosk shows them, in its language; '' for a missing or unreadable one. */
export function useKioskFormat() {
  const { i18n } = useTranslation('kiosk');
  const language = LANGUAGES.find((known) => known === i18n.resolvedLanguage) ?? 'en';
  return useMemo(() => {
    const locale = LOCALES[language];
    const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    const dateFormat = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
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
    };
  }, [language]);
}
