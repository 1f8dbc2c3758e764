import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskMessages } from '../../i18n/kiosk';

type NameGroup = 'visitorTypes' | 'incidentTypes';

/**
 * Names the server sends as data, in the kiosk's language: visitor types (`@rules/walk-ins`'
 * VISITOR_TYPES) and incident types (the categories every install starts with) are translated
 * under the name the server stores, which stays the same; any other name is shown as it came.
 * Read from the messages as a table, not as i18next keys, so no name is taken for a key path.
 */
export function useKioskNames() {
  const { i18n } = useTranslation('kiosk');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const messages = i18n.getResourceBundle(language, 'kiosk') as Partial<KioskMessages>;
    const named = (group: NameGroup) => (name: string) => {
      const names: Record<string, string> = messages[group] ?? {};
      return Object.hasOwn(names, name) ? (names[name] ?? name) : name;
    };
    return { visitorType: named('visitorTypes'), incidentType: named('incidentTypes') };
  }, [i18n, language]);
}
