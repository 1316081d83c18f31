import { type ApiClient, createApiClient, errorCodesOf, readBody } from '@kram/contract/client';
import type { ErrorCode } from '@kram/contract/error-codes';
import { HttpError } from 'react-admin';
import { clearSession, getAccessToken, getRefreshToken, saveRefreshedTokens } from './session.ts';

/** The server's error bodies: `{detail, code?}`, or for invalid fields `{field: ["message", …]}`. */
export type ErrorBody = { detail: string; code?: string } | Record<string, unknown>;

export { errorCodesOf, readBody };

/**
 * Every call of the back office goes through here: the stored access token as a bearer header, and
 * on a 401 one refresh and one retry, by the rule the storefront shares (one Web Lock across every tab
 * of either app). When the refresh is refused the session is cleared and the 401 is answered, which
 * signs the user out (auth-provider.ts, checkError). A failed answer is react-admin's HttpError.
 * Answers are checked against the contract in development and tests, never in a production build.
 */
export const api: ApiClient = createApiClient({
  session: {
    access: getAccessToken,
    refresh: getRefreshToken,
    saveRefreshed: saveRefreshedTokens,
    clear: clearSession,
  },
  checkAnswers: import.meta.env.DEV || import.meta.env.MODE === 'test',
  toError: (error) => toHttpError(error.status, error.body, error.codes),
});

/** A query string as the client takes it: a repeated key as a list. */
export function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** react-admin's HttpError with the codes of the answer's messages, which screens translate (error-messages.ts). */
export type ApiHttpError = HttpError & { readonly codes: readonly ErrorCode[] };

// HttpError sets its own prototype, so a subclass would not stay one: the codes are an own property.
const httpError = (message: string, status: number, body: unknown, codes: readonly ErrorCode[]): ApiHttpError =>
  Object.assign(new HttpError(message, status, body), { codes });

/**
 * react-admin's HttpError for a failed answer. The body is the server's, plus `errors`: each
 * invalid field's messages as one string, which react-admin's forms show under their inputs
 * (`non_field_errors` become the form's root error).
 */
export function toHttpError(status: number, body: unknown, codes: readonly ErrorCode[] = []): ApiHttpError {
  if (isRecord(body) && typeof body.detail === 'string') return httpError(body.detail, status, body, codes);
  if (status === 400 && isRecord(body)) {
    const errors = fieldErrors(body);
    if (Object.keys(errors).length > 0) {
      return httpError('ra.message.invalid_form', status, { ...body, errors }, codes);
    }
  }
  return httpError('ra.notification.http_error', status, body, codes);
}

function fieldErrors(body: Record<string, unknown>): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const message = Array.isArray(value)
      ? value.filter((item) => typeof item === 'string').join(' ')
      : typeof value === 'string'
        ? value
        : undefined;
    if (field === 'non_field_errors') {
      if (message) errors.root = { serverError: message };
    } else if (message) errors[field] = message;
    else if (isRecord(value)) errors[field] = fieldErrors(value);
  }
  return errors;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
