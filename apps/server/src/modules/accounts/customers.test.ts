import type { AdminCustomer, AdminCustomerDetail } from '@kram/contract/admin-customers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderAs, setOrderStatus } from '../../../test/customers.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';

const tokenNotValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

describe.each(dialectBackends)('customers in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
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
  const list = async (query: string) => {
    const res = await call('GET', `/api/admin/customers/?${query}`, staff.access);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { count: number; results: AdminCustomer[] };
  };
  const login = (emailOrPhone: string, password: string) =>
    call('POST', '/api/login/', '', { email_or_phone: emailOrPhone, password });
  const auditOf = (id: number, action: string) =>
    ctx.database.rows<{ actor_id: number; before: unknown; after: unknown }>(
      sql`select actor_id, before, after from audit_log where entity = 'customer' and entity_id = ${String(id)}
          and action = ${action} order by id`,
    );

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    superuser = await staffUser(ctx.app, ctx.database, { superuser: true });
  });
  afterAll(() => ctx?.close());

  describe('the list', () => {
    let buyer: TestUser;
    let idle: TestUser;
    let spent: string;

    beforeAll(async () => {
      buyer = await signUp(ctx.app, { first_name: 'Ярина', last_name: 'Бондар', telephone: '+380671112233' });
      idle = await signUp(ctx.app, { first_name: 'Остап', last_name: 'Вишня' });
      const kept = await placeOrderAs(ctx.app, ctx.database, buyer, { quantity: 2 });
      const cancelled = await placeOrderAs(ctx.app, ctx.database, buyer);
      await setOrderStatus(ctx.database, cancelled.id, 'cancelled');
      spent = kept.amount;
    });

    it('counts each customer’s orders and sums what they spent, leaving out cancelled orders', async () => {
      const page = await list(`id=${buyer.id}&id=${idle.id}`);
      expect(page.count).toBe(2);
      const byId = new Map(page.results.map((c) => [c.id, c]));
      expect(byId.get(buyer.id)).toMatchObject({
        first_name: 'Ярина',
        last_name: 'Бондар',
        email: buyer.email,
        telephone: '+380671112233',
        is_active: true,
        is_staff: false,
        deleted_at: null,
        orders_count: 2,
        total_spent: spent,
      });
      expect(byId.get(idle.id)).toMatchObject({ orders_count: 0, total_spent: '0.00' });
    });

    it.each([
      ['a name', () => 'ярина'],
      ['both names', () => 'Бондар Ярина'],
      ['part of the e-mail, in any case', (user: TestUser) => user.email.split('@')[0]?.toUpperCase() ?? ''],
      ['the telephone with spaces', () => '067 111 22 33'],
      ['the telephone with brackets and +38', () => '+38 (067) 111-22-33'],
    ])('finds a customer by %s', async (_, typed) => {
      const page = await list(`q=${encodeURIComponent(typed(buyer))}`);
      expect(page.results.map((c) => c.id)).toEqual([buyer.id]);
    });

    it('does not match telephones on one or two digits', async () => {
      const page = await list(`q=${encodeURIComponent('Бондар 7')}`);
      expect(page.results).toEqual([]);
    });

    it('filters by active, staff and deleted, and sorts by orders', async () => {
      const staffOnly = await list('is_staff=true&page_size=200');
      expect(staffOnly.results.every((c) => c.is_staff)).toBe(true);
      expect(staffOnly.results.map((c) => c.id)).toEqual(expect.arrayContaining([staff.id, superuser.id]));
      expect((await list('deleted=true')).results.every((c) => c.deleted_at !== null)).toBe(true);
      expect((await list('is_active=false')).results.every((c) => !c.is_active)).toBe(true);
      const sorted = await list('sort=orders_count&order=desc&page_size=1');
      expect(sorted.results[0]?.id).toBe(buyer.id);
    });

    it('answers one customer with their orders, newest first', async () => {
      const res = await call('GET', `/api/admin/customers/${buyer.id}/`, staff.access);
      expect(res.status).toBe(200);
      const customer = res.body as AdminCustomerDetail;
      expect(customer.orders.map((o) => o.status)).toEqual(['cancelled', 'new']);
      expect(customer.orders[1]).toMatchObject({ amount: spent, items_count: 2, payment_method: 'cash' });
      expect(await call('GET', '/api/admin/customers/999999/', staff.access)).toEqual({
        status: 404,
        body: { detail: 'No customer matches the given query.' },
      });
    });

    it('refuses an unknown sort field and unknown keys', async () => {
      expect((await call('GET', '/api/admin/customers/?sort=password_hash', staff.access)).status).toBe(400);
      expect((await call('GET', '/api/admin/customers/?role=admin', staff.access)).status).toBe(400);
    });
  });

  describe('blocking', () => {
    it('ends the customer’s sign-in at once: login refused, old tokens 401 on reads and writes, no refresh', async () => {
      const customer = await signUp(ctx.app);
      // Warm the token cache first: the block must not wait for it to expire.
      expect((await call('GET', '/api/user-profile/', customer.access)).status).toBe(200);

      const blocked = await call('POST', `/api/admin/customers/${customer.id}/block/`, staff.access, {});
      expect(blocked.status).toBe(200);
      expect(blocked.body).toMatchObject({ id: customer.id, is_active: false });

      expect(await login(customer.email, customer.password)).toEqual({
        status: 403,
        body: { detail: 'User account is disabled.' },
      });
      expect(await call('GET', '/api/user-profile/', customer.access)).toEqual({ status: 401, body: tokenNotValid });
      expect(await call('PATCH', '/api/user-profile/', customer.access, { first_name: 'Інше' })).toEqual({
        status: 401,
        body: tokenNotValid,
      });
      expect((await call('POST', '/api/token/refresh/', '', { refresh: customer.refresh })).status).toBe(401);
      expect(await auditOf(customer.id, 'customer.block')).toEqual([
        {
          actor_id: staff.id,
          before: { is_active: true, is_staff: false, is_superuser: false },
          after: { is_active: false, is_staff: false, is_superuser: false },
        },
      ]);
    });

    it('unblocks: the customer signs in again', async () => {
      const customer = await signUp(ctx.app);
      await call('POST', `/api/admin/customers/${customer.id}/block/`, staff.access, {});
      const unblocked = await call('POST', `/api/admin/customers/${customer.id}/unblock/`, staff.access, {});
      expect(unblocked.body).toMatchObject({ is_active: true });
      expect((await login(customer.telephone, customer.password)).status).toBe(200);
      expect(await auditOf(customer.id, 'customer.unblock')).toEqual([
        {
          actor_id: staff.id,
          before: { is_active: false, is_staff: false, is_superuser: false },
          after: { is_active: true, is_staff: false, is_superuser: false },
        },
      ]);
    });

    it('writes nothing when the account already is as asked', async () => {
      const customer = await signUp(ctx.app);
      expect((await call('POST', `/api/admin/customers/${customer.id}/unblock/`, staff.access, {})).status).toBe(200);
      expect(await auditOf(customer.id, 'customer.unblock')).toEqual([]);
    });

    it('does not let staff block themselves', async () => {
      expect(await call('POST', `/api/admin/customers/${staff.id}/block/`, staff.access, {})).toEqual({
        status: 409,
        body: { detail: 'You cannot block or delete your own account.', code: 'own_account' },
      });
    });

    it('leaves a superuser’s account to superusers', async () => {
      const other = await staffUser(ctx.app, ctx.database, { superuser: true });
      expect(await call('POST', `/api/admin/customers/${other.id}/block/`, staff.access, {})).toEqual({
        status: 403,
        body: { detail: 'Only a superuser may do this.' },
      });
      expect((await call('GET', '/api/admin/audit/', other.access)).status).toBe(200);
      expect((await call('POST', `/api/admin/customers/${other.id}/block/`, superuser.access, {})).status).toBe(200);
      // A blocked member of staff is out of the back office at once, reads included.
      expect((await call('GET', '/api/admin/audit/', other.access)).status).toBe(401);
    });

    it('takes no fields', async () => {
      const customer = await signUp(ctx.app);
      const res = await call('POST', `/api/admin/customers/${customer.id}/block/`, staff.access, { reason: 'x' });
      expect(res.status).toBe(400);
      expect((await list(`id=${customer.id}`)).results[0]?.is_active).toBe(true);
    });
  });
});
