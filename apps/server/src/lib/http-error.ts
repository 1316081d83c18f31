/** Field name → messages, the shape the storefront maps (`{"email": ["This field must be unique."]}`). */
export type FieldErrors = Record<string, string[]>;

/** An error with a status and a body the client may read; anything else becomes a 500. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;

  constructor(statusCode: number, body: Record<string, unknown> | string) {
    const payload = typeof body === 'string' ? { detail: body } : body;
    super(typeof payload.detail === 'string' ? payload.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = payload;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const badRequest = (fields: FieldErrors) => new HttpError(400, fields);
export const unauthorized = (detail: string, code?: string) => new HttpError(401, code ? { detail, code } : { detail });
