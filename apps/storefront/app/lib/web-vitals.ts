import { unlocalizedPath } from '@kram/contract/language-paths';
import type { PageType } from '@kram/contract/vitals-rules';

/**
 * The kind of page a storefront address shows, by its first segment in either language (routes.ts):
 * what the shop's vitals are counted under instead of the address itself (docs/decisions/031).
 */
const pageTypeBySegment: Record<string, PageType> = {
  '': 'home',
  category: 'category',
  product: 'product',
  search: 'search',
  wishlist: 'wishlist',
  'profile-wishlist': 'wishlist',
  checkout: 'checkout',
  'success-order': 'checkout',
  profile: 'account',
  'profile-orders': 'account',
  'change-password': 'account',
  returns: 'account',
  delivery: 'static',
  contacts: 'static',
  about: 'static',
  conf: 'static',
  return: 'static',
  oferta: 'static',
};

export function pageTypeOf(pathname: string): PageType {
  const segment = unlocalizedPath(pathname).split('/')[1] ?? '';
  return Object.hasOwn(pageTypeBySegment, segment) ? (pageTypeBySegment[segment] as PageType) : 'other';
}

let started = false;

/**
 * Starts measuring the page's Core Web Vitals, once per loaded document: the kind of page is the
 * one the browser loaded (LCP belongs to it; INP and CLS follow the document through later
 * navigations, as Chrome's own field data counts them). The library and the reporter load once the
 * browser is idle after hydration, so they take nothing from the page's first paint or input.
 */
export function startVitalsReporting(): void {
  if (started) return;
  started = true;
  const pageType = pageTypeOf(window.location.pathname);
  const load = () => {
    import('./vitals-reporter').then(
      (reporter) => reporter.reportVitals(pageType),
      // Measuring is never worth an error in the shopper's way.
      () => {},
    );
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 1000);
}
