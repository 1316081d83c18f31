import { localizedPath } from '@kram/contract/language-paths';
import { languages } from '@kram/contract/languages';
import { Link, useLocation } from 'react-router';
import { useLanguage, useT } from '../../lib/i18n';
import { setLanguageCookie } from '../../lib/language';
import './header.css';

/**
 * uk / ru: links to the same page, with the same query, in each language's address space
 * (decision 029); following one also remembers the choice in the `lng` cookie for the next visit to `/`.
 */
export function LanguageSwitch() {
  const t = useT();
  const lng = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('header.language')}</legend>
      {languages.map((code) => (
        // react-router's own Link: this one leaves the page's language on purpose.
        <Link
          key={code}
          to={localizedPath(`${pathname}${search}`, code)}
          lang={code}
          hrefLang={code}
          className={code === lng ? 'language-switch__option is-current' : 'language-switch__option'}
          aria-current={code === lng ? 'true' : undefined}
          onClick={() => setLanguageCookie(code)}
          data-testid={`language-${code}`}
        >
          {t(`language.${code}`)}
          <span className="visually-hidden"> — {t(`language.${code}Full`)}</span>
        </Link>
      ))}
    </fieldset>
  );
}
