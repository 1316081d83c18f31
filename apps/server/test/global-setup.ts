import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { generateDemoProducts } from '../src/demo/demo-catalog.ts';
import { demoProductCount, seedCatalog } from '../src/demo/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/** Migrates and seeds once; every test file then starts from a copy (see test/helpers.ts). */
export default async function setup(project: TestProject) {
  const items = generateDemoProducts(demoProductCount);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-test-'));

  const lite = await openDatabase({ pgliteMemory: true });
  await lite.migrate();
  await seedCatalog(lite, items);
  const dump = await (lite as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client.dumpDataDir(
    'none',
  );
  const pgliteTemplate = path.join(dir, 'template.tar');
  fs.writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', pgliteTemplate);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `kram_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const db = await openDatabase({ url: withDatabase(adminUrl, templateName), poolSize: 2 });
    await db.migrate();
    await seedCatalog(db, items);
    await db.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'kram_tpl_%' or datname like 'kram_t_%'`,
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
