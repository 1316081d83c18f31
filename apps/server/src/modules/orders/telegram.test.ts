import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatHryvnias } from '@kram/contract/money';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';

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
      expect(received[0]?.body.text).toContain(
        `Нове замовлення #${order_id.slice(-7)}: ${formatHryvnias(amount, 'грн')}`,
      );
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
