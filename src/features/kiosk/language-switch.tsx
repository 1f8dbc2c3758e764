import { useTranslation } from 'react-i18next';
import { storeLanguage } from '../../i18n/i18n';
import { KIOSK_LANGUAGES } from '../../i18n/kiosk';

/** Every language the kiosk has messages for, each named in itself; the choice stays with the device. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('kiosk');
  return (
    <div role="group" aria-label={t('language.label')} className="kiosk-languages">
      {KIOSK_LANGUAGES.map((language) => (
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
          {t('language.name', { lng: language })}
        </button>
      ))}
    </div>
  );
}
