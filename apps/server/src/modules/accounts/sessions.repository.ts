import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { AccountStatus } from './accounts.repository.ts';
import { refreshTokenFamilies, refreshTokens, users } from './schema.ts';

export type ViewerState = AccountStatus & { sessionLive: boolean };

export type Rotation =
  | { outcome: 'rotated'; userId: number; familyId: string; account: AccountStatus }
  /** The token had been exchanged before: its family is now revoked. */
  | { outcome: 'reused'; familyId: string }
  /** Unknown token, revoked family, or an account that is gone or disabled. */
  | { outcome: 'refused' };

/** Refresh-token families (one per sign-in) and the tokens issued in each. */
export function sessionsRepository(database: Database) {
  const { db } = database;
  return {
    /** A new family holding its first token, for a sign-in; answers the family's id. */
    async start(userId: number, first: { jti: string; expiresAt: Date }): Promise<string> {
      const familyId = crypto.randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(refreshTokenFamilies).values({ id: familyId, userId });
        await tx.insert(refreshTokens).values({ jti: first.jti, familyId, expiresAt: first.expiresAt });
      });
      return familyId;
    },

    /**
     * What a bearer token of `userId` from the sign-in `familyId` may do now: the account's flags,
     * and whether that sign-in is still live (not revoked, not pruned). Undefined: no such account.
     */
    async viewerState(userId: number, familyId: string): Promise<ViewerState | undefined> {
      const [row] = await db
        .select({
          isActive: users.isActive,
          isStaff: users.isStaff,
          isSuperuser: users.isSuperuser,
          familyId: refreshTokenFamilies.id,
          revokedAt: refreshTokenFamilies.revokedAt,
        })
        .from(users)
        .leftJoin(
          refreshTokenFamilies,
          and(eq(refreshTokenFamilies.id, familyId), eq(refreshTokenFamilies.userId, users.id)),
        )
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const { isActive, isStaff, isSuperuser } = row;
      return { isActive, isStaff, isSuperuser, sessionLive: row.familyId !== null && row.revokedAt === null };
    },

    /**
     * Exchanges the token `jti` of `userId` for its successor `next`, in the same family. Marking the
     * token used is one conditional update, so of two concurrent exchanges exactly one wins; the
     * other is a reuse, as is any later one, and revokes the family.
     */
    async rotate(userId: number, jti: string, next: { jti: string; expiresAt: Date }): Promise<Rotation> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (!token) {
          const [known] = await tx
            .select({ familyId: refreshTokens.familyId })
            .from(refreshTokens)
            .where(eq(refreshTokens.jti, jti));
          if (!known) return { outcome: 'refused' };
          await revoke(tx, eq(refreshTokenFamilies.id, known.familyId));
          return { outcome: 'reused', familyId: known.familyId };
        }
        const [family] = await tx
          .select({
            userId: refreshTokenFamilies.userId,
            revokedAt: refreshTokenFamilies.revokedAt,
            isActive: users.isActive,
            isStaff: users.isStaff,
            isSuperuser: users.isSuperuser,
          })
          .from(refreshTokenFamilies)
          .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
          .where(eq(refreshTokenFamilies.id, token.familyId));
        if (!family || family.revokedAt !== null || family.userId !== userId || !family.isActive) {
          return { outcome: 'refused' };
        }
        await tx.insert(refreshTokens).values({ jti: next.jti, familyId: token.familyId, expiresAt: next.expiresAt });
        const { isActive, isStaff, isSuperuser } = family;
        return { outcome: 'rotated', userId, familyId: token.familyId, account: { isActive, isStaff, isSuperuser } };
      });
    },

    /** Ends every sign-in of the user, e.g. after a password reset. */
    async revokeAll(userId: number, tx: Executor = db): Promise<void> {
      await revoke(tx, eq(refreshTokenFamilies.userId, userId));
    },

    /** Ends every sign-in of the user but `keep` (the one making a change), e.g. after the e-mail moved. */
    async revokeAllBut(userId: number, keep: string | undefined, tx: Executor = db): Promise<void> {
      await revoke(
        tx,
        keep === undefined
          ? eq(refreshTokenFamilies.userId, userId)
          : and(eq(refreshTokenFamilies.userId, userId), ne(refreshTokenFamilies.id, keep)),
      );
    },

    /** Forgets every sign-in of the user, tokens and all: an account deleted on request keeps none. */
    async removeAll(userId: number, tx: Executor = db): Promise<void> {
      await tx.delete(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId));
    },

    /** Drops the user's expired tokens and the families left empty: expired tokens fail on their own. */
    async prune(userId: number, now: Date): Promise<void> {
      const families = db
        .select({ id: refreshTokenFamilies.id })
        .from(refreshTokenFamilies)
        .where(eq(refreshTokenFamilies.userId, userId));
      await db
        .delete(refreshTokens)
        .where(and(inArray(refreshTokens.familyId, families), lt(refreshTokens.expiresAt, now)));
      await db
        .delete(refreshTokenFamilies)
        .where(
          and(
            eq(refreshTokenFamilies.userId, userId),
            notExists(db.select().from(refreshTokens).where(eq(refreshTokens.familyId, refreshTokenFamilies.id))),
          ),
        );
    },
  };
}

const revoke = (tx: Executor, which: SQL | undefined) =>
  tx
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(refreshTokenFamilies.revokedAt)));

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
