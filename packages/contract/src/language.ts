import { z } from 'zod';

import { languages } from './languages.ts';

export { defaultLanguage, type Language, languages } from './languages.ts';

/** The optional `lng` field of calls that send an e-mail: the language the shopper is using. */
export const languageField = z.enum(languages, { error: `Must be one of ${languages.join(', ')}.` }).optional();
