import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Texts and images the shop's staff edit (the home page's banner, tiles and promo), one row per block. */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
