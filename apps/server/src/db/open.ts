import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in the data folder. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
