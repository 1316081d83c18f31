import type { AdminStaffMember } from '@kram/contract/admin-staff';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, freshIp, setActive, signUp, staffUser, type TestUser } from '../../../test/users.ts';
import { auditLog, auditRepository } from '../audit/index.ts';
import { accountsRepository } from './accounts.repository.ts';
import { activeAccountVerifier } from './active-account-verifier.ts';
import { staffRepository } from './staff.repository.ts';
import { staffService } from './staff.service.ts';

describe.each(dialectBackends)('staff accounts on %s', (backend) => {
  let ctx: TestContext;
  let superuser: TestUser;

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { ...bearer(token), 'x-forwarded-for': freshIp() },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const staffAudit = (id: number) =>
    ctx.database.rows<{ action: string; actor_id: number; before: unknown; after: unknown }>(
      sql`select action, actor_id, before, after from audit_log where entity = 'staff'
          and entity_id = ${String(id)} order by id`,
    );

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    superuser = await staffUser(ctx.app, ctx.database, { superuser: true });
  });
  afterAll(() => ctx?.close());

  it('grants staff access to an existing account by its e-mail, in any case', async () => {
    const shopper = await signUp(ctx.app, { first_name: 'Леся', last_name: 'Українка' });
    const res = await call('POST', '/api/admin/staff/', superuser.access, { email: shopper.email.toUpperCase() });
    expect(res).toEqual({
      status: 201,
      body: {
        id: shopper.id,
        email: shopper.email,
        first_name: 'Леся',
        last_name: 'Українка',
        is_active: true,
        is_staff: true,
        is_superuser: false,
        created_at: expect.any(String),
      },
    });
    // The new member of staff is let in with the token they already hold.
    expect((await call('GET', '/api/admin/customers/', shopper.access)).status).toBe(200);
    expect(await staffAudit(shopper.id)).toEqual([
      {
        action: 'staff.grant',
        actor_id: superuser.id,
        before: { is_staff: false, is_superuser: false },
        after: { is_staff: true, is_superuser: false },
      },
    ]);
    const list = await call('GET', `/api/admin/staff/?q=${encodeURIComponent('леся')}`, superuser.access);
    expect(list.body.results.map((m: AdminStaffMember) => m.id)).toEqual([shopper.id]);
  });

  it.each([
    ['an address no account has', async () => 'nobody-here@example.com', 'No account has this e-mail address.'],
    [
      'a member of staff',
      async () => (await staffUser(ctx.app, ctx.database)).email,
      'This account is already a member of staff.',
    ],
    [
      'a blocked account',
      async () => {
        const blocked = await signUp(ctx.app);
        await setActive(ctx.database, blocked.id, false);
        return blocked.email;
      },
      'This account is blocked: unblock it first.',
    ],
  ])('refuses to grant staff access to %s', async (_, email, message) => {
    expect(await call('POST', '/api/admin/staff/', superuser.access, { email: await email() })).toEqual({
      status: 400,
      body: { email: [message] },
    });
  });

  it('lists staff and superusers only', async () => {
    const shopper = await signUp(ctx.app);
    const member = await staffUser(ctx.app, ctx.database);
    const page = (await call('GET', '/api/admin/staff/?page_size=200', superuser.access)).body;
    const ids = page.results.map((m: AdminStaffMember) => m.id);
    expect(ids).toEqual(expect.arrayContaining([superuser.id, member.id]));
    expect(ids).not.toContain(shopper.id);
    expect((await call('GET', `/api/admin/staff/${shopper.id}/`, superuser.access)).status).toBe(404);
    const supers = (await call('GET', '/api/admin/staff/?is_superuser=true&page_size=200', superuser.access)).body;
    expect(supers.results.every((m: AdminStaffMember) => m.is_superuser)).toBe(true);
  });

  it('makes a member of staff a superuser and back, each change audited', async () => {
    const member = await staffUser(ctx.app, ctx.database);
    const up = await call('PATCH', `/api/admin/staff/${member.id}/`, superuser.access, { is_superuser: true });
    expect(up.body).toMatchObject({ is_staff: true, is_superuser: true });
    // Superuser at once, with the token issued before.
    expect((await call('GET', '/api/admin/staff/', member.access)).status).toBe(200);
    await call('PATCH', `/api/admin/staff/${member.id}/`, superuser.access, { is_superuser: false });
    expect((await call('GET', '/api/admin/staff/', member.access)).status).toBe(403);
    expect((await staffAudit(member.id)).map((e) => [e.action, e.after])).toEqual([
      ['staff.update', { is_staff: true, is_superuser: true }],
      ['staff.update', { is_staff: true, is_superuser: false }],
    ]);
  });

  it('keeps a superuser a member of staff', async () => {
    const member = await staffUser(ctx.app, ctx.database, { superuser: true });
    expect(await call('PATCH', `/api/admin/staff/${member.id}/`, superuser.access, { is_staff: false })).toEqual({
      status: 400,
      body: { is_staff: ['A superuser is always a member of staff.'] },
    });
  });

  it('does not let superusers take away their own access', async () => {
    const own = {
      status: 409,
      body: { detail: 'You cannot take away your own staff or superuser access.', code: 'own_account' },
    };
    expect(await call('PATCH', `/api/admin/staff/${superuser.id}/`, superuser.access, { is_superuser: false })).toEqual(
      own,
    );
    expect(
      await call('PATCH', `/api/admin/staff/${superuser.id}/`, superuser.access, {
        is_staff: false,
        is_superuser: false,
      }),
    ).toEqual(own);
    expect(await call('DELETE', `/api/admin/staff/${superuser.id}/`, superuser.access)).toEqual(own);
    expect((await call('GET', '/api/admin/staff/', superuser.access)).status).toBe(200);
  });

  it('revokes staff access: the former member is refused at once on a back-office write and read', async () => {
    const member = await staffUser(ctx.app, ctx.database);
    const shopper = await signUp(ctx.app);
    // Warm the token cache on a read first.
    expect((await call('GET', '/api/admin/customers/', member.access)).status).toBe(200);
    expect(await call('DELETE', `/api/admin/staff/${member.id}/`, superuser.access)).toEqual({
      status: 204,
      body: null,
    });
    expect(await call('POST', `/api/admin/customers/${shopper.id}/block/`, member.access, {})).toEqual({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect((await call('GET', '/api/admin/customers/', member.access)).status).toBe(403);
    // Still a shopper: the account and its sign-in stay.
    expect((await call('GET', '/api/user-profile/', member.access)).status).toBe(200);
    expect((await staffAudit(member.id)).at(-1)).toMatchObject({
      action: 'staff.revoke',
      before: { is_staff: true, is_superuser: false },
      after: { is_staff: false, is_superuser: false },
    });
    expect((await call('DELETE', `/api/admin/staff/${member.id}/`, superuser.access)).status).toBe(404);
  });

  it('takes two superusers demoting each other at once one after the other: one superuser stays', async () => {
    const a = await staffUser(ctx.app, ctx.database, { superuser: true });
    const b = await staffUser(ctx.app, ctx.database, { superuser: true });
    // Only these two are superusers, so the rule decides the second demotion.
    await ctx.database.db.execute(
      sql`update users set is_superuser = false where is_superuser and id not in (${a.id}, ${b.id})`,
    );
    const answers = await Promise.all([
      call('PATCH', `/api/admin/staff/${b.id}/`, a.access, { is_superuser: false }),
      call('PATCH', `/api/admin/staff/${a.id}/`, b.access, { is_superuser: false }),
    ]);
    // PGlite runs them one after the other (the second caller is no superuser by then: 403); on
    // PostgreSQL both may pass the door together, and the lock makes the second a 409.
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(statuses.find((status) => status !== 200));
    const [left] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from users where is_superuser and id in (${a.id}, ${b.id})`,
    );
    expect(left?.n).toBe(1);
    await ctx.database.db.execute(sql`update users set is_superuser = true where id = ${superuser.id}`);
  });

  it('never demotes the last active superuser', async () => {
    const last = await staffUser(ctx.app, ctx.database, { superuser: true });
    await ctx.database.db.execute(sql`update users set is_superuser = false where is_superuser and id <> ${last.id}`);
    // Whoever asks (here a superuser whose flag went in the meantime), the shop keeps one superuser.
    const staff = staffService({
      repo: staffRepository(ctx.database),
      accounts: accountsRepository(ctx.database),
      audit: auditLog(auditRepository(ctx.database)),
      invalidation: activeAccountVerifier({ verify: async () => null }, async () => undefined),
    });
    const actor = { id: superuser.id, email: superuser.email, isSuperuser: true };
    await expect(staff.update(actor, last.id, { is_superuser: false })).rejects.toMatchObject({
      message: 'This is the last superuser: make someone else a superuser first.',
      code: 'last_superuser',
    });
    await expect(staff.revoke(actor, last.id)).rejects.toMatchObject({ code: 'last_superuser' });
    await ctx.database.db.execute(sql`update users set is_superuser = true where id = ${superuser.id}`);
    expect((await call('DELETE', `/api/admin/staff/${last.id}/`, superuser.access)).status).toBe(204);
  });
});
