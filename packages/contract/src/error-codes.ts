/**
 * Why a request was refused, in a form a client can act on and translate. An error answer's body keeps
 * the shop's words (`{"email": ["This field must be unique."]}`, `{"detail": …}`), which other clients
 * read as they are; beside it, the `Kram-Error-Codes` header lists one code per message: the field it
 * belongs to (none for the request as a whole), a stable code (`account.not_unique`,
 * `validation.invalid_email`, `zod.too_big`) and the values the message names (`{"maximum": 5}`), so a
 * client shows the message in its own language without matching the English text.
 */
export interface ErrorCode {
  /** The field, dotted for nested ones (`items.0.product`); absent for the request as a whole. */
  field?: string;
  code: string;
  params?: Record<string, string | number>;
}

export const errorCodesHeader = 'kram-error-codes';

/** The header's value: JSON with every character outside ASCII escaped, as a header must be. */
export function writeErrorCodes(codes: readonly ErrorCode[]): string {
  return JSON.stringify(codes).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const isParams = (value: unknown): value is Record<string, string | number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');

/** The codes an answer carries; an absent or malformed header gives none (the body's words remain). */
export function readErrorCodes(header: string | null | undefined): ErrorCode[] {
  if (!header) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry): ErrorCode[] => {
    if (typeof entry !== 'object' || entry === null || typeof entry.code !== 'string') return [];
    const code: ErrorCode = { code: entry.code };
    if (typeof entry.field === 'string') code.field = entry.field;
    if (isParams(entry.params)) code.params = entry.params;
    return [code];
  });
}

/** The first code for `field` (or for the request as a whole when `field` is undefined). */
export const errorCodeOf = (codes: readonly ErrorCode[], field?: string): ErrorCode | undefined =>
  codes.find((c) => c.field === field);
