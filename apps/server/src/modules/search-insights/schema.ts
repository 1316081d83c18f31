import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How often each listing search was made per Kyiv day, and how often it found nothing: the query
 * text only, nothing about who searched.
 */
export const searchQueriesDaily = pgTable(
  'search_queries_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);
