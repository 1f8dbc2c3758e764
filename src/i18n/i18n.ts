import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'ms'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a language switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ms: 'Bahasa Melayu' };

/** The locale each language formats dates and times in. */
export const LOCALES: Record<Language, string> = { en: 'en-MY', ms: 'ms-MY' };

/** The device's choice of language: a kiosk keeps it across reloads and guards. */
export const LANGUAGE_KEY = 'guard-console.language';

export function storedLanguage(storage: Storage = localStorage): Language {
  const stored = storage.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? 'en';
}

export function storeLanguage(language: Language, storage: Storage = localStorage): void {
  storage.setItem(LANGUAGE_KEY, language);
}

/** An area's messages: one namespace per area (`kiosk`, later the console's), in every language. */
export type AreaResources = Record<Language, ResourceLanguage>;

/**
 * An i18next instance for one area, in `language`, English standing in for a missing message.
 * Each area bundles its few messages, so the instance is ready at once (no loading state); an
 * instance per mount, not one for the app, so a screen starts from the device's stored choice.
 */
export function createI18n(language: Language, resources: AreaResources): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}
