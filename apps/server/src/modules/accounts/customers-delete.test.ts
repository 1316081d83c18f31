import crypto from 'node:crypto';
import type { AdminCustomerDetail } from '@kram/contract/admin-customers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderAs, setOrderStatus } from '../../../test/customers.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { catalogProducts } from '../../../test/orders.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('deleting a customer on request on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': freshIp() },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const remove = (id: number) => call('DELETE', `/api/admin/customers/${id}/`, staff.access);
  const count = async (table: 'refresh_token_families' | 'password_reset_tokens' | 'wishlist_items', id: number) => {
    const [row] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${id}`,
    );
    return row?.n;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('is refused while an order is in progress, and changes nothing', async () => {
    const customer = await signUp(ctx.app);
    const done = await placeOrderAs(ctx.app, ctx.database, customer);
    await setOrderStatus(ctx.database, done.id, 'completed');
    const open = await placeOrderAs(ctx.app, ctx.database, customer);
    await setOrderStatus(ctx.database, open.id, 'delivered');

    expect(await remove(customer.id)).toEqual({
      status: 409,
      body: {
        detail: 'This customer has 1 order in progress: complete, cancel or return it before deleting the account.',
        code: 'orders_in_progress',
      },
    });
    const [order] = await ctx.database.rows<{ email: string }>(sql`select email from orders where id = ${open.id}`);
    expect(order?.email).toBe(customer.email);
    expect((await call('GET', '/api/user-profile/', customer.access)).status).toBe(200);
  });

  describe('once every order is settled', () => {
    let customer: TestUser;
    let branchOrder: { id: string; amount: string };
    let courierOrder: { id: string; amount: string };
    let detail: AdminCustomerDetail;

    beforeAll(async () => {
      customer = await signUp(ctx.app, { first_name: 'Соломія', last_name: 'Крушельницька' });
      branchOrder = await placeOrderAs(ctx.app, ctx.database, customer, {
        lines: 2,
        overrides: { description: 'Подзвоніть після шостої' },
      });
      courierOrder = await placeOrderAs(ctx.app, ctx.database, customer, {
        overrides: {
          delivery_type: 'address',
          shipping_address: { city: 'Львів', branch: 'вул. Личаківська, 7, кв. 3' },
        },
      });
      await setOrderStatus(ctx.database, branchOrder.id, 'completed');
      await setOrderStatus(ctx.database, courierOrder.id, 'returned');
      const product = (await catalogProducts(ctx.database)).find((p) => p.inStock);
      await call('POST', '/api/wishlist/', customer.access, { product_id: product?.id });
      await ctx.database.db.execute(
        sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
            values (${customer.id}, ${crypto.randomBytes(16).toString('hex')}, now() + interval '1 hour')`,
      );
      expect(await count('wishlist_items', customer.id)).toBe(1);

      expect(await remove(customer.id)).toEqual({ status: 204, body: null });
      detail = (await call('GET', `/api/admin/customers/${customer.id}/`, staff.access)).body;
    });

    it('leaves no way to sign in', async () => {
      for (const identifier of [customer.email, customer.telephone, `deleted-${customer.id}@deleted.invalid`]) {
        expect(
          await call('POST', '/api/login/', '', { email_or_phone: identifier, password: customer.password }),
        ).toEqual({ status: 401, body: { detail: 'Incorrect credentials.' } });
      }
      expect((await call('GET', '/api/user-profile/', customer.access)).status).toBe(401);
      expect((await call('POST', '/api/token/refresh/', '', { refresh: customer.refresh })).status).toBe(401);
    });

    it('removes the profile’s personal data, sign-ins, reset links and wishlist', async () => {
      expect(detail).toMatchObject({
        id: customer.id,
        first_name: '',
        last_name: '',
        email: `deleted-${customer.id}@deleted.invalid`,
        telephone: null,
        is_active: false,
        orders_count: 2,
      });
      expect(detail.deleted_at).not.toBeNull();
      const [row] = await ctx.database.rows<{ password_hash: string }>(
        sql`select password_hash from users where id = ${customer.id}`,
      );
      expect(row?.password_hash.startsWith('$argon2')).toBe(false);
      expect(await count('refresh_token_families', customer.id)).toBe(0);
      expect(await count('password_reset_tokens', customer.id)).toBe(0);
      expect(await count('wishlist_items', customer.id)).toBe(0);
    });

    it('keeps the orders with their lines, amounts and statuses, without the buyer’s personal data', async () => {
      const orders = await ctx.database.rows<Record<string, string>>(
        sql`select o.id, o.status, o.amount::text as amount, o.first_name, o.last_name, o.email, o.phone_number,
                   o.comment, o.city, o.branch, o.delivery_type, (select count(*)::int from order_items i
                   where i.order_id = o.id) as lines
            from orders o where o.user_id = ${customer.id} order by o.created_at`,
      );
      expect(orders).toEqual([
        expect.objectContaining({ id: branchOrder.id, status: 'completed', amount: branchOrder.amount, lines: 2 }),
        expect.objectContaining({ id: courierOrder.id, status: 'returned', amount: courierOrder.amount, lines: 1 }),
      ]);
      for (const order of orders) {
        expect(order).toMatchObject({ first_name: '', last_name: '', email: '', phone_number: '', comment: '' });
      }
      expect(orders[0]?.branch).not.toBe('');
      expect(orders[1]).toMatchObject({ city: 'Львів', branch: '' });
      const [mails] = await ctx.database.rows<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where order_id in (${branchOrder.id}, ${courierOrder.id})`,
      );
      expect(mails?.n).toBe(0);
      expect(detail.orders.map((o) => o.id).sort()).toEqual([branchOrder.id, courierOrder.id].sort());
    });

    it('is audited without personal data', async () => {
      const entries = await ctx.database.rows<{ actor_id: number; before: unknown; after: unknown }>(
        sql`select actor_id, before, after from audit_log
            where action = 'customer.delete' and entity = 'customer' and entity_id = ${String(customer.id)}`,
      );
      expect(entries).toEqual([
        {
          actor_id: staff.id,
          before: {
            is_active: true,
            is_staff: false,
            is_superuser: false,
            created_at: expect.any(String),
            orders_kept: 2,
          },
          after: null,
        },
      ]);
      const logged = JSON.stringify(entries);
      for (const personal of [customer.email, customer.telephone, 'Соломія', 'Крушельницька']) {
        expect(logged).not.toContain(personal);
      }
    });

    it('cannot be repeated, nor the account blocked or unblocked', async () => {
      const deleted = { detail: 'This account was deleted on request: it cannot be changed.', code: 'account_deleted' };
      expect(await remove(customer.id)).toEqual({ status: 409, body: deleted });
      expect(await call('POST', `/api/admin/customers/${customer.id}/unblock/`, staff.access, {})).toEqual({
        status: 409,
        body: deleted,
      });
    });

    it('leaves the orders to manage, mailing nobody about them', async () => {
      const moved = await call('POST', `/api/admin/orders/${branchOrder.id}/status/`, staff.access, {
        status: 'returned',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.status).toBe('returned');
      const [mails] = await ctx.database.rows<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where order_id = ${branchOrder.id}`,
      );
      expect(mails?.n).toBe(0);
    });

    it('is listed among deleted accounts', async () => {
      const page = (await call('GET', `/api/admin/customers/?deleted=true&id=${customer.id}`, staff.access)).body;
      expect(page.results.map((c: { id: number }) => c.id)).toEqual([customer.id]);
      const live = (await call('GET', `/api/admin/customers/?deleted=false&id=${customer.id}`, staff.access)).body;
      expect(live.count).toBe(0);
    });
  });

  it('is refused for a member of staff, and for one’s own account', async () => {
    const colleague = await staffUser(ctx.app, ctx.database);
    expect(await remove(colleague.id)).toEqual({
      status: 409,
      body: {
        detail: 'This account belongs to a member of staff: revoke its staff access before deleting it.',
        code: 'staff_account',
      },
    });
    expect((await remove(staff.id)).body).toMatchObject({ code: 'own_account' });
    expect(await remove(999_999)).toEqual({ status: 404, body: { detail: 'No customer matches the given query.' } });
  });
});
