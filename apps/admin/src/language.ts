import { defaultLanguage, type Language, languages } from '@kram/contract/languages';

/** The back office's language is the first segment of its address: /uk/admin/…, /ru/admin/…. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return languages.find((language) => language === first) ?? defaultLanguage;
}

export const adminBasename = (language: Language): string => `/${language}/admin`;

/** The same screen in the other language: only the first segment changes. */
export function pathInLanguage(location: { pathname: string; search: string; hash: string }, to: Language): string {
  const from = adminBasename(languageFromPath(location.pathname));
  const rest = location.pathname.startsWith(from) ? location.pathname.slice(from.length) : '';
  return `${adminBasename(to)}${rest || '/'}${location.search}${location.hash}`;
}

export const otherLanguage = (language: Language): Language => (language === 'uk' ? 'ru' : 'uk');
