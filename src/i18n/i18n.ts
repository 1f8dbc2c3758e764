import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The language every area is written in first, and the one a device starts in. */
export const REFERENCE_LANGUAGE = 'en';

/** The device's choice of language: a kiosk keeps it across reloads and guards. */
export const LANGUAGE_KEY = 'guard-console.language';

/** The device's stored choice when it is one of `offered`, else the reference language. */
export function storedLanguage(
  offered: readonly string[],
  storage: Storage = localStorage,
): string {
  const stored = storage.getItem(LANGUAGE_KEY);
  return offered.find((language) => language === stored) ?? REFERENCE_LANGUAGE;
}

export function storeLanguage(language: string, storage: Storage = localStorage): void {
  storage.setItem(LANGUAGE_KEY, language);
}

/**
 * An area's messages (one namespace per area: `kiosk`, later the console's) by language code. The
 * languages an area offers are the ones it has messages for, in this order.
 */
export type AreaResources = Record<string, ResourceLanguage>;

/**
 * An i18next instance for one area, in `language`, English standing in for a missing message.
 * Each area bundles its few messages, so the instance is ready at once (no loading state); an
 * instance per mount, not one for the app, so a screen starts from the device's stored choice.
 */
export function createI18n(language: string, resources: AreaResources): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: REFERENCE_LANGUAGE,
    supportedLngs: Object.keys(resources),
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}
