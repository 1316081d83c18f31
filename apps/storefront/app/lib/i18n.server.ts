import type { Language } from '@kram/contract/language';
import ru from '../../public/locales/ru.json';
import uk from '../../public/locales/uk.json';
import type { Messages } from './i18n';

/** The same files the browser can load from /locales/{lng}.json. */
const dictionaries: Record<Language, Messages> = { uk, ru };

export function messagesFor(lng: Language): Messages {
  return dictionaries[lng];
}
