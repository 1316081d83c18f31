import type { z } from 'zod';
import {
  type AnswerOf,
  type AnyEndpoint,
  type CallArgs,
  type CallOptions,
  endpointName,
  endpointUrl,
  type QueryValue,
} from './endpoint.ts';
import { type ErrorCode, errorCodesHeader, readErrorCodes } from './error-codes.ts';
import { type RefreshLocks, type RefreshStorage, tokenRefresher } from './token-refresh.ts';

/**
 * A failed answer of the API, with its parsed body (`detail`, or each invalid field's messages) and
 * the code of each of those messages (`Kram-Error-Codes`, error-codes.ts), which is what a client
 * translates; the body's words are for an answer without codes.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** A throttled answer's `Retry-After`, in seconds. */
  readonly retryAfter: number | undefined;
  /** One per message of the body, in its order; none when the answer names none. */
  readonly codes: ErrorCode[];
  constructor(status: number, body: unknown, retryAfter?: number, codes: ErrorCode[] = []) {
    super(detailOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.codes = codes;
  }
}

/** The error codes an answer's `Kram-Error-Codes` header names. */
export const errorCodesOf = (response: Response): ErrorCode[] => readErrorCodes(response.headers.get(errorCodesHeader));

/** An answer the endpoint's contract forbids: the client and the server no longer agree. */
export class ContractError extends Error {
  readonly endpoint: string;
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(endpoint: string, issues: readonly z.core.$ZodIssue[]) {
    const listed = issues.map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`).join('; ');
    super(`${endpoint} answered a body its contract forbids: ${listed}`);
    this.name = 'ContractError';
    this.endpoint = endpoint;
    this.issues = issues;
  }
}

/** The `detail` of an error body, when it has one. */
export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return undefined;
}

/** `Retry-After` in seconds; the HTTP-date form counts from now. */
export function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

/** An answer's body: its JSON, its text when it is not JSON, null when it is empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Default: the global fetch at the time of each call. */
  fetch?: Fetch;
  /**
   * Where the app keeps the sign-in. Calls carry its access token, and a 401 to a call that carried
   * one is met with one refresh and one retry; without it, calls carry no token (a server render).
   */
  session?: RefreshStorage;
  /** Told when the server refuses the refresh token (the session is cleared then). */
  onRefused?: () => void;
  /** The refresh's Web Locks; default `navigator.locks`. */
  locks?: () => RefreshLocks | null | undefined;
  /**
   * Check every successful answer against its endpoint's answer schema and throw a ContractError when
   * it does not match. For development and tests: a production build leaves it off, and never loads
   * the schemas.
   */
  checkAnswers?: boolean;
  /** Turns a failed answer into the error the app throws (react-admin's HttpError); default the ApiError. */
  toError?: (error: ApiError) => unknown;
}

export interface ApiClient {
  /** Makes the call and answers its body, typed by the endpoint; a failed answer throws. */
  call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>>;
  /** Makes the call and answers the response as it is, whatever its status (a file to download). */
  send<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response>;
}

type LooseOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * The one HTTP client of the storefront and the back office. Each app gives it the storage of its
 * sign-in; the token-refresh rule is the one both share (token-refresh.ts).
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { session } = options;
  const own = options.fetch;
  const refresh = session
    ? tokenRefresher({
        storage: session,
        fetch: own && ((url, init) => own(String(url), init ?? {})),
        locks: options.locks,
        onRefused: options.onRefused,
      })
    : undefined;

  function request(e: AnyEndpoint, init: LooseOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
    if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const send = own ?? globalThis.fetch;
    return send(endpointUrl(e, init.params, init.query), {
      method: e.method,
      headers,
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  }

  async function send(e: AnyEndpoint, init: LooseOptions = {}): Promise<Response> {
    const token = e.auth === 'none' ? null : (session?.access() ?? null);
    const response = await request(e, init, token);
    if (response.status !== 401 || !token || !refresh) return response;
    const fresh = await refresh(token);
    if (!fresh) return response;
    return request(e, init, fresh);
  }

  async function check(e: AnyEndpoint, body: unknown): Promise<void> {
    const { answer } = (await e.schemas()) as { answer?: z.ZodType };
    if (!answer) return;
    const result = answer.safeParse(body);
    if (!result.success) throw new ContractError(endpointName(e), result.error.issues);
  }

  async function call(e: AnyEndpoint, init: LooseOptions = {}): Promise<unknown> {
    const response = await send(e, init);
    const body = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, body, retryAfterOf(response), errorCodesOf(response));
      throw options.toError ? options.toError(error) : error;
    }
    if (options.checkAnswers) await check(e, body);
    return body;
  }

  return {
    call: call as ApiClient['call'],
    send: send as ApiClient['send'],
  };
}

export type { AnswerOf, CallOptions, ErrorCode };
