import type { ProductStock, StockImportResult } from '@kram/contract/admin-stock';
import type { Product } from '@kram/contract/catalog';
import { readErrorCodes } from '@kram/contract/error-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { orderPayload } from '../../../test/orders.ts';
import { bearer, freshEmail, freshIp, staffUser, type TestUser } from '../../../test/users.ts';
import { lowStockJob } from './low-stock-job.ts';
import { stockService } from './stock.service.ts';

interface Sample {
  id: number;
  slug: string;
  sku: string;
  name: string;
  price: string;
  category: string;
  sizes: { id: number; name: string }[];
  colors: { id: number; name: string }[];
}

describe.each(dialectBackends)('stock per variant, on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let product: Sample;

  /** A product on sale with at least two sizes and two colours, not used by another test here. */
  const used = new Set<number>();
  async function sample(): Promise<Sample> {
    const rows = await ctx.database.rows<Sample>(sql`
      select p.id, p.slug, p.sku, p.name, p.price::text as price, c.path as category,
        (select json_agg(json_build_object('id', z.id, 'name', z.name) order by z.position)
          from product_sizes ps join sizes z on z.id = ps.size_id where ps.product_id = p.id) as sizes,
        (select json_agg(json_build_object('id', k.id, 'name', k.name) order by k.position)
          from product_colors pc join colors k on k.id = pc.color_id where pc.product_id = p.id) as colors
      from products p join categories c on c.id = p.category_id
      where p.is_on_sale and cardinality(p.size_ids) >= 2 and cardinality(p.color_ids) >= 2
      order by p.id limit 20`);
    const found = rows.find((r) => !used.has(r.id));
    if (!found) throw new Error('the demo catalogue has too few products with sizes and colours');
    used.add(found.id);
    return found;
  }

  const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/admin${url}`, payload: payload as object, headers: bearer(staff.access) });

  const setStock = async (
    p: Sample,
    variants: { size: number | null; color: number | null; quantity: number | null }[],
  ) => {
    const res = await admin('PATCH', `/products/${p.id}/stock/`, { mode: 'set', variants });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductStock>();
  };

  const order = (p: Sample, size: number, color: number, quantity = 1) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([{ product: p.id, quantity, size, color, price: p.price }]),
    });

  const productAnswer = async (p: Sample) => (await ctx.app.inject(`/api/products/${p.slug}`)).json<Product>();
  const levelOf = async (p: Sample, size: number, color: number) => {
    const [row] = await ctx.database.rows<{ available: number | null; reserved: number }>(
      sql`select available, reserved from stock_levels where product_id = ${p.id} and size_id = ${size} and color_id = ${color}`,
    );
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
    product = await sample();
  });
  afterAll(() => ctx?.close());

  it('keeps one row per variant, uncounted until the shop counts it, and the grid shows them all', async () => {
    const grid = (await admin('GET', `/products/${product.id}/stock/`)).json<ProductStock>();
    expect(grid.variants).toHaveLength(product.sizes.length * product.colors.length);
    expect(grid.variants.every((v) => v.available === null && v.reserved === 0)).toBe(true);
    expect(grid.sizes.map((s) => s.id)).toEqual(product.sizes.map((s) => s.id));
  });

  it('answers each size’s and colour’s availability, and is_on_sale while any variant is left', async () => {
    const [s1, s2] = product.sizes as [Sample['sizes'][0], Sample['sizes'][0]];
    const [c1, c2] = product.colors as [Sample['colors'][0], Sample['colors'][0]];
    const all = product.sizes.flatMap((s) => product.colors.map((c) => ({ size: s.id, color: c.id, quantity: 0 })));
    await setStock(
      product,
      all.map((v) => (v.size === s1.id && v.color === c2.id ? { ...v, quantity: 3 } : v)),
    );
    const answer = await productAnswer(product);
    expect(answer.is_on_sale).toBe(true);
    const size1 = answer.sizes.find((s) => s.id === s1.id);
    const size2 = answer.sizes.find((s) => s.id === s2.id);
    expect(size1).toMatchObject({ available: true, colors_available: [c2.id] });
    expect(size2).toMatchObject({ available: false, colors_available: [] });
    expect(answer.colors.find((c) => c.id === c1.id)).toMatchObject({ available: false, sizes_available: [] });
    expect(answer.colors.find((c) => c.id === c2.id)).toMatchObject({ available: true, sizes_available: [s1.id] });

    await setStock(product, [{ size: s1.id, color: c2.id, quantity: 0 }]);
    expect((await productAnswer(product)).is_on_sale).toBe(false);
    const listed = await ctx.database.rows<{ is_on_sale: boolean }>(
      sql`select is_on_sale from products where id = ${product.id}`,
    );
    expect(listed[0]?.is_on_sale).toBe(false);
  });

  it('reserves at checkout, sells when the order leaves, gives back on cancellation, takes back a return', async () => {
    const p = await sample();
    const size = (p.sizes[0] as { id: number }).id;
    const color = (p.colors[0] as { id: number }).id;
    await setStock(p, [{ size, color, quantity: 4 }]);

    const placed = await order(p, size, color, 3);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await levelOf(p, size, color)).toEqual({ available: 1, reserved: 3 });

    const cancelled = await order(p, size, color, 1);
    expect(cancelled.statusCode).toBe(201);
    expect(await levelOf(p, size, color)).toEqual({ available: 0, reserved: 4 });
    const move = (id: string, status: string, reason?: string) =>
      admin('POST', `/orders/${id}/status/`, { status, ...(reason ? { reason } : {}) });
    expect((await move(cancelled.json().order_id, 'cancelled', 'Покупець передумав')).statusCode).toBe(200);
    expect(await levelOf(p, size, color)).toEqual({ available: 1, reserved: 3 });

    const id = placed.json().order_id;
    await move(id, 'confirmed');
    expect((await move(id, 'shipped')).statusCode).toBe(200);
    expect(await levelOf(p, size, color)).toEqual({ available: 1, reserved: 0 });
    await move(id, 'returned');
    expect(await levelOf(p, size, color)).toEqual({ available: 4, reserved: 0 });

    const history = (await admin('GET', `/products/${p.id}/stock/movements/`)).json<{
      count: number;
      results: { kind: string; quantity: number; order_id: string | null; actor: string }[];
    }>();
    expect(history.results.map((m) => m.kind)).toEqual([
      'returned',
      'sold',
      'released',
      'reserved',
      'reserved',
      'corrected',
    ]);
    expect(history.results[5]).toMatchObject({ quantity: 4, actor: staff.email, order_id: null });
    expect(history.results[0]).toMatchObject({ quantity: 3, order_id: id });
  });

  it('refuses more than is left with a 409 naming the product, size and units left, and writes nothing', async () => {
    const p = await sample();
    const size = p.sizes[0] as { id: number; name: string };
    const color = (p.colors[0] as { id: number }).id;
    await setStock(p, [{ size: size.id, color, quantity: 2 }]);
    const [before] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const res = await order(p, size.id, color, 3);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(p.name);
    expect(res.json().detail).toContain(`size ${size.name}`);
    const [code] = readErrorCodes(res.headers['kram-error-codes'] as string);
    expect(code).toMatchObject({
      code: 'stock.not_enough',
      params: { line: 0, product: p.name, size: size.name, left: 2 },
    });
    const [after] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(after?.n).toBe(before?.n);
    expect(await levelOf(p, size.id, color)).toEqual({ available: 2, reserved: 0 });
  });

  it('sells the last 5 units to exactly 5 of 200 simultaneous orders; the other 195 are told it is gone', async () => {
    const p = await sample();
    const size = (p.sizes[0] as { id: number }).id;
    const color = (p.colors[0] as { id: number }).id;
    await setStock(p, [{ size, color, quantity: 5 }]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => order(p, size, color, 1)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(195);
    expect(await levelOf(p, size, color)).toEqual({ available: 0, reserved: 5 });
    const [held] = await ctx.database.rows<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from stock_reservations where product_id = ${p.id} and state = 'reserved'`,
    );
    expect(held?.n).toBe(5);
  }, 120_000);

  it('takes a line without a colour from the colour of its size with most left, and gives it back there', async () => {
    const p = await sample();
    const size = (p.sizes[0] as { id: number }).id;
    const [c1, c2] = p.colors as [Sample['colors'][0], Sample['colors'][0]];
    await setStock(
      p,
      p.colors.map((c) => ({ size, color: c.id, quantity: c.id === c2.id ? 4 : c.id === c1.id ? 1 : 0 })),
    );
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([{ product: p.id, quantity: 2, size, color: null, price: p.price }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await levelOf(p, size, c2.id)).toEqual({ available: 2, reserved: 2 });
    expect(await levelOf(p, size, c1.id)).toEqual({ available: 1, reserved: 0 });
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([{ product: p.id, quantity: 3, size, color: null, price: p.price }]),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(readErrorCodes(tooMany.headers['kram-error-codes'] as string)[0]?.params).toMatchObject({ left: 2 });
    const cancelled = await admin('POST', `/orders/${placed.json().order_id}/status/`, {
      status: 'cancelled',
      reason: 'Покупець передумав',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await levelOf(p, size, c2.id)).toEqual({ available: 4, reserved: 0 });
  });

  it('adds received goods, refuses a count below zero, and keeps the threshold', async () => {
    const p = await sample();
    const size = (p.sizes[0] as { id: number }).id;
    const color = (p.colors[0] as { id: number }).id;
    await setStock(p, [{ size, color, quantity: 2 }]);
    const added = await admin('PATCH', `/products/${p.id}/stock/`, {
      mode: 'add',
      variants: [{ size, color, quantity: 5 }],
      note: 'Поставка №12',
      low_stock_threshold: 10,
    });
    expect(added.statusCode, added.body).toBe(200);
    const grid = added.json<ProductStock>();
    expect(grid.low_stock_threshold).toBe(10);
    expect(grid.variants.find((v) => v.size === size && v.color === color)).toMatchObject({ available: 7, low: true });
    const below = await admin('PATCH', `/products/${p.id}/stock/`, {
      mode: 'add',
      variants: [{ size, color, quantity: -8 }],
    });
    expect(below.statusCode).toBe(409);
    expect(await levelOf(p, size, color)).toEqual({ available: 7, reserved: 0 });
    const unknown = await admin('PATCH', `/products/${p.id}/stock/`, {
      variants: [{ size: null, color: null, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    const low = (await admin('GET', '/stock/low/')).json<{ results: { product_id: number; available: number }[] }>();
    expect(low.results).toContainEqual(expect.objectContaining({ product_id: p.id, available: 7 }));
    const [movement] = (await admin('GET', `/products/${p.id}/stock/movements/`)).json<{
      results: { kind: string; quantity: number; note: string }[];
    }>().results;
    expect(movement).toMatchObject({ kind: 'received', quantity: 5, note: 'Поставка №12' });
  });

  it('mails a waiting shopper once when the size is back, with a link that unsubscribes', async () => {
    const p = await sample();
    const size = (p.sizes[1] as { id: number }).id;
    const color = (p.colors[0] as { id: number }).id;
    await setStock(p, [{ size, color, quantity: 0 }]);
    const email = freshEmail('waiting');
    const subscribe = (body: object, language = 'uk') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stock-alerts/',
        headers: { 'accept-language': language, 'x-forwarded-for': freshIp() },
        payload: body,
      });
    expect((await subscribe({ product: p.id, color, email })).statusCode).toBe(400);
    const made = await subscribe({ product: p.id, size, color, email });
    expect(made.statusCode, made.body).toBe(201);
    expect((await subscribe({ product: p.id, size, color, email })).statusCode).toBe(201);
    // Any colour of a size some colour of which can be bought now: nothing to wait for.
    expect(
      (await subscribe({ product: p.id, size: (p.sizes[0] as { id: number }).id, color: null, email })).statusCode,
    ).toBe(400);
    const grid = (await admin('GET', `/products/${p.id}/stock/`)).json<ProductStock>();
    expect(grid.variants.find((v) => v.size === size && v.color === color)?.waiting).toBe(1);

    await setStock(p, [{ size, color, quantity: 2 }]);
    await setStock(p, [{ size, color, quantity: 0 }]);
    await setStock(p, [{ size, color, quantity: 1 }]);
    const mails = await ctx.database.rows<{ recipient: string; subject: string; text: string }>(
      sql`select recipient, subject, text from mail_outbox where kind = 'back_in_stock' and recipient = ${email}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('знову в наявності');
    expect(mails[0]?.text).toContain(`/product/${p.category}/${p.slug}`);
    const token = /stock-alerts\/([^/]+)\/unsubscribe/.exec(mails[0]?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${token}/` })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${token}/` })).statusCode).toBe(404);
  });

  it('updates counts from a CSV: a dry run changes nothing, an error in any row writes nothing', async () => {
    const p = await sample();
    const [s1, s2] = p.sizes as [{ id: number; name: string }, { id: number; name: string }];
    const c1 = p.colors[0] as { id: number; name: string };
    await setStock(p, [
      { size: s1.id, color: c1.id, quantity: 1 },
      { size: s2.id, color: c1.id, quantity: 1 },
    ]);
    const csv = `sku;size;color;quantity\n${p.sku};${s1.name};${c1.name};9\n${p.sku};${s2.name};${c1.name};1\n`;
    const dry = (await admin('POST', '/stock/import/', { csv })).json<StockImportResult>();
    expect(dry).toMatchObject({ dry_run: true, changed: 1, unchanged: 1, errors: 0 });
    expect(dry.rows).toEqual([expect.objectContaining({ line: 2, before: 1, after: 9, error: null })]);
    expect(await levelOf(p, s1.id, c1.id)).toEqual({ available: 1, reserved: 0 });

    const broken = (
      await admin('POST', '/stock/import/', {
        csv: `${csv}NO-SUCH-SKU;;;3\n${p.sku};XXL-unknown;${c1.name};2\n`,
        dry_run: false,
      })
    ).json<StockImportResult>();
    expect(broken).toMatchObject({ dry_run: true, errors: 2 });
    expect(broken.rows.map((r) => r.error).filter(Boolean)).toEqual([
      'No product has this SKU.',
      'The product has no such size.',
    ]);
    expect(await levelOf(p, s1.id, c1.id)).toEqual({ available: 1, reserved: 0 });

    const applied = (await admin('POST', '/stock/import/', { csv, dry_run: false })).json<StockImportResult>();
    expect(applied).toMatchObject({ dry_run: false, changed: 1 });
    expect(await levelOf(p, s1.id, c1.id)).toEqual({ available: 9, reserved: 0 });
    expect((await admin('POST', '/stock/import/', { csv: 'name,count\nx,1' })).statusCode).toBe(400);
  });

  it('tells the manager’s chat of a variant falling low once, when the settings say so, and again after a restock', async () => {
    const p = await sample();
    const size = (p.sizes[0] as { id: number }).id;
    const color = (p.colors[0] as { id: number }).id;
    const told: string[] = [];
    const stock = stockService({
      database: ctx.database,
      audit: { record: async () => {} },
      outbox: { enqueue: async () => 0 },
      publicUrl: ctx.config.publicUrl,
      changed: () => {},
    });
    const job = lowStockJob(stock, async (text) => {
      told.push(text);
    });
    const others = product.sizes.flatMap((s) =>
      product.colors.map((c) => ({ size: s.id, color: c.id, quantity: null })),
    );
    await setStock(product, others);
    await setStock(p, [{ size, color, quantity: 1 }]);
    await job.run();
    expect(told).toEqual([]);

    const settings = await admin('PATCH', '/stock/settings/', { telegram_alerts: true, low_stock_threshold: 2 });
    expect(settings.json()).toEqual({ telegram_alerts: true, low_stock_threshold: 2 });
    await job.run();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`${p.name} (${p.sku}`);
    await job.run();
    expect(told).toHaveLength(1);

    await setStock(p, [{ size, color, quantity: 5 }]);
    await job.run();
    await setStock(p, [{ size, color, quantity: 0 }]);
    await job.run();
    expect(told).toHaveLength(2);
    await admin('PATCH', '/stock/settings/', { telegram_alerts: false, low_stock_threshold: 3 });
  });
});
