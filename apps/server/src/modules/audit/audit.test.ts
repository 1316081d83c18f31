import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { auditRepository } from './audit.repository.ts';
import { auditLog } from './audit-log.ts';

describe.each(dialectBackends)('the audit log on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let other: TestUser;

  const list = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/admin/audit/?${query}`, headers: bearer(staff.access) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: { action: string; entity_id: string; actor_email: string }[] };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    other = await staffUser(ctx.app, ctx.database, { superuser: true });
    const audit = auditLog(auditRepository(ctx.database));
    const write = (actor: TestUser, action: string, entityId: number, at: string) =>
      ctx.database.db.transaction(async (tx) => {
        await audit.record(
          tx,
          { id: actor.id, email: actor.email },
          {
            action,
            entity: action.split('.')[0] ?? '',
            entityId,
            before: { price: '10.00' },
            after: { price: '12.50' },
          },
        );
        await tx.execute(sql`update audit_log set created_at = ${at} where id = (select max(id) from audit_log)`);
      });
    await write(staff, 'product.update', 1, '2026-11-01T10:00:00Z');
    await write(staff, 'product.update', 2, '2026-11-02T10:00:00Z');
    await write(other, 'category.create', 7, '2026-11-03T10:00:00Z');
  });
  afterAll(() => ctx?.close());

  it('answers the newest change first, with who, what, when, before and after', async () => {
    const page = await list('');
    expect(page.count).toBe(3);
    expect(page.results[0]).toMatchObject({
      actor_id: other.id,
      actor_email: other.email,
      action: 'category.create',
      entity: 'category',
      entity_id: '7',
      before: { price: '10.00' },
      after: { price: '12.50' },
      created_at: '2026-11-03T10:00:00.000Z',
    });
  });

  it('filters by entity, record, action, actor and days', async () => {
    expect((await list('entity=product')).count).toBe(2);
    expect((await list('entity=product&entity_id=2')).results.map((e) => e.entity_id)).toEqual(['2']);
    expect((await list('action=category.create')).count).toBe(1);
    expect((await list(`actor_id=${staff.id}`)).count).toBe(2);
    expect((await list('from=2026-11-02&to=2026-11-02')).results.map((e) => e.entity_id)).toEqual(['2']);
    expect((await list(`q=${encodeURIComponent(other.email)}`)).count).toBe(1);
  });

  it('pages and sorts', async () => {
    const first = await list('page=1&page_size=2&sort=created_at&order=asc');
    expect(first.count).toBe(3);
    expect(first.results.map((e) => e.entity_id)).toEqual(['1', '2']);
    expect((await list('page=2&page_size=2&sort=created_at&order=asc')).results.map((e) => e.entity_id)).toEqual(['7']);
  });

  it('refuses a filter it does not know', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/audit/?colour=red', headers: bearer(staff.access) });
    expect(res.statusCode).toBe(400);
  });
});
