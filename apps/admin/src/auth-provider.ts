import type { AuthTokens } from '@kram/contract/accounts';
import * as shop from '@kram/contract/endpoints/shop';
import { type AuthProvider, HttpError } from 'react-admin';
import { api } from './api.ts';
import {
  clearSession,
  getAccessToken,
  getPermissions,
  hasBackOfficeAccess,
  type Permissions,
  saveSession,
} from './session.ts';

/** Why a sign-in was refused: a translation key and its values, or the server's own words. */
export class LoginRefused extends Error {
  readonly values: Record<string, unknown>;
  constructor(key: string, values: Record<string, unknown> = {}) {
    super(key);
    this.name = 'LoginRefused';
    this.values = values;
  }
}

export interface LoginParams {
  email_or_phone: string;
  password: string;
}

/**
 * The sign-in's answers (accounts.routes.ts): 401 wrong credentials, 403 a disabled account, 429 too
 * many tries ("… Expected available in N seconds."), 400 a malformed request.
 */
function refusal(status: number, body: unknown): LoginRefused {
  const detail =
    body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : undefined;
  if (status === 401) return new LoginRefused('kram.auth.incorrect_credentials');
  if (status === 403) return new LoginRefused('kram.auth.account_disabled');
  if (status === 429) {
    const seconds = detail?.match(/(\d+) seconds?/)?.[1];
    if (seconds) return new LoginRefused('kram.auth.throttled', { seconds });
  }
  // Any other detail is shown as the server wrote it.
  if (detail) return new LoginRefused(detail, { _: detail });
  return new LoginRefused('ra.auth.sign_in_error');
}

/**
 * Staff sign in with their shop account (POST /api/login/). The tokens go where the storefront keeps
 * them, so one sign-in serves both; an account that is neither staff nor superuser is refused and its
 * tokens are not kept.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    let tokens: AuthTokens;
    try {
      tokens = await api.call(shop.login, {
        body: { email_or_phone: params.email_or_phone, password: params.password },
      });
    } catch (error) {
      if (error instanceof HttpError) throw refusal(error.status, error.body);
      throw error;
    }
    if (!tokens.is_staff && !tokens.is_superuser) throw new LoginRefused('kram.auth.no_access');
    saveSession(tokens);
  },

  async logout() {
    // The server keeps no sign-in to end (a refresh token simply expires). A shopper's session,
    // signed in on the storefront, is left alone: the back office only ends sessions it accepts.
    if (hasBackOfficeAccess(getPermissions())) clearSession();
  },

  async checkAuth() {
    if (!getAccessToken()) throw new Error('ra.auth.auth_check_error');
    if (!hasBackOfficeAccess(getPermissions())) throw new Error('kram.auth.no_access');
  },

  async checkError(error: { status?: number }) {
    // 401: the token was refused even after a refresh (api.ts), so the session is over. A 403 is one
    // call the account may not make (a superuser's): it is shown, and the user stays signed in.
    if (error?.status === 401) throw error;
  },

  async getIdentity() {
    const profile = await api.call(shop.profile);
    const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    return { id: profile.email, fullName: fullName || profile.email, email: profile.email };
  },

  async getPermissions(): Promise<Permissions> {
    return getPermissions();
  },
};
