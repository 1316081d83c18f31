import { languages } from '@kram/contract/languages';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks.ts';
import { users } from '../accounts/schema.ts';

export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: languages }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Marked by staff in the back office's inbox.
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    oneOf('feedback_messages_language_check', t.language, languages),
    index('feedback_messages_created_idx').on(t.createdAt.desc()),
  ],
);
