export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
}

const isPgCode = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The PostgreSQL error behind a failed query, if any: drivers and Drizzle wrap errors differently. */
export function pgError(error: unknown): PgErrorInfo | undefined {
  for (let e = error as ErrorLike | undefined; e; e = e.cause as ErrorLike | undefined) {
    if (isPgCode(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return undefined;
}

export const pgCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  exclusionViolation: '23P01',
  notNullViolation: '23502',
  checkViolation: '23514',
  programLimitExceeded: '54000',
} as const;

/**
 * How the API answers a failed query that the request's own values caused, when no service caught it
 * first: a value the column cannot hold (class 22, data exceptions; 54000, a value too large to index)
 * or a rule of the schema (not null, check) is the client's 400; a clash with what is stored (unique,
 * foreign key, exclusion) is a 409. Anything else is the server's fault, and stays a 500.
 */
export function inputErrorAnswer(error: unknown): { status: 400 | 409; detail: string } | undefined {
  const code = pgError(error)?.code;
  if (!code) return undefined;
  // Class 22: data exceptions (a value too long, out of range, not valid for its type).
  const badValue = [pgCodes.programLimitExceeded, pgCodes.notNullViolation, pgCodes.checkViolation] as string[];
  if (code.startsWith('22') || badValue.includes(code)) {
    return { status: 400, detail: 'The request holds a value the shop cannot store.' };
  }
  const clash = [pgCodes.uniqueViolation, pgCodes.foreignKeyViolation, pgCodes.exclusionViolation] as string[];
  if (clash.includes(code)) {
    return { status: 409, detail: 'The request conflicts with what the shop holds now. Reload and try again.' };
  }
  return undefined;
}

/**
 * An error as it may be written to the log. A failed query's message carries its parameters (Drizzle
 * puts them there: password hashes, e-mails, phone numbers), and PostgreSQL's own `detail` quotes the
 * values of a violated key; both are left out. What stays says which query and constraint failed.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorForLog(error: unknown): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const chain: LoggedError[] = [];
  for (let e = error as ErrorLike | undefined; e && chain.length < 5; e = e.cause as ErrorLike | undefined) {
    const message = typeof e.message === 'string' ? e.message : '';
    // Drizzle's "Failed query: <sql>\nparams: <values>"; a driver's own error (PGlite keeps the query
    // and its parameters as properties, which are not copied) says only what PostgreSQL said.
    const safeMessage = message.startsWith('Failed query:') ? (message.split('\nparams:')[0] ?? '') : message;
    const stack = typeof e.stack === 'string' ? e.stack : '';
    const entry: LoggedError = {
      type: typeof e.name === 'string' ? e.name : 'Error',
      message: safeMessage,
      // The stack's first line repeats the message, parameters and all.
      stack: message && message !== safeMessage ? stack.replace(message, safeMessage) : stack,
    };
    for (const key of ['code', 'constraint', 'table', 'column'] as const) {
      if (typeof e[key] === 'string') entry[key] = e[key];
    }
    chain.push(entry);
    if (!e.cause || typeof e.cause !== 'object') break;
  }
  const [first, ...causes] = chain as [LoggedError, ...LoggedError[]];
  return causes.length > 0 ? { ...first, causes } : first;
}
