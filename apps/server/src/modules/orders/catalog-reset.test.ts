import type { Order } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, signUp } from '../../../test/users.ts';
import { shopperDataOnCatalog } from '../../demo/seed.ts';
import { catalogImport } from '../catalog/index.ts';

describe.each(dialectBackends)('orders when the catalogue is replaced, on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  it('count as shopper data (seed asks for --reset), and keep their lines through the truncation', async () => {
    const product = (await catalogProducts(ctx.database)).find(
      (p) => p.inStock && p.sizeIds.length > 0,
    ) as CatalogProduct;
    const user = await signUp(ctx.app);
    expect(await shopperDataOnCatalog(ctx.database)).toBe(0);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: orderPayload([lineOf(product, 2)]),
      headers: bearer(user.access),
    });
    expect(res.statusCode).toBe(201);
    expect(await shopperDataOnCatalog(ctx.database)).toBe(1);

    const before = (await ctx.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(user.access) })).json();
    // What `npm run seed -- --reset` does: TRUNCATE … CASCADE of the whole catalogue.
    await catalogImport(ctx.database).clear();
    const [left] = await ctx.database.rows<{ products: number; lines: number }>(
      sql`select (select count(*)::int from products) as products, (select count(*)::int from order_items) as lines`,
    );
    expect(left).toEqual({ products: 0, lines: 1 });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(user.access) })).json();
    expect(after).toEqual(before);
    expect((after as Order[])[0]?.items[0]?.quantity).toBe(2);
  });
});
