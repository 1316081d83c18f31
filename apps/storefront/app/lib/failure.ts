import type { ErrorCode } from '@kram/contract/error-codes';
import { messageKeys } from '@kram/contract/validation';

/**
 * A refused call as a form reads it: the body's words and the code of each of its messages
 * (`Kram-Error-Codes`); the client's ApiError is one. The codes decide what the shopper reads.
 */
export interface Failure {
  body: unknown;
  codes: readonly ErrorCode[];
}

/** The codes of one field's messages, in order; of the request as a whole when `field` is undefined. */
export const codesOf = (failure: Failure | null | undefined, field?: string): string[] =>
  (failure?.codes ?? []).filter((entry) => entry.field === field).map((entry) => entry.code);

const validationKeys = new Set<string>(Object.values(messageKeys));

/** A code that is one of the storefront's own validation keys (`validation.invalid_email`), translated as it is. */
export const validationKeyOf = (code: string | undefined): string | undefined =>
  code !== undefined && validationKeys.has(code) ? code : undefined;
