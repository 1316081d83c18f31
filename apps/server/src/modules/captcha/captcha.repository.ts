import { lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { usedCaptchaChallenges } from './schema.ts';

export function captchaRepository(database: Database) {
  const { db } = database;
  return {
    /** Records a solved challenge; false when it was recorded before (a replay). */
    async markUsed(challenge: string, expiresAt: Date, executor: Executor = db): Promise<boolean> {
      const inserted = await executor
        .insert(usedCaptchaChallenges)
        .values({ challenge, expiresAt })
        .onConflictDoNothing()
        .returning({ challenge: usedCaptchaChallenges.challenge });
      return inserted.length === 1;
    },

    /** Expired challenges are refused by their salt anyway, so their rows can go. */
    async pruneExpired(now: Date): Promise<void> {
      await db.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, now));
    },
  };
}

export type CaptchaRepository = ReturnType<typeof captchaRepository>;
