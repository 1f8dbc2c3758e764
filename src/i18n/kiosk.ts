import type { AreaResources } from './i18n';
import en from './locales/en/kiosk.json';
import ms from './locales/ms/kiosk.json';

/** The kiosk's messages; Malay must have every English message (checked here). */
export const kioskResources: AreaResources = {
  en: { kiosk: en },
  ms: { kiosk: ms satisfies typeof en },
};
