import { data, isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { ApiError } from './api';
import { type Messages, translate } from './i18n';

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

export function notFoundMeta(messages: Messages): MetaDescriptor[] {
  return [
    { title: translate(messages, 'meta.notFoundTitle') },
    { name: 'description', content: translate(messages, 'meta.notFoundDescription') },
    { name: 'robots', content: 'noindex' },
  ];
}
