/** A Date (or a number of milliseconds) that names a time; anything else, or an Invalid Date, is not. */
export function isValid(value: unknown): boolean;
/** The time an ISO 8601 text names: in its zone when it has one, local time when not. */
export function parseISO(text: string, options?: { additionalDigits?: 0 | 1 | 2 }): Date;
/** Whether `text` is a valid date written in `format` (numeric tokens and literal text). */
export function isMatch(text: string, format: string): boolean;
