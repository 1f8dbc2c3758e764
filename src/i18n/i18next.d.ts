import 'i18next';
import type kiosk from './locales/en/kiosk.json';

// English is the reference: keys are checked against its messages where `t` is called.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { kiosk: typeof kiosk };
  }
}
