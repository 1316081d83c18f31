import type { ErrorCode } from '@kram/contract/error-codes';
import { codeOfMessage } from '@kram/contract/message-codes';
import {
  Conflict,
  type DomainError,
  Forbidden,
  InvalidInput,
  KeyReused,
  LimitExceeded,
  NotFound,
  Refused,
  RuleViolation,
  type Said,
  Unauthenticated,
  Unavailable,
  UpstreamFailed,
} from './domain-errors.ts';

/**
 * The codes of a domain error's messages, as an error answer's `Kram-Error-Codes` header carries
 * them: what a client maps to its own words. Also for answers that report several outcomes at once
 * (one per order of a bulk action).
 */

/** The generic code of each kind of refusal, for a message no catalogue names. */
const kindCodes = new Map<abstract new (...args: never[]) => DomainError, string>([
  [InvalidInput, 'invalid'],
  [RuleViolation, 'rule_violation'],
  [Refused, 'refused'],
  [NotFound, 'not_found'],
  [Unauthenticated, 'not_authenticated'],
  [Forbidden, 'forbidden'],
  [Conflict, 'conflict'],
  [KeyReused, 'key_reused'],
  [LimitExceeded, 'throttled'],
  [UpstreamFailed, 'upstream_failed'],
  [Unavailable, 'unavailable'],
]);

/** The code of one message: as raised with one, else as its words are known in the catalogues, else `fallback`. */
function codeFor(message: string | Said, fallback: string, field?: string): ErrorCode {
  const entry: ErrorCode =
    typeof message === 'string'
      ? { code: codeOfMessage(message) ?? fallback }
      : message.params
        ? { code: message.code, params: message.params }
        : { code: message.code };
  return field === undefined ? entry : { field, ...entry };
}

/** The codes of a domain error's messages, one per message, in the body's order. */
export function errorCodesFor(error: DomainError): ErrorCode[] {
  const fallback = kindCodes.get(error.constructor as abstract new (...args: never[]) => DomainError) ?? 'error';
  if (error instanceof InvalidInput) {
    return Object.entries(error.messages).flatMap(([field, list]) => list.map((m) => codeFor(m, fallback, field)));
  }
  if (error instanceof Refused) {
    return Object.entries(error.body).map(([field, text]) =>
      codeFor(text, fallback, field === 'detail' || field === 'message' ? undefined : field),
    );
  }
  if (error.said) return [codeFor(error.said, fallback)];
  if (error instanceof LimitExceeded) return [{ code: 'throttled', params: { seconds: error.retryAfterSeconds } }];
  return [{ code: error.code ?? codeOfMessage(error.message) ?? fallback }];
}
