import { describe, expect, it } from 'vitest';
import { KIOSK_LANGUAGES, KIOSK_MESSAGES } from '../../src/i18n/kiosk';

/** Every message of a language file, by its dotted key. */
function messagesOf(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') {
      for (const [inner, message] of messagesOf(value, `${prefix}${key}.`))
        found.set(inner, message);
    } else found.set(`${prefix}${key}`, value);
  }
  return found;
}

/** The values a message interpolates, by name ('{{max, number}}' is max). */
function placeholders(message: unknown): string[] {
  const names = [...String(message).matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map(
    ([, name]) => name ?? '',
  );
  return [...new Set(names)].sort();
}

const english = messagesOf(KIOSK_MESSAGES.en);

describe('The kiosk’s message files', () => {
  it('offers English, Bahasa Melayu and Nepali, each named in itself', () => {
    expect(KIOSK_LANGUAGES).toEqual(['en', 'ms', 'ne']);
    expect(KIOSK_LANGUAGES.map((language) => KIOSK_MESSAGES[language].language.name)).toEqual([
      'English',
      'Bahasa Melayu',
      'नेपाली',
    ]);
  });

  it.each(KIOSK_LANGUAGES)('%s has exactly the English keys, each a message', (language) => {
    const messages = messagesOf(KIOSK_MESSAGES[language]);
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, message] of messages) {
      expect(typeof message === 'string' && message.trim() !== '', key).toBe(true);
    }
  });

  it.each(KIOSK_LANGUAGES)('%s fills in the same values as English in each message', (language) => {
    for (const [key, message] of messagesOf(KIOSK_MESSAGES[language])) {
      expect(placeholders(message), key).toEqual(placeholders(english.get(key)));
    }
  });

  it.each(KIOSK_LANGUAGES)('%s writes dates in a locale the browser knows', (language) => {
    const { locale } = KIOSK_MESSAGES[language].language;
    expect(Intl.DateTimeFormat.supportedLocalesOf([locale])).toEqual([locale]);
  });
});
