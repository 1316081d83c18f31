import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { orderStatuses, orderTransitions } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { createMailer } from '../../infra/mail/mailer.ts';
import { Conflict, NotFound } from '../../lib/domain-errors.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { catalogService } from '../catalog/catalog.service.ts';
import { deliveryRepository } from '../delivery/delivery.repository.ts';
import { deliveryService } from '../delivery/delivery.service.ts';
import { ordersRepository } from './orders.repository.ts';
import { type OrdersService, ordersService } from './orders.service.ts';
import { noNotifier } from './telegram.ts';

describe('money', () => {
  it('converts decimal strings and kopiyky exactly', () => {
    expect(parseMoney('1234.50')).toBe(123450);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('7')).toBe(700);
    expect(formatMoney(123450)).toBe('1234.50');
    expect(formatMoney(5)).toBe('0.05');
    // 0.1 + 0.2 in floats is 0.30000000000000004; in kopiyky it is 30.
    expect(formatMoney(parseMoney('0.10') + parseMoney('0.20'))).toBe('0.30');
    for (const bad of ['', '-1.00', '1.005', '1e3', 'NaN', '12,50']) expect(() => parseMoney(bad)).toThrow();
    expect(() => formatMoney(1.5)).toThrow();
  });
});

describe('order statuses', () => {
  it('every status is known, and the finished ones lead nowhere', () => {
    for (const [from, targets] of Object.entries(orderTransitions)) {
      expect(orderStatuses).toContain(from);
      for (const to of targets) expect(orderStatuses).toContain(to);
    }
    expect(orderTransitions.cancelled).toEqual([]);
    expect(orderTransitions.returned).toEqual([]);
  });
});

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
      mailer: createMailer(
        { smtpUrl: undefined, from: 'kram <noreply@localhost>', outboxDir: ctx.config.outboxDir },
        log,
      ),
      notifier: noNotifier,
      shopEmail: 'shop@localhost',
      log,
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

describe('the manager’s Telegram notice', () => {
  it('reaches the configured chat through the Bot API when an order is placed', async () => {
    const received: { url: string; body: { chat_id: string; text: string } }[] = [];
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ctx = await createTestContext('pglite', {
      TELEGRAM_BOT_TOKEN: '123456:test-token',
      TELEGRAM_CHAT_ID: '-1001234',
      TELEGRAM_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    try {
      const product = (await catalogProducts(ctx.database)).find(
        (p) => p.inStock && p.sizeIds.length > 0,
      ) as CatalogProduct;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        payload: orderPayload([lineOf(product, 2)], { need_call_back: true }),
      });
      expect(res.statusCode).toBe(201);
      const { order_id, amount } = res.json();
      expect(received).toHaveLength(1);
      expect(received[0]?.url).toBe('/bot123456:test-token/sendMessage');
      expect(received[0]?.body.chat_id).toBe('-1001234');
      expect(received[0]?.body.text).toContain(`Нове замовлення #${order_id.slice(-7)}: ${amount} грн`);
      expect(received[0]?.body.text).toContain('Передзвоніть мені: так');
    } finally {
      await ctx.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('does not hold up or fail the order when Telegram is unreachable', async () => {
    const ctx = await createTestContext('pglite', {
      TELEGRAM_BOT_TOKEN: '123456:test-token',
      TELEGRAM_CHAT_ID: '42',
      TELEGRAM_API_URL: 'http://127.0.0.1:1',
    });
    ctx.expectErrorLog(/telegram notice failed/);
    try {
      const product = (await catalogProducts(ctx.database)).find(
        (p) => p.inStock && p.sizeIds.length > 0,
      ) as CatalogProduct;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        payload: orderPayload([lineOf(product)]),
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  });
});

describe('the API document', () => {
  it('describes the order, delivery and payment calls from the contract', async () => {
    const ctx = await createTestContext('pglite');
    try {
      const doc = (await ctx.app.inject('/api/docs')).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/orders/',
          '/api/novaposhta/cities/',
          '/api/novaposhta/warehouses/',
          '/api/create-monobank-invoice/',
          '/api/payments/monobank/webhook/',
        ]),
      );
      expect(doc.components.schemas.Order.properties).toHaveProperty('order_id');
      expect(JSON.stringify(doc.paths['/api/orders/'].post.requestBody)).toContain('OrderRequest');
      expect(JSON.stringify(doc.components.schemas.OrderRequestInput)).toContain('isAgreement');
    } finally {
      await ctx.close();
    }
  });
});
