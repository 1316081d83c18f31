import type { Language } from '@kram/contract/language';
import ru from '../../public/locales/ru.json';
import uk from '../../public/locales/uk.json';
import type { Messages } from './i18n';
import { pageOnlyNamespaces, pathNamespaces } from './i18n-namespaces';

/** The same files the browser can load from /locales/{lng}.json. */
const dictionaries: Record<Language, Messages> = { uk, ru };

/** The translations a page at `pathname` needs: the shared namespaces and its own (i18n-namespaces.ts). */
export function pageMessagesFor(lng: Language, pathname: string): Messages {
  const own = pathNamespaces(pathname);
  return Object.fromEntries(
    Object.entries(dictionaries[lng]).filter(([name]) => !pageOnlyNamespaces.has(name) || own.has(name)),
  );
}
