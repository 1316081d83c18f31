import { tokenRefresher } from '@kram/contract/token-refresh';
import { HttpError } from 'react-admin';
import { clearSession, getAccessToken, getRefreshToken, saveRefreshedTokens } from './session.ts';

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as it is when it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

/** The server's error bodies: `{detail, code?}`, or for invalid fields `{field: ["message", …]}`. */
export type ErrorBody = { detail: string; code?: string } | Record<string, unknown>;

// One refresh rule with the storefront: one Web Lock across every tab of either app, and calls in
// this tab that meet a 401 together share one refresh (docs/decisions/041).
const refreshAccessToken = tokenRefresher({
  storage: {
    access: getAccessToken,
    refresh: getRefreshToken,
    saveRefreshed: saveRefreshedTokens,
    clear: clearSession,
  },
});

function send(path: string, init: ApiInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/**
 * Every call of the back office goes through here: the stored access token as a bearer header, and
 * on a 401 one refresh and one retry. When the refresh is refused the session is cleared and the
 * 401 is answered, which signs the user out (auth-provider.ts, checkError).
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const token = getAccessToken();
  const response = await send(path, init, token);
  if (response.status !== 401 || !token) return response;
  const fresh = await refreshAccessToken(token);
  if (!fresh) return response;
  return send(path, init, fresh);
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * react-admin's HttpError for a failed answer. The body is the server's, plus `errors`: each
 * invalid field's messages as one string, which react-admin's forms show under their inputs
 * (`non_field_errors` become the form's root error).
 */
export function toHttpError(status: number, body: unknown): HttpError {
  if (isRecord(body) && typeof body.detail === 'string') return new HttpError(body.detail, status, body);
  if (status === 400 && isRecord(body)) {
    const errors = fieldErrors(body);
    if (Object.keys(errors).length > 0) return new HttpError('ra.message.invalid_form', status, { ...body, errors });
  }
  return new HttpError('ra.notification.http_error', status, body);
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

/** Calls the API and answers its parsed JSON (null for an empty answer), or throws an HttpError. */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  const body = await readBody(response);
  if (!response.ok) throw toHttpError(response.status, body);
  return body as T;
}
