import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { Conflict, NotFound } from '../../lib/domain-errors.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { catalogService } from '../catalog/catalog.service.ts';
import { deliveryRepository } from '../delivery/delivery.repository.ts';
import { deliveryService } from '../delivery/delivery.service.ts';
import { orderEvents } from './order-events.ts';
import { ordersRepository } from './orders.repository.ts';
import { type OrdersService, ordersService } from './orders.service.ts';

describe.each(backends)('order status changes on %s', (backend) => {
  let ctx: TestContext;
  let orders: OrdersService;
  let product: CatalogProduct;

  const place = async (payload: object, url = '/api/orders/') => {
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { order_id: string; payment_url?: string };
  };
  const status = async (id: string) =>
    (await ctx.database.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    const log = pino({ level: 'silent' });
    // The back office will drive statuses through this service; here the test does.
    orders = ordersService({
      repo: ordersRepository(ctx.database),
      catalog: catalogService(catalogRepository(ctx.database)),
      directory: deliveryService(deliveryRepository(ctx.database)),
      events: orderEvents(log),
    });
    product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0) as CatalogProduct;
  });
  afterAll(() => ctx?.close());

  it('walks new → confirmed → paid → shipped → delivered → completed', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)]));
    for (const to of ['confirmed', 'paid', 'shipped', 'delivered', 'completed'] as const) {
      expect((await orders.changeStatus(order_id, to)).status).toBe(to);
    }
    expect(await status(order_id)).toBe('completed');
    expect((await orders.changeStatus(order_id, 'returned')).status).toBe('returned');
  });

  it('refuses moves the life of an order does not allow', async () => {
    const { order_id } = await place(orderPayload([lineOf(product)]));
    await expect(orders.changeStatus(order_id, 'delivered')).rejects.toEqual(
      new Conflict('An order that is new cannot become delivered.'),
    );
    await orders.changeStatus(order_id, 'cancelled');
    await expect(orders.changeStatus(order_id, 'confirmed')).rejects.toBeInstanceOf(Conflict);
    await expect(orders.changeStatus(crypto.randomUUID(), 'confirmed')).rejects.toBeInstanceOf(NotFound);
    expect(await status(order_id)).toBe('cancelled');
  });

  it('a payment arriving for a cancelled order is recorded but does not revive it', async () => {
    const { order_id, payment_url } = await place(
      orderPayload([lineOf(product)], { payment_method: 'card' }),
      '/api/create-monobank-invoice/',
    );
    await orders.changeStatus(order_id, 'cancelled');
    const invoiceId = (payment_url as string).split('/').pop();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${invoiceId}/success`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(await status(order_id)).toBe('cancelled');
    const [payment] = await ctx.database.rows<{ status: string }>(
      sql`select status from payments where order_id = ${order_id}`,
    );
    expect(payment?.status).toBe('success');
  });
});
