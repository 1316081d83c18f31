import { accountMessages } from '@kram/contract/accounts';
import { detailOf } from '../../lib/api';

/** What a form shows for a failure: a translation key (with values), or the server's own words. */
export type FailureMessage = { key: string; values?: Record<string, string | number> } | { text: string };

function fieldMessages(body: unknown, field: string): string[] {
  if (!body || typeof body !== 'object' || !(field in body)) return [];
  const value = (body as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
}

function topMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

const isValidationKey = (message: string | undefined): message is string => Boolean(message?.startsWith('validation.'));

/** Sign-in failures (spec section 8): a disabled account, wrong credentials, any other detail, a fallback. */
export function loginErrorMessage(body: unknown): FailureMessage {
  const detail = detailOf(body);
  if (detail === accountMessages.accountDisabled) return { key: 'login_error_message' };
  if (detail === accountMessages.incorrectCredentials) return { key: 'login_incorrect_credentials' };
  if (detail) return { text: detail };
  return { key: 'auth.login_failed' };
}

/**
 * Registration failures (spec section 8): a taken e-mail and a taken telephone each have their key;
 * anything else is one general message.
 */
export function registerErrorKeys(body: unknown): string[] {
  const keys: string[] = [];
  if (fieldMessages(body, 'email').includes(accountMessages.notUnique)) keys.push('validation.email_taken');
  if (fieldMessages(body, 'telephone').includes(accountMessages.notUnique)) keys.push('validation.telephone_taken');
  return keys.length ? keys : ['validation.invalid_register'];
}

/** Reset-link request failures: an unknown e-mail, the address's own rule, any detail, a fallback. */
export function resetRequestErrorMessage(body: unknown): FailureMessage {
  if (topMessage(body) === accountMessages.userNotFound) return { key: 'user_not_found_error' };
  const email = fieldMessages(body, 'email')[0];
  if (isValidationKey(email)) return { key: email };
  const detail = detailOf(body);
  if (detail) return { text: detail };
  return { key: 'default_error_message' };
}

/**
 * Failures of setting a new password (spec section 8, "Password reset"). An invalid or expired token
 * gets its own message (the link can only be replaced by a new one); other token or uid errors read
 * token_uid_error with the server's words; then the detail, then a fallback.
 */
export function passwordResetErrorMessage(body: unknown): FailureMessage {
  const token = fieldMessages(body, 'token');
  if (token.includes(accountMessages.tokenInvalid)) return { key: 'auth.reset.linkInvalid' };
  const linkProblem = token[0] ?? fieldMessages(body, 'uid')[0];
  if (linkProblem) return { key: 'token_uid_error', values: { detail: linkProblem } };
  const password = fieldMessages(body, 'new_password')[0];
  if (isValidationKey(password)) return { key: password };
  const detail = detailOf(body);
  if (detail) return { text: detail };
  return { key: 'default_error_message' };
}
