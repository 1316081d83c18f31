import { email as emailRule, newPassword } from '@kram/contract/validation';
import { z } from 'zod';
import { Conflict, type FieldErrors, InvalidInput } from '../../lib/domain-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { hashPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const adminInput = z.object({
  email: emailRule,
  // Optional when promoting an existing account, which then keeps its password.
  password: newPassword.optional(),
  firstName: z.string().trim().max(150).default(''),
  lastName: z.string().trim().max(150).default(''),
});
export type AdminInput = z.input<typeof adminInput>;

/** Creates a staff superuser, or makes an existing account one (active again, password reset if given). */
export async function createAdmin(
  accounts: AccountsRepository,
  sessions: SessionsRepository,
  raw: AdminInput,
): Promise<{ outcome: 'created' | 'promoted'; id: number }> {
  const parsed = adminInput.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = `--${issue.path.join('.')}`;
      fields[field] = [...(fields[field] ?? []), issue.message];
    }
    throw new InvalidInput(fields);
  }
  const input = parsed.data;
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  return accounts.transaction(async (tx) => {
    const existing = await accounts.byEmail(input.email, tx);
    if (existing) {
      await accounts.promoteToAdmin(existing.id, tx);
      if (passwordHash) {
        await accounts.setPassword(existing.id, passwordHash, tx);
        await sessions.revokeAll(existing.id, tx);
      }
      return { outcome: 'promoted', id: existing.id };
    }
    if (!passwordHash) throw new InvalidInput({ '--password': ['required to create an account'] });
    const created = await accounts.create(
      {
        email: input.email,
        telephone: null,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isStaff: true,
        isSuperuser: true,
      },
      tx,
    );
    if (!created.ok) throw new Conflict(`--email: the ${created.taken} belongs to another account`);
    return { outcome: 'created', id: created.user.id };
  });
}

const lookupInput = z.object({ email: z.string().max(254) });

/**
 * What `create-admin` asks of the database, whether the command line opened it itself or asks the
 * running shop that holds it (infra/control): the same rules either way.
 */
export function adminCommands(accounts: AccountsRepository, sessions: SessionsRepository) {
  return {
    /** Whether an account has the e-mail: the command asks for a new password only for a new account. */
    'account-exists': async (input: unknown): Promise<{ exists: boolean }> => {
      const parsed = lookupInput.safeParse(input);
      if (!parsed.success) throw new InvalidInput({ '--email': ['required'] });
      return { exists: (await accounts.byEmail(parsed.data.email)) !== undefined };
    },
    'create-admin': (input: unknown) => createAdmin(accounts, sessions, (input ?? {}) as AdminInput),
  };
}
