import type { AuditEntry } from '@kram/contract/admin';
import type { AdminSize } from '@kram/contract/admin-catalog';
import type { Product, ProductList } from '@kram/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('sizes in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  const list = (query = '') => ok<{ count: number; results: AdminSize[] }>('GET', `/api/admin/sizes/?${query}`);
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=size&entity_id=${id}`)).results;
  const productsIn = async (sizeId: number) =>
    (await ctx.app.inject(`/api/products?size=${sizeId}&limit=12`)).json() as ProductList;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('lists sizes by position with how many products use each; filters, sorts and pages', async () => {
    const { count, results } = await list('page_size=200');
    expect(count).toBe(results.length);
    expect(count).toBeGreaterThan(3);
    const positions = results.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const size of results.slice(0, 3)) expect(size.product_count).toBe((await productsIn(size.id)).count);

    const first = results[0] as AdminSize;
    expect((await list(`q=${encodeURIComponent(first.name.toLowerCase())}`)).results.map((s) => s.id)).toContain(
      first.id,
    );
    expect((await list(`id=${first.id}`)).results).toEqual([first]);
    const byUse = (await list('sort=product_count&order=desc&page_size=200')).results.map((s) => s.product_count);
    expect(byUse).toEqual([...byUse].sort((a, b) => b - a));
    const second = await list('page=2&page_size=2');
    expect(second.results).toEqual(results.slice(2, 4));
  });

  it('creates a size after the last one, refuses a name in use whatever its case, logs the creation', async () => {
    const before = (await list('page_size=200')).results;
    const made = await ok<AdminSize>('POST', '/api/admin/sizes/', { name: ' 5XL ' });
    expect(made).toMatchObject({ name: '5XL', product_count: 0 });
    expect(made.position).toBe(Math.max(...before.map((s) => s.position)) + 1);
    expect(await ok<AdminSize>('GET', `/api/admin/sizes/${made.id}/`)).toEqual(made);

    const taken = await call('POST', '/api/admin/sizes/', { name: '5xl' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: ['A size with this name already exists.'] });
    const blank = await call('POST', '/api/admin/sizes/', { name: '' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const extra = await call('POST', '/api/admin/sizes/', { name: '6XL', product_count: 3 });
    expect(extra.json()).toEqual({ non_field_errors: ['Unrecognized key: "product_count"'] });

    expect(await auditOf(made.id)).toMatchObject([
      { action: 'size.create', before: null, after: { id: made.id, name: '5XL', position: made.position } },
    ]);
  });

  it('renames and repositions a size; the shop shows the new name at once; the log keeps both', async () => {
    const used = (await list('sort=product_count&order=desc')).results[0] as AdminSize;
    const product = (await productsIn(used.id)).results.products[0] as Product;
    const renamed = await ok<AdminSize>('PATCH', `/api/admin/sizes/${used.id}/`, { name: 'XXL-T', position: 40 });
    expect(renamed).toEqual({ ...used, name: 'XXL-T', position: 40 });
    const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shown.sizes.find((s) => s.id === used.id)?.name).toBe('XXL-T');

    expect((await auditOf(used.id))[0]).toMatchObject({
      action: 'size.update',
      before: { name: used.name, position: used.position },
      after: { name: 'XXL-T', position: 40 },
    });

    // The same values again, or nothing at all, change nothing and log nothing.
    await ok('PATCH', `/api/admin/sizes/${used.id}/`, { name: 'XXL-T' });
    await ok('PATCH', `/api/admin/sizes/${used.id}/`, {});
    expect(await auditOf(used.id)).toHaveLength(1);

    const other = (await list('sort=id')).results.find((s) => s.id !== used.id) as AdminSize;
    const clash = await call('PATCH', `/api/admin/sizes/${used.id}/`, { name: other.name.toLowerCase() });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: ['A size with this name already exists.'] });
    expect((await call('PATCH', '/api/admin/sizes/999999/', { name: 'Z' })).statusCode).toBe(404);
  });

  it('refuses to delete a size products are offered in, naming how many', async () => {
    const used = (await list('sort=product_count&order=desc')).results[0] as AdminSize;
    const res = await call('DELETE', `/api/admin/sizes/${used.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `The size is used by ${used.product_count} products.`,
      code: 'size_in_use',
    });
    expect((await call('GET', `/api/admin/sizes/${used.id}/`)).statusCode).toBe(200);
  });

  it('deletes an unused size and logs what it was', async () => {
    const made = await ok<AdminSize>('POST', '/api/admin/sizes/', { name: 'One size', position: 3 });
    const res = await call('DELETE', `/api/admin/sizes/${made.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/sizes/${made.id}/`)).statusCode).toBe(404);
    expect((await auditOf(made.id))[0]).toMatchObject({
      action: 'size.delete',
      before: { id: made.id, name: 'One size', position: 3 },
      after: null,
    });
    expect((await call('DELETE', `/api/admin/sizes/${made.id}/`)).statusCode).toBe(404);
  });
});
