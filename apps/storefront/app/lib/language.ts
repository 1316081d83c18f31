import type { Language } from '@kram/contract/languages';

export const languageCookie = 'lng';

/**
 * Remembers the shopper's choice of language. The address decides the language of every page
 * (decision 029); the server reads this cookie only when a shopper opens `/`, to send them on to `/ru/`.
 */
export function setLanguageCookie(lng: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere yet.
  document.cookie = `${languageCookie}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
