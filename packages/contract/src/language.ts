import { z } from 'zod';

/** The shop's languages; Ukrainian is the fallback. */
export const languages = ['uk', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'uk';

/** The optional `lng` field of calls that send an e-mail: the language the shopper is using. */
export const languageField = z.enum(languages, { error: `Must be one of ${languages.join(', ')}.` }).optional();
