import type { AuditEntry } from '@kram/contract/admin';
import type { AdminFeedback } from '@kram/contract/admin-inbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { feedbackRepository } from './feedback.repository.ts';

describe.each(dialectBackends)('the contact form’s inbox in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let other: TestUser;

  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(user.access), ...(payload ? { payload } : {}) });

  async function ok<T>(url: string, payload?: object, user = staff): Promise<T> {
    const res = await call(user, payload ? 'POST' : 'GET', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  describe('feedback', () => {
    const ids: Record<string, number> = {};
    const feedback = (query = '') => ok<{ count: number; results: AdminFeedback[] }>(`/api/admin/feedback/?${query}`);
    const auditOf = async (id: number) =>
      (await ok<{ results: AuditEntry[] }>(`/api/admin/audit/?entity=feedback&entity_id=${id}`)).results;

    beforeAll(async () => {
      ctx = await createTestContext(backend);
      staff = await staffUser(ctx.app, ctx.database);
      other = await staffUser(ctx.app, ctx.database, { superuser: true });
      const repo = feedbackRepository(ctx.database);
      const messages = [
        ['old', 'Олена', 'olena@example.com', 'Чи є куртки розміру XL?', 'uk', '2026-10-01T09:00:00Z'],
        ['middle', 'Петро', 'petro@example.com', 'Когда будет доставка?', 'ru', '2026-10-02T09:00:00Z'],
        ['new', 'Ірина', 'iryna@example.com', 'Дякую за швидку доставку', 'uk', '2026-10-03T09:00:00Z'],
      ] as const;
      for (const [key, name, email, message, language, at] of messages) {
        const id = await repo.create({ name, email, message, language, phoneNumber: '+380501112233' });
        await ctx.database.db.execute(sql`update feedback_messages set created_at = ${at} where id = ${id}`);
        ids[key] = id;
      }
    });
    afterAll(() => ctx?.close());

    it('lists messages newest first, with everything the shopper sent', async () => {
      const page = await feedback();
      expect(page.count).toBe(3);
      expect(page.results.map((m) => m.id)).toEqual([ids.new, ids.middle, ids.old]);
      expect(page.results[1]).toEqual({
        id: ids.middle,
        name: 'Петро',
        phone_number: '+380501112233',
        email: 'petro@example.com',
        message: 'Когда будет доставка?',
        language: 'ru',
        created_at: '2026-10-02T09:00:00.000Z',
        handled: false,
        handled_at: null,
        handled_by: null,
        handled_by_email: null,
      });
      expect(await ok(`/api/admin/feedback/${ids.middle}/`)).toEqual(page.results[1]);
      expect((await call(staff, 'GET', '/api/admin/feedback/999999/')).statusCode).toBe(404);
    });

    it('marks a message handled by whoever marks it, once, and logs it', async () => {
      const marked = await ok<AdminFeedback>(`/api/admin/feedback/${ids.new}/handled/`, { handled: true });
      expect(marked).toMatchObject({ handled: true, handled_by: staff.id, handled_by_email: staff.email });
      expect(Date.now() - Date.parse(marked.handled_at ?? '')).toBeLessThan(60_000);

      // Marked again by someone else: it stays the first one's, and nothing more is logged.
      const again = await ok<AdminFeedback>(`/api/admin/feedback/${ids.new}/handled/`, { handled: true }, other);
      expect(again).toEqual(marked);
      expect(await auditOf(ids.new as number)).toMatchObject([
        {
          action: 'feedback.handle',
          actor_id: staff.id,
          before: { id: ids.new, handled_at: null, handled_by: null },
          after: { id: ids.new, handled_at: marked.handled_at, handled_by: staff.id },
        },
      ]);
      // The log keeps whether it was handled, not what the shopper wrote.
      expect(JSON.stringify(await auditOf(ids.new as number))).not.toContain('iryna@example.com');
    });

    it('puts unhandled messages first, and filters by handled and by text', async () => {
      expect((await feedback()).results.map((m) => m.id)).toEqual([ids.middle, ids.old, ids.new]);
      expect((await feedback('handled=true')).results.map((m) => m.id)).toEqual([ids.new]);
      expect((await feedback('handled=false')).results.map((m) => m.id)).toEqual([ids.middle, ids.old]);
      expect((await feedback('q=доставк')).results.map((m) => m.id)).toEqual([ids.middle, ids.new]);
      expect((await feedback('q=OLENA@')).results.map((m) => m.id)).toEqual([ids.old]);
      expect((await feedback('q=Петро')).results.map((m) => m.id)).toEqual([ids.middle]);
      expect((await feedback('sort=created_at&order=asc')).results.map((m) => m.id)).toEqual([
        ids.old,
        ids.middle,
        ids.new,
      ]);
      expect((await feedback('page=2&page_size=2')).results.map((m) => m.id)).toEqual([ids.new]);
      expect((await call(staff, 'GET', '/api/admin/feedback/?handled=maybe')).statusCode).toBe(400);
    });

    it('marks a message not handled again, and logs that too', async () => {
      const reopened = await ok<AdminFeedback>(`/api/admin/feedback/${ids.new}/handled/`, { handled: false }, other);
      expect(reopened).toMatchObject({ handled: false, handled_at: null, handled_by: null, handled_by_email: null });
      const [entry] = await auditOf(ids.new as number);
      expect(entry).toMatchObject({
        action: 'feedback.reopen',
        actor_id: other.id,
        before: { handled_by: staff.id },
        after: { handled_at: null, handled_by: null },
      });
    });

    it('refuses a body that is not {handled: boolean}, and a message that is not there', async () => {
      for (const body of [{}, { handled: 'yes' }, { handled: true, note: 'x' }]) {
        const res = await call(staff, 'POST', `/api/admin/feedback/${ids.old}/handled/`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const missing = await call(staff, 'POST', '/api/admin/feedback/999999/handled/', { handled: true });
      expect(missing.statusCode).toBe(404);
      expect((await feedback(`id=${ids.old}`)).results[0]?.handled).toBe(false);
    });

    it('marks several messages at once, answering those that exist, logging each one that changed', async () => {
      await ok(`/api/admin/feedback/${ids.middle}/handled/`, { handled: true }, other);
      const many = [ids.old, ids.middle, 999999] as number[];
      const answer = await ok<{ ids: number[] }>('/api/admin/feedback/bulk/', { ids: many, data: { handled: true } });
      expect(answer).toEqual({ ids: [ids.old, ids.middle] });
      const page = await feedback(`id=${ids.old}&id=${ids.middle}`);
      expect(page.results.map((m) => [m.id, m.handled_by])).toEqual([
        [ids.middle, other.id],
        [ids.old, staff.id],
      ]);
      expect((await auditOf(ids.old as number)).map((e) => e.action)).toEqual(['feedback.handle']);
      expect((await auditOf(ids.middle as number)).map((e) => e.action)).toEqual(['feedback.handle']);

      await ok('/api/admin/feedback/bulk/', { ids: many, data: { handled: false } });
      expect((await feedback('handled=true')).count).toBe(0);
      expect((await auditOf(ids.middle as number)).map((e) => e.action)).toEqual([
        'feedback.reopen',
        'feedback.handle',
      ]);
      for (const body of [{ ids: [], data: { handled: true } }, { ids: [1], data: {} }, { ids: [1] }]) {
        const res = await call(staff, 'POST', '/api/admin/feedback/bulk/', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });
});
