import type { FastifyInstance } from 'fastify';
import { type FieldErrors, InvalidInput } from '../lib/domain-errors.ts';

export const inputMessages = {
  nul: 'Null characters are not allowed.',
  surrogate: 'Unpaired surrogate characters are not allowed.',
  depth: 'Nested too deeply.',
} as const;

/** JSON bodies deeper than this are not a shop's; the walk below never recurses, so depth costs no stack. */
export const maxInputDepth = 32;

const nul = '\u0000';

/**
 * What is wrong with a string the database could not hold, if anything: U+0000 cannot be stored in
 * PostgreSQL text, and an unpaired surrogate cannot be encoded as UTF-8.
 */
export function unstorable(value: string): string | undefined {
  if (value.includes(nul)) return inputMessages.nul;
  if (!value.isWellFormed()) return inputMessages.surrogate;
  return undefined;
}

/** The key as it can be shown in an answer: what cannot be stored becomes U+FFFD. */
const printable = (key: string) => key.replaceAll(nul, '\uFFFD').toWellFormed();

/**
 * The fields of a request's body, query or path parameters that hold text the database cannot store
 * (keys included), or that nest deeper than `maxInputDepth`, named as the validation errors name them.
 */
export function unstorableFields(input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    const field = path.join('.') || 'non_field_errors';
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) errors[field] = [problem];
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (path.length >= maxInputDepth) {
      errors[field] = [inputMessages.depth];
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const problem = unstorable(key);
      if (problem) {
        errors[[...path, printable(key)].join('.')] = [problem];
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return errors;
}

/**
 * Every request's body, query and path parameters are checked before validation: text PostgreSQL
 * cannot store is a 400 naming the field, never a database error, whichever route it reaches.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors = {
      ...unstorableFields(request.params),
      ...unstorableFields(request.query),
      ...unstorableFields(request.body),
    };
    if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  });
}
