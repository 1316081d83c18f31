import russianMessages from 'ra-language-russian';
import type { RaMessages } from './ra-uk.ts';

/**
 * react-admin's own texts in Russian: ra-language-russian, with what it lacks for this version of
 * react-admin (ra-messages.test.ts finds what a new version adds).
 */
export const raRu = {
  ra: {
    ...(russianMessages.ra as RaMessages['ra']),
    guesser: {
      empty: {
        title: 'Нет данных для отображения',
        message: 'Проверьте dataProvider',
      },
    },
  },
} satisfies RaMessages;
