import { accountMessages } from '@kram/contract/accounts';
import { detailOf } from '../../lib/api';

/** Sign-in failures as spec section 8 maps them: a translation key, or the server's words. */
export function loginErrorMessage(body: unknown): { key: string } | { text: string } {
  const detail = detailOf(body);
  if (detail === accountMessages.accountDisabled) return { key: 'auth.login_error_message' };
  if (detail === accountMessages.incorrectCredentials) return { key: 'auth.login_incorrect_credentials' };
  if (detail) return { text: detail };
  return { key: 'auth.login_failed' };
}
