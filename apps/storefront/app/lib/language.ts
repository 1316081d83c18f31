import { defaultLanguage, type Language, languages } from '@kram/contract/languages';

export const languageCookie = 'lng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The `lng` cookie decides the language the server renders; Ukrainian when absent or unknown. */
export function languageFromCookie(header: string | null): Language {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === languageCookie && isLanguage(value)) return value;
  }
  return defaultLanguage;
}

export function setLanguageCookie(lng: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere yet.
  document.cookie = `${languageCookie}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
