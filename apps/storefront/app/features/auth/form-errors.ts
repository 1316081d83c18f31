import type { z } from 'zod';

/** The first message of each field, from a failed parse; the messages are translation keys. */
export function fieldErrors<Field extends string>(error: z.ZodError): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    errors[field as Field] ??= issue.message;
  }
  return errors;
}
