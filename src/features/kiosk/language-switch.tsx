import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, storeLanguage } from '../../i18n/i18n';

/** English or Bahasa Melayu, each named in itself; the choice stays with the device. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('kiosk');
  return (
    <div role="group" aria-label={t('language.label')} className="kiosk-languages">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="btn btn-outline-light"
          aria-pressed={i18n.resolvedLanguage === language}
          onClick={() => {
            storeLanguage(language);
            void i18n.changeLanguage(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
