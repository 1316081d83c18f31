import crypto from 'node:crypto';
import { accountMessages, type ProfileUpdateBody, type RegisterBody, type UserProfile } from '@kram/contract/accounts';
import { normalizeEmail } from '@kram/contract/email-identity';
import type { Language } from '@kram/contract/language';
import { localizedPath } from '@kram/contract/language-paths';
import { messageKeys } from '@kram/contract/validation';
import type { Executor } from '../../db/client.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import { emailChangedMail } from '../../infra/mail/templates.ts';
import { type FieldErrors, InvalidInput } from '../../lib/domain-errors.ts';
import { tokenNotValid, type Viewer } from './access-tokens.ts';
import type { AccountsRepository, ProfileChanges, UniqueField, UserRow, WriteResult } from './accounts.repository.ts';
import type { SessionInvalidation } from './active-account-verifier.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export const toProfile = (user: UserRow): UserProfile => ({
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  telephone: user.telephone,
});

const notUnique = (fields: UniqueField[]) =>
  new InvalidInput(Object.fromEntries(fields.map((field) => [field, [accountMessages.notUnique]])) as FieldErrors);

/** What changing the e-mail needs besides the account's own table: sign-ins, the mail, the shop's address. */
export interface EmailChangeDeps {
  sessions: SessionsRepository;
  invalidation: SessionInvalidation;
  /** The mail outbox: the notice is written in the change's transaction, so no crash loses it. */
  outbox: {
    enqueue(mails: readonly OutboxMail[], executor: Executor): Promise<number>;
    wake(): void;
  };
  publicUrl: string;
}

/** A lost race for a unique value reads the same as the check before the write. */
function written(result: WriteResult): UserRow {
  if (!result.ok) throw notUnique([result.taken]);
  return result.user;
}

/** Registration and the profile. */
export function accountsService(repo: AccountsRepository, deps: EmailChangeDeps) {
  /** The notice telling the address the account had that it has moved to `newEmail`. */
  function noticeToOldAddress(before: UserRow, newEmail: string, language: Language): OutboxMail {
    const contacts = `${deps.publicUrl}${localizedPath('/contacts', language)}`;
    const message = emailChangedMail(language, { email: before.email, name: before.firstName }, newEmail, contacts);
    // Every change is a notice of its own.
    const dedupeKey = `account:${before.id}:email:${crypto.randomUUID()}`;
    return { orderId: null, kind: 'email_changed', dedupeKey, message };
  }

  async function currentUser(viewer: Viewer): Promise<UserRow> {
    const user = await repo.byId(viewer.id);
    // Deleted since the token was last checked (a read may use a check a few seconds old): the token
    // no longer names anyone, which is what a 401 says.
    if (!user) throw tokenNotValid();
    return user;
  }

  return {
    async register(input: RegisterBody): Promise<UserProfile> {
      const taken = await repo.takenFields({ email: input.email, telephone: input.telephone });
      if (taken.length > 0) throw notUnique(taken);
      const passwordHash = await hashPassword(input.password);
      const user = written(
        await repo.create({
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          telephone: input.telephone,
          passwordHash,
        }),
      );
      return toProfile(user);
    },

    async profile(viewer: Viewer): Promise<UserProfile> {
      return toProfile(await currentUser(viewer));
    },

    /**
     * Changes the fields given. A new e-mail (not the same address re-cased) also needs the current
     * password, ends every other sign-in of the account and is told to the old address: whoever holds
     * the e-mail can reset the password, so moving it is as sensitive as the password itself.
     */
    async updateProfile(
      viewer: Viewer,
      input: ProfileUpdateBody,
      language: Language = 'uk',
    ): Promise<{ profile: UserProfile; emailChanged: boolean }> {
      const changes: ProfileChanges = {};
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.email !== undefined) changes.email = input.email;
      if (input.telephone !== undefined) changes.telephone = input.telephone;
      const user = await currentUser(viewer);
      if (Object.keys(changes).length === 0) return { profile: toProfile(user), emailChanged: false };

      const emailChanged = changes.email !== undefined && normalizeEmail(changes.email) !== normalizeEmail(user.email);
      const errors: FieldErrors = {};
      if (emailChanged) {
        if (!input.current_password) errors.current_password = [messageKeys.currentPasswordRequired];
        else if (!(await verifyPassword(user.passwordHash, input.current_password))) {
          errors.current_password = [messageKeys.currentPasswordInvalid];
        }
      }
      const taken = await repo.takenFields({ email: changes.email, telephone: changes.telephone }, viewer.id);
      for (const field of taken) errors[field] = [accountMessages.notUnique];
      if (Object.keys(errors).length > 0) throw new InvalidInput(errors);

      const updated = written(
        emailChanged
          ? await repo.transaction(async (tx) => {
              const result = await repo.updateProfile(viewer.id, changes, tx);
              if (result.ok) {
                // The sign-in that made the change stays; every other one ends with the old address.
                await deps.sessions.revokeAllBut(viewer.id, viewer.sessionId, tx);
                await deps.outbox.enqueue([noticeToOldAddress(user, result.user.email, language)], tx);
              }
              return result;
            })
          : await repo.updateProfile(viewer.id, changes),
      );
      if (emailChanged) {
        deps.invalidation.forgetAccount(viewer.id);
        deps.outbox.wake();
      }
      return { profile: toProfile(updated), emailChanged };
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
