import { normalizeEmail } from '@kram/contract/email-identity';
import { and, eq, gt, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { pgCodes, pgError } from '../../lib/pg-errors.ts';
import { passwordResetTokens, users } from './schema.ts';

export type UserRow = Omit<typeof users.$inferSelect, 'createdAt' | 'deletedAt'>;
export type AccountStatus = Pick<UserRow, 'isActive' | 'isStaff' | 'isSuperuser'>;
export type NewUser = Pick<
  typeof users.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'telephone' | 'passwordHash' | 'isStaff' | 'isSuperuser'
>;

/** What an account is now, for the rules of a change made to it in the back office. */
export type AccountState = Pick<
  typeof users.$inferSelect,
  'id' | 'isActive' | 'isStaff' | 'isSuperuser' | 'createdAt' | 'deletedAt'
>;

export type ProfileChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'telephone'>>;

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  telephone: users.telephone,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  isStaff: users.isStaff,
  isSuperuser: users.isSuperuser,
};

// Addresses are stored normalised (normalizeEmail), and compared normalised: the typed form goes
// through the same function as the rate limiter's key, so a spelling that finds an account counts
// against that account's sign-in attempts. lower() on the column keeps rows stored before
// normalisation (ASCII in mixed case) found, and uses the users_email_key index.
const emailIs = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

const stored = <T extends { email?: string }>(values: T): T =>
  values.email === undefined ? values : { ...values, email: normalizeEmail(values.email) };

export type UniqueField = 'email' | 'telephone';

/** A write, or the unique field another account took first (a race the service's check lost). */
export type WriteResult = { ok: true; user: UserRow } | { ok: false; taken: UniqueField };

/** Unique-index names → the field the client is told about. */
const uniqueFields: Record<string, UniqueField> = {
  users_email_key: 'email',
  users_telephone_key: 'telephone',
};

async function guardUnique(write: () => Promise<UserRow>): Promise<WriteResult> {
  try {
    return { ok: true, user: await write() };
  } catch (error) {
    const pg = pgError(error);
    const taken = pg?.code === pgCodes.uniqueViolation && pg.constraint ? uniqueFields[pg.constraint] : undefined;
    if (taken) return { ok: false, taken };
    throw error;
  }
}

export function accountsRepository(database: Database) {
  const { db } = database;
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(work),

    async byId(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async byEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select(userColumns).from(users).where(emailIs(email));
      return row;
    },

    async byTelephone(telephone: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.telephone, telephone));
      return row;
    },

    /** The e-mails of the accounts among `ids` that exist, by id. */
    async emails(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** The ids of the accounts whose e-mail contains `text`, in any case (wildcards are letters). */
    async idsWithEmailContaining(text: string): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.email, likePattern(text)));
      return rows.map((row) => row.id);
    },

    /** Which of the given e-mail and telephone belong to someone other than `exceptId`. */
    async takenFields(
      values: { email?: string; telephone?: string | null },
      exceptId?: number,
    ): Promise<UniqueField[]> {
      const matches = [
        ...(values.email ? [emailIs(values.email)] : []),
        ...(values.telephone ? [eq(users.telephone, values.telephone)] : []),
      ];
      if (matches.length === 0) return [];
      const rows = await db
        .select({ email: users.email, telephone: users.telephone })
        .from(users)
        .where(and(or(...matches), exceptId === undefined ? undefined : ne(users.id, exceptId)));
      const taken = new Set<UniqueField>();
      for (const row of rows) {
        if (values.email && normalizeEmail(row.email) === normalizeEmail(values.email)) taken.add('email');
        if (values.telephone && row.telephone === values.telephone) taken.add('telephone');
      }
      return [...taken];
    },

    create(user: NewUser, tx: Executor = db): Promise<WriteResult> {
      return guardUnique(async () => {
        const [row] = await tx.insert(users).values(stored(user)).returning(userColumns);
        if (!row) throw new Error('insert into users returned no row');
        return row;
      });
    },

    updateProfile(id: number, changes: ProfileChanges, tx: Executor = db): Promise<WriteResult> {
      return guardUnique(async () => {
        const [row] = await tx.update(users).set(stored(changes)).where(eq(users.id, id)).returning(userColumns);
        if (!row) throw new Error(`account ${id} vanished during the request`);
        return row;
      });
    },

    /** Blocks (false) or unblocks (true) an account; a blocked one cannot sign in. */
    async setActive(id: number, isActive: boolean, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ isActive }).where(eq(users.id, id));
    },

    async setStaffFlags(id: number, flags: Pick<UserRow, 'isStaff' | 'isSuperuser'>, tx: Executor = db): Promise<void> {
      await tx.update(users).set(flags).where(eq(users.id, id));
    },

    /**
     * Empties an account deleted on its owner's request. The row stays, since orders keep pointing at
     * it: names go, the e-mail becomes `placeholderEmail` (unique, undeliverable), the telephone goes,
     * and the password hash becomes one no password matches; reset links die with it.
     */
    async erase(id: number, placeholderEmail: string, unusableHash: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({
          firstName: '',
          lastName: '',
          email: placeholderEmail,
          telephone: null,
          passwordHash: unusableHash,
          isActive: false,
          isStaff: false,
          isSuperuser: false,
          deletedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    },

    /**
     * The account, locked until `tx` ends: two changes to one account apply one after the other, and
     * an order being placed for it (whose foreign key check shares the lock) waits for a deletion.
     */
    async lock(id: number, tx: Executor): Promise<AccountState | undefined> {
      const [row] = await tx
        .select({
          id: users.id,
          isActive: users.isActive,
          isStaff: users.isStaff,
          isSuperuser: users.isSuperuser,
          createdAt: users.createdAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },

    async promoteToAdmin(id: number, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ isStaff: true, isSuperuser: true, isActive: true }).where(eq(users.id, id));
    },

    /** Sets a new password; every reset link the user still holds dies with the old one. */
    async setPassword(id: number, passwordHash: string, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    },

    async addResetToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, userId), lt(passwordResetTokens.expiresAt, new Date())));
        await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      });
    },

    async hasResetToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(resetTokenMatches(userId, tokenHash, now));
      return rows.length > 0;
    },

    /** Deletes the token if it is still good; true when this call was the one that used it. */
    async consumeResetToken(userId: number, tokenHash: string, now: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(passwordResetTokens)
        .where(resetTokenMatches(userId, tokenHash, now))
        .returning({ id: passwordResetTokens.id });
      return rows.length > 0;
    },
  };
}

const resetTokenMatches = (userId: number, tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.userId, userId),
    eq(passwordResetTokens.tokenHash, tokenHash),
    gt(passwordResetTokens.expiresAt, now),
  );

export type AccountsRepository = ReturnType<typeof accountsRepository>;
