import crypto from 'node:crypto';
import { accountMessages, type PasswordResetBody } from '@kram/contract/accounts';
import type { Language } from '@kram/contract/language';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { passwordResetMail } from '../../infra/mail/templates.ts';
import { InvalidInput, Refused, Unavailable } from '../../lib/domain-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { hashPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export const resetTokenTtlMs = 60 * 60_000;

/** The link carries the user id as unpadded base64url, like Django's `uid`; the token is what matters. */
export const encodeUid = (id: number): string => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Only the hash is stored; the token itself exists in the mail alone. */
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface PasswordResetOptions {
  publicUrl: string;
  now?: () => Date;
}

export function passwordResetService(
  accounts: AccountsRepository,
  sessions: SessionsRepository,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: PasswordResetOptions,
) {
  const now = options.now ?? (() => new Date());
  const tokenRefused = () => new InvalidInput({ token: [accountMessages.tokenInvalid] });

  return {
    /**
     * Mails a single-use link valid for an hour. An unknown address is a 400 with `message`, as the
     * storefront expects; registration reveals the same, and both are rate-limited.
     */
    async request(email: string, language: Language): Promise<{ message: string }> {
      const user = await accounts.byEmail(email);
      if (!user) throw new Refused({ message: accountMessages.userNotFound });
      if (!user.isActive) {
        // A new password would not let a disabled account in; no link is sent, and nothing is said.
        log.info({ userId: user.id }, 'password reset requested for a disabled account: no mail sent');
        return { message: accountMessages.resetLinkSent };
      }

      const token = crypto.randomBytes(32).toString('base64url');
      await accounts.addResetToken(user.id, tokenHash(token), new Date(now().getTime() + resetTokenTtlMs));
      const link = `${options.publicUrl}/change-password?${new URLSearchParams({ token, uid: encodeUid(user.id) })}`;
      try {
        await mailer.send(passwordResetMail(language, { email: user.email, name: user.firstName }, link));
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
        throw new Unavailable('The e-mail could not be sent. Try again later.');
      }
      return { message: accountMessages.resetLinkSent };
    },

    /** Sets the password and ends every sign-in of the account; the link works once. */
    async reset(input: PasswordResetBody): Promise<{ message: string }> {
      const userId = decodeUid(input.uid);
      if (userId === undefined) throw tokenRefused();
      const hash = tokenHash(input.token);
      // Checked before hashing the new password, so bad links cost no Argon2 time.
      if (!(await accounts.hasResetToken(userId, hash, now()))) throw tokenRefused();
      const passwordHash = await hashPassword(input.new_password);
      const done = await accounts.transaction(async (tx) => {
        if (!(await accounts.consumeResetToken(userId, hash, now(), tx))) return false;
        await accounts.setPassword(userId, passwordHash, tx);
        await sessions.revokeAll(userId, tx);
        return true;
      });
      if (!done) throw tokenRefused();
      return { message: accountMessages.passwordReset };
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
