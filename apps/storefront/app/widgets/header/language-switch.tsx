import { type Language, languages } from '@kram/contract/languages';
import { useRevalidator } from 'react-router';
import { useLanguage, useT } from '../../lib/i18n';
import { setLanguageCookie } from '../../lib/language';
import './header.css';

/**
 * uk / ru: sets the `lng` cookie and reloads the page's data, so the same page comes back in the
 * chosen language, and the server renders it so from then on.
 */
export function LanguageSwitch() {
  const t = useT();
  const lng = useLanguage();
  const revalidator = useRevalidator();
  const choose = (next: Language) => {
    if (next === lng) return;
    setLanguageCookie(next);
    void revalidator.revalidate();
  };
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('header.language')}</legend>
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={code === lng ? 'language-switch__option is-current' : 'language-switch__option'}
          aria-pressed={code === lng}
          onClick={() => choose(code)}
          data-testid={`language-${code}`}
        >
          {t(`language.${code}`)}
          <span className="visually-hidden"> — {t(`language.${code}Full`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
