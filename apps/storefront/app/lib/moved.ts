import { languageOfPath, localizedPath } from '@kram/contract/language-paths';
import { redirect } from 'react-router';

/**
 * An address the shop has since given up (a product or category was renamed): a permanent redirect
 * (301), so that old links, bookmarks and search engines move on to the current address. `path` is
 * the Ukrainian address; the answer keeps the page's language and its query (a listing's filters).
 */
export function movedPermanently(path: string, from: URL): never {
  throw redirect(`${localizedPath(path, languageOfPath(from.pathname))}${from.search}`, 301);
}
