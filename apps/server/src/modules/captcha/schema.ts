import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Solved captcha challenges, kept until they expire so each is accepted once. */
export const usedCaptchaChallenges = pgTable(
  'used_captcha_challenges',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_challenges_expires_idx').on(t.expiresAt)],
);
