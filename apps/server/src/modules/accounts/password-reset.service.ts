import crypto from 'node:crypto';
import { accountMessages, type PasswordResetBody } from '@kram/contract/accounts';
import type { Language } from '@kram/contract/language';
import { localizedPath } from '@kram/contract/language-paths';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { passwordResetMail } from '../../infra/mail/templates.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionInvalidation } from './active-account-verifier.ts';
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
  /** Told when a reset ends the account's sign-ins, so no cached read keeps an access token alive. */
  invalidation: SessionInvalidation;
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

  /** Mails currently being prepared or sent, so closing the app can wait for them. */
  const pending = new Set<Promise<void>>();

  /** Looks the address up and mails a link if it names an active account. Never throws. */
  async function deliver(email: string, language: Language): Promise<void> {
    try {
      const user = await accounts.byEmail(email);
      if (!user) return;
      if (!user.isActive) {
        // A new password would not let a disabled account in; no link is sent.
        log.info({ userId: user.id }, 'password reset requested for a disabled account: no mail sent');
        return;
      }
      const token = crypto.randomBytes(32).toString('base64url');
      await accounts.addResetToken(user.id, tokenHash(token), new Date(now().getTime() + resetTokenTtlMs));
      // The page in the mail's language: Russian under /ru/ (decision 029).
      const page = localizedPath('/change-password', language);
      const link = `${options.publicUrl}${page}?${new URLSearchParams({ token, uid: encodeUid(user.id) })}`;
      try {
        await mailer.send(passwordResetMail(language, { email: user.email, name: user.firstName }, link));
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
      }
    } catch (error) {
      log.error({ err: error }, 'password reset request could not be handled');
    }
  }

  return {
    /**
     * Answers the same whether or not the address is registered (decision 012): the look-up, the
     * link and the mail happen after the answer, so neither its body nor its time tells them apart.
     */
    async request(email: string, language: Language): Promise<{ message: string }> {
      const work = deliver(email, language).finally(() => pending.delete(work));
      pending.add(work);
      return { message: accountMessages.resetLinkSent };
    },

    /** Resolves once every mail asked for so far has been sent or given up on. */
    async settled(): Promise<void> {
      await Promise.all(pending);
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
      options.invalidation.forgetAccount(userId);
      return { message: accountMessages.passwordReset };
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
