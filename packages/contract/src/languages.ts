/** The shop's languages, without zod (see catalog-rules.ts); Ukrainian is the fallback. */
export const languages = ['uk', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'uk';
