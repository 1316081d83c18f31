/** Field name → messages, the shape the storefront maps (`{"email": ["This field must be unique."]}`). */
export type FieldErrors = Record<string, string[]>;

/** An error with a status and a body the client may read; anything else becomes a 500. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  /** Response headers that belong to the error, e.g. `Retry-After` on a 429. */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: Record<string, unknown> | string, headers: Record<string, string> = {}) {
    const payload = typeof body === 'string' ? { detail: body } : body;
    super(typeof payload.detail === 'string' ? payload.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = payload;
    this.headers = headers;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const badRequest = (fields: FieldErrors) => new HttpError(400, fields);
export const unauthorized = (detail: string, code?: string) => new HttpError(401, code ? { detail, code } : { detail });
export const forbidden = (detail: string) => new HttpError(403, { detail });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${retryAfterSeconds} seconds.` },
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
export const serviceUnavailable = (detail: string) => new HttpError(503, { detail });
