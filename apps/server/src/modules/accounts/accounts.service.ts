import { accountMessages, type ProfileUpdateBody, type RegisterBody, type UserProfile } from '@kram/contract/accounts';
import { type FieldErrors, InvalidInput } from '../../lib/domain-errors.ts';
import { tokenNotValid, type Viewer } from '../../plugins/auth.ts';
import type { AccountsRepository, ProfileChanges, UniqueField, UserRow, WriteResult } from './accounts.repository.ts';
import { hashPassword } from './passwords.ts';

export const toProfile = (user: UserRow): UserProfile => ({
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
  telephone: user.telephone,
});

const notUnique = (fields: UniqueField[]) =>
  new InvalidInput(Object.fromEntries(fields.map((field) => [field, [accountMessages.notUnique]])) as FieldErrors);

/** A lost race for a unique value reads the same as the check before the write. */
function written(result: WriteResult): UserRow {
  if (!result.ok) throw notUnique([result.taken]);
  return result.user;
}

/** Registration and the profile. */
export function accountsService(repo: AccountsRepository) {
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

    async updateProfile(viewer: Viewer, input: ProfileUpdateBody): Promise<UserProfile> {
      const changes: ProfileChanges = {};
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.email !== undefined) changes.email = input.email;
      if (input.telephone !== undefined) changes.telephone = input.telephone;
      if (Object.keys(changes).length === 0) return toProfile(await currentUser(viewer));

      const taken = await repo.takenFields({ email: changes.email, telephone: changes.telephone }, viewer.id);
      if (taken.length > 0) throw notUnique(taken);
      return toProfile(written(await repo.updateProfile(viewer.id, changes)));
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
