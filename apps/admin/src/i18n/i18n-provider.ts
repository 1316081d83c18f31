import type { Language } from '@kram/contract/languages';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raRu } from './ra-ru.ts';
import { raUk } from './ra-uk.ts';
import { ru } from './ru.ts';
import { uk } from './uk.ts';

export const messages = {
  uk: { ...raUk, ...uk },
  ru: { ...raRu, ...ru },
} satisfies Record<Language, unknown>;

/**
 * One language per page: the address says which (/uk/admin/, /ru/admin/), and the switch in the app
 * bar loads the other address instead of changing the language in place.
 */
export const createI18nProvider = (language: Language) =>
  polyglotI18nProvider((locale) => messages[locale as Language] ?? messages[language], language, [
    { locale: 'uk', name: 'Українська' },
    { locale: 'ru', name: 'Русский' },
  ]);
