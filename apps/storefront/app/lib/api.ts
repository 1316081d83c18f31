import { refreshRefusedWarning, tokenRefresher } from '@kram/contract/token-refresh';
import { clearSession, getAccessToken, getRefreshToken, saveRefreshedTokens } from './session';

/** A non-OK answer of the API, with its parsed body (`detail` or field lists). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** A throttled answer's `Retry-After`, in seconds. */
  readonly retryAfter: number | undefined;
  constructor(status: number, body: unknown, retryAfter?: number) {
    super(detailOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** `Retry-After` in seconds; the HTTP-date form counts from now. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return undefined;
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an order's Idempotency-Key). */
  headers?: Record<string, string>;
}

// One refresh rule with the back office: one Web Lock across every tab of either app, and calls in
// this tab that meet a 401 together share one refresh (docs/decisions/041).
const refreshAccessToken = tokenRefresher({
  storage: {
    access: getAccessToken,
    refresh: getRefreshToken,
    saveRefreshed: saveRefreshedTokens,
    clear: clearSession,
  },
  onRefused: () => console.warn(refreshRefusedWarning),
});

function send(path: string, init: ApiInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/**
 * The one HTTP client of the storefront: sends the stored access token as a bearer header and, on a
 * 401, refreshes it once and repeats the call; when the refresh fails the shopper is signed out.
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const token = getAccessToken();
  const response = await send(path, init, token);
  if (response.status !== 401 || !token) return response;
  const fresh = await refreshAccessToken(token);
  if (!fresh) return response;
  return send(path, init, fresh);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Parses an answer, throwing ApiError for anything but 2xx. */
export async function readJson<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, retryAfterOf(response));
  return body as T;
}

export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  return readJson<T>(await apiFetch(path, init));
}
