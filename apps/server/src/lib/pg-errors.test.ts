import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dialectBackends, freshDatabase, testJwtSecret } from '../../test/helpers.ts';
import { bearer, freshEmail, freshIp, freshTelephone, signUp } from '../../test/users.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { errorForLog, inputErrorAnswer } from './pg-errors.ts';

/** An app whose every log line (any level) is kept, on a fresh database. */
async function appWithLog(backend: (typeof dialectBackends)[number]) {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: testJwtSecret, LOG_LEVEL: 'warn' });
  const database = await freshDatabase(backend);
  const app = await buildApp({
    config,
    database,
    storefront: false,
    logger: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  return {
    app,
    database,
    lines,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(dialectBackends)('database errors (%s)', (backend) => {
  it('are logged without the query’s parameters or the values of a key', async () => {
    const ctx = await appWithLog(backend);
    try {
      // Any insert into users now fails inside the database, after the password was hashed.
      await ctx.database.db.execute(
        sql.raw(`create function refuse_users() returns trigger language plpgsql
          as 'begin raise exception ''users are closed today''; end'`),
      );
      await ctx.database.db.execute(
        sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'),
      );
      const email = freshEmail();
      const telephone = freshTelephone();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/register/',
        headers: { 'x-forwarded-for': freshIp() },
        payload: {
          first_name: 'Тарас',
          last_name: 'Шевченко',
          email,
          telephone,
          password: 'secret-pw-1',
          password2: 'secret-pw-1',
        },
      });
      expect(res.statusCode).toBe(500);
      const logged = ctx.lines.join('\n');
      expect(logged).toMatch(/unhandled error/);
      expect(logged).toMatch(/Failed query: insert into \\"users/);
      expect(logged).toMatch(/users are closed today/);
      expect(logged).not.toMatch(/\$argon2/);
      expect(logged).not.toContain(email);
      expect(logged).not.toContain(telephone.slice(1));
      expect(logged).not.toMatch(/params:/);
    } finally {
      await ctx.close();
    }
  });

  it('that the request’s values caused answer 400 or 409 with a body, not 500', async () => {
    const ctx = await appWithLog(backend);
    try {
      const tooLong = await ctx.database.db
        .execute(sql`select ${'x'.repeat(20)}::varchar(3)::text as v, ${'1'}::int + 2147483647 as n`)
        .catch((error: unknown) => error);
      expect(inputErrorAnswer(tooLong)).toEqual({ status: 400, detail: expect.any(String) });
      const duplicate = await ctx.database.db
        .execute(sql`insert into sizes (id, name) select id, name from sizes limit 1`)
        .catch((error: unknown) => error);
      expect(inputErrorAnswer(duplicate)).toEqual({ status: 409, detail: expect.any(String) });
      // Through the API: a rule the database holds and no service checked answers 400, with a body.
      await ctx.database.db.execute(
        sql.raw(`create function refuse_ratings() returns trigger language plpgsql
          as 'begin raise exception ''no'' using errcode = ''check_violation''; end'`),
      );
      await ctx.database.db.execute(
        sql.raw(
          'create trigger refuse_ratings before insert on ratings for each row execute function refuse_ratings()',
        ),
      );
      const shopper = await signUp(ctx.app);
      const rated = await ctx.app.inject({
        method: 'POST',
        url: '/api/rate-product/',
        headers: bearer(shopper.access),
        payload: { product_id: 1, rating: 5 },
      });
      expect(rated.statusCode).toBe(400);
      expect(rated.json()).toEqual({ detail: expect.stringMatching(/cannot store/) });
      // Not the client's doing: stays a 500.
      const broken = await ctx.database.db.execute(sql`select * from no_such_table`).catch((error: unknown) => error);
      expect(inputErrorAnswer(broken)).toBeUndefined();
      expect(errorForLog(broken)).toMatchObject({ message: expect.stringContaining('Failed query') });
    } finally {
      await ctx.close();
    }
  });
});
