export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

/** The PostgreSQL error behind a failed query, if any: drivers and Drizzle wrap errors differently. */
export function pgError(error: unknown): PgErrorInfo | undefined {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return undefined;
}

export const pgCodes = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;
