import { detailOf } from '../../lib/api';
import { codesOf, type Failure, validationKeyOf } from '../../lib/failure';

/** What a form shows for a failure: a translation key (with values), or the server's own words. */
export type FailureMessage = { key: string; values?: Record<string, string | number> } | { text: string };

function fieldMessages(body: unknown, field: string): string[] {
  if (!body || typeof body !== 'object' || !(field in body)) return [];
  const value = (body as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
}

/** Sign-in failures (spec section 8): a disabled account, wrong credentials, any other detail, a fallback. */
export function loginErrorMessage(failure: Failure | null): FailureMessage {
  const [code] = codesOf(failure);
  if (code === 'account.account_disabled') return { key: 'login_error_message' };
  if (code === 'account.incorrect_credentials') return { key: 'login_incorrect_credentials' };
  const detail = detailOf(failure?.body);
  if (detail) return { text: detail };
  return { key: 'auth.login_failed' };
}

/**
 * Registration failures (spec section 8): a taken e-mail and a taken telephone each have their key;
 * anything else is one general message.
 */
export function registerErrorKeys(failure: Failure | null): string[] {
  const keys: string[] = [];
  if (codesOf(failure, 'email').includes('account.not_unique')) keys.push('validation.email_taken');
  if (codesOf(failure, 'telephone').includes('account.not_unique')) keys.push('validation.telephone_taken');
  return keys.length ? keys : ['validation.invalid_register'];
}

/** Reset-link request failures: an unknown e-mail, the address's own rule, any detail, a fallback. */
export function resetRequestErrorMessage(failure: Failure | null): FailureMessage {
  if (codesOf(failure).includes('account.user_not_found')) return { key: 'user_not_found_error' };
  const email = validationKeyOf(codesOf(failure, 'email')[0]);
  if (email) return { key: email };
  const detail = detailOf(failure?.body);
  if (detail) return { text: detail };
  return { key: 'default_error_message' };
}

/**
 * Failures of setting a new password (spec section 8, "Password reset"). An invalid or expired token
 * gets its own message (the link can only be replaced by a new one); other token or uid errors read
 * token_uid_error with the server's words; then the detail, then a fallback.
 */
export function passwordResetErrorMessage(failure: Failure | null): FailureMessage {
  if (codesOf(failure, 'token').includes('account.token_invalid')) return { key: 'auth.reset.linkInvalid' };
  const linkProblem = fieldMessages(failure?.body, 'token')[0] ?? fieldMessages(failure?.body, 'uid')[0];
  if (linkProblem) return { key: 'token_uid_error', values: { detail: linkProblem } };
  const password = validationKeyOf(codesOf(failure, 'new_password')[0]);
  if (password) return { key: password };
  const detail = detailOf(failure?.body);
  if (detail) return { text: detail };
  return { key: 'default_error_message' };
}
