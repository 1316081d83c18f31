import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import setup, { dropRunDatabases, runPrefix } from './global-setup.ts';
import { freshDatabase } from './helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseNames = () =>
  admin(async (c) =>
    (await c.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname),
  );

describe('test runs name their databases', () => {
  it('with a prefix of their own', () => {
    const prefix = inject('databasePrefix');
    expect(prefix).toMatch(/^kram_t_[0-9a-f]{8}_$/);
    expect(runPrefix()).not.toBe(runPrefix());
  });
});

describe.skipIf(!adminUrl)('test runs on PostgreSQL', () => {
  it("drop their own databases and leave another run's", async () => {
    const ours = runPrefix();
    const theirs = runPrefix();
    const names = [`${ours}a`, `${ours}template`, `${theirs}a`, `${theirs}template`];
    await admin(async (c) => {
      for (const name of names) await c.query(`create database "${name}"`);
    });
    try {
      expect(await dropRunDatabases(adminUrl as string, ours)).toEqual([`${ours}a`, `${ours}template`]);
      const left = await databaseNames();
      expect(left).toEqual(expect.arrayContaining([`${theirs}a`, `${theirs}template`]));
      expect(left).not.toContain(`${ours}a`);
      expect(left).not.toContain(`${ours}template`);
      // Nor this run's own, which are in use right now.
      expect(left).toContain(inject('postgresTemplate'));
    } finally {
      await dropRunDatabases(adminUrl as string, theirs);
      await dropRunDatabases(adminUrl as string, ours);
    }
  });

  // Migrates and seeds a whole second run (a minute or two): opt-in with TEST_HARNESS=1, which .ci/run sets.
  it.runIf(process.env.TEST_HARNESS === '1')(
    "a second run's end leaves this run's databases alone",
    { timeout: 120_000 },
    async () => {
      const provided: Record<string, unknown> = {};
      const project = { provide: (key: string, value: unknown) => (provided[key] = value) } as unknown as TestProject;
      const teardown = await setup(project);
      const second = provided as { databasePrefix: string; postgresTemplate: string; pgliteTemplate: string };
      expect(second.databasePrefix).not.toBe(inject('databasePrefix'));
      expect(second.postgresTemplate.startsWith(second.databasePrefix)).toBe(true);
      expect(await databaseNames()).toContain(second.postgresTemplate);
      // A database of this run, open while the second run ends, as other files' are. (Other files
      // create and drop their own meanwhile, so the list of this run's databases is no fixed witness.)
      const witness = await freshDatabase('postgres');
      try {
        const [row] = await witness.rows<{ name: string }>(sql`select current_database() as name`);
        await teardown();
        const after = await databaseNames();
        expect(after).not.toContain(second.postgresTemplate);
        expect(after).toContain(inject('postgresTemplate'));
        expect(after).toContain(row?.name);
      } finally {
        await witness.close();
      }
    },
  );

  it("a file's fresh database carries the run's prefix and goes when closed", async () => {
    const db = await freshDatabase('postgres');
    const name = (await db.rows<{ name: string }>(sql`select current_database() as name`))[0]?.name ?? '';
    expect(name.startsWith(inject('databasePrefix'))).toBe(true);
    expect(inject('postgresTemplate')?.startsWith(inject('databasePrefix'))).toBe(true);
    await db.close();
    expect(await databaseNames()).not.toContain(name);
  });
});
