import { type AuthTokens, accountMessages, type LoginBody } from '@kram/contract/accounts';
import { isEmailLike } from '@kram/contract/validation';
import { Forbidden, Unauthenticated } from '../../lib/domain-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionInvalidation } from './active-account-verifier.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { TokenSigner } from './tokens.ts';

/** The sign-in lockout's subject for an account: one count whichever identifier or form checks its password. */
export const accountLockoutSubject = (userId: number) => `account:${userId}`;

const tokenRefused = () => new Unauthenticated(accountMessages.tokenInvalid, 'token_not_valid');

/** Sign-in and the exchange of refresh tokens. */
export function sessionsService(
  accounts: AccountsRepository,
  sessions: SessionsRepository,
  tokens: TokenSigner,
  invalidation: SessionInvalidation,
) {
  const accountFor = (identifier: string) =>
    isEmailLike(identifier) ? accounts.byEmail(identifier) : accounts.byTelephone(identifier);

  return {
    /**
     * What the sign-in lockout counts under: the account the identifier names, so its e-mail (in any
     * case) and its telephone share one set of tries; an identifier that names no account is counted
     * as itself, so probing unknown identifiers is limited too.
     */
    async lockoutSubject(identifier: string): Promise<string> {
      const user = await accountFor(identifier);
      return user ? accountLockoutSubject(user.id) : `unknown:${identifier}`;
    },

    async login(input: LoginBody): Promise<AuthTokens> {
      const user = await accountFor(input.email_or_phone);
      const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !passwordMatches) throw new Unauthenticated(accountMessages.incorrectCredentials);
      // Said only to whoever knows the password: it reveals nothing to a guesser.
      if (!user.isActive) throw new Forbidden(accountMessages.accountDisabled);

      await sessions.prune(user.id, new Date());
      const refresh = await tokens.refresh(user.id);
      const sessionId = await sessions.start(user.id, refresh);
      return {
        access: await tokens.access(user, sessionId),
        refresh: refresh.token,
        is_superuser: user.isSuperuser,
        is_staff: user.isStaff,
      };
    },

    /** A refresh token buys one new pair; showing it a second time ends its whole family. */
    async refresh(token: string): Promise<{ access: string; refresh: string }> {
      const claims = await tokens.readRefresh(token);
      if (!claims) throw tokenRefused();
      const next = await tokens.refresh(claims.userId);
      const rotation = await sessions.rotate(claims.userId, claims.jti, next);
      // The revoked sign-in's access tokens stop working here at once, not when the cache expires.
      if (rotation.outcome === 'reused') invalidation.forgetSession(rotation.familyId);
      if (rotation.outcome !== 'rotated') throw tokenRefused();
      return {
        access: await tokens.access({ id: rotation.userId, ...rotation.account }, rotation.familyId),
        refresh: next.token,
      };
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
