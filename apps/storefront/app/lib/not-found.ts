import { data, isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { ApiError } from './api';
import { translate } from './i18n';
import { privatePageMeta, type RootMetaData } from './seo';

/**
 * A page that is not there: loaders throw it, and the route's error boundary shows the shop's
 * not-found page with status 404 (never a 500, whatever the address holds).
 */
export function notFound(): never {
  throw data(null, { status: 404 });
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * An API answer that means the address names nothing: a 404, or a 400 for a slug the API refuses
 * to look up (longer than 200 characters, a NUL, text the database cannot hold).
 */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** A missing page's tags: kept out of search, with the shop's picture for a link that was shared anyway. */
export function notFoundMeta(root: RootMetaData, pathname: string): MetaDescriptor[] {
  return privatePageMeta({
    title: translate(root.messages, 'meta.notFoundTitle'),
    description: translate(root.messages, 'meta.notFoundDescription'),
    // The address as asked, joined to the shop's origin as text: resolved as a URL, a path that starts
    // with `//` would name another host (//evil.example/x), or none at all (//%00), and fail the page.
    url: new URL(`${root.origin}${pathname}`).href,
    lng: root.lng,
    robots: 'noindex',
    languageLinks: false,
  });
}
