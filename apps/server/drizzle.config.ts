// drizzle-kit's settings for `npm run db:generate` (drizzle-kit/generate.ts installs and runs it). A
// plain object: drizzle-kit lives in drizzle-kit/node_modules, not where this file could import it.
export default {
  dialect: 'postgresql',
  schema: './src/tables.ts',
  out: './src/db/migrations',
};
