import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/helpers.ts';

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
