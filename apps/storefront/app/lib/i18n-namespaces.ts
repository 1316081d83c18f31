import { unlocalizedPath } from '@kram/contract/language-paths';

/**
 * The translations a page carries in its hydration data: every namespace but the page-specific
 * ones below (the header, footer, cart, sign-in dialog, errors and meta tags are on every page),
 * plus those of its own path. A client navigation to a path that needs more reloads the root's data
 * (root.tsx, shouldRevalidate), which brings them.
 */
const pageNamespaces: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/$/, ['home']],
  [/^\/(category|search)(\/|$)/, ['catalog', 'filterDrawer']],
  [/^\/product\//, ['similarProducts']],
  [/^\/checkout\/?$/, ['checkout']],
  [/^\/success-order\/?$/, ['checkout', 'success', 'parcel']],
  // The account's orders show the same order details (and parcel) as the success page.
  [/^\/profile/, ['account', 'profile', 'checkout', 'success', 'parcel', 'receipts', 'returns']],
  [/^\/returns\//, ['returns']],
  [/^\/contacts\/?$/, ['contacts', 'feedback', 'captcha']],
];

/** Namespaces that only the pages above carry. */
export const pageOnlyNamespaces: ReadonlySet<string> = new Set(pageNamespaces.flatMap(([, names]) => names));

/**
 * The page-specific namespaces of a path, in either language (`/ru/…` needs what `/…` needs). A client
 * navigation's data request for the home page reaches the root loader as `/_` (`/_root` in older
 * React Router versions).
 */
export function pathNamespaces(pathname: string): Set<string> {
  const path = unlocalizedPath(pathname.replace(/\.data$/, '')).replace(/^\/_(root)?$/, '/');
  return new Set(pageNamespaces.filter(([pattern]) => pattern.test(path)).flatMap(([, names]) => names));
}

/** True when every namespace the next path needs comes with the current path's. */
export function namespacesCovered(currentPath: string, nextPath: string): boolean {
  const current = pathNamespaces(currentPath);
  return [...pathNamespaces(nextPath)].every((name) => current.has(name));
}
