import type { AreaResources } from './i18n';
import en from './locales/en/kiosk.json';
import ms from './locales/ms/kiosk.json';
import ne from './locales/ne/kiosk.json';

/** The kiosk's messages in English, the reference every other language must match. */
export type KioskMessages = typeof en;

/**
 * The kiosk's languages, in the order its language switch offers them. A language is its file,
 * `locales/<code>/kiosk.json` (its name in itself and its locale under `language`), and its line
 * here, where the type checks that it has every English message.
 */
export const KIOSK_MESSAGES = {
  en,
  ms: ms satisfies KioskMessages,
  ne: ne satisfies KioskMessages,
} as const;

export const KIOSK_LANGUAGES = Object.keys(KIOSK_MESSAGES) as ReadonlyArray<
  keyof typeof KIOSK_MESSAGES
>;

export const kioskResources: AreaResources = Object.fromEntries(
  Object.entries(KIOSK_MESSAGES).map(([language, kiosk]) => [language, { kiosk }]),
);
