import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectBackends, freshDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { outboxRepository } from '../mail/outbox.repository.ts';
import { shopStateMetrics } from './shop-state-metrics.ts';

describe.each(dialectBackends)('the shop state metrics on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(() => database?.close());

  it('read the database once per interval however often they are scraped', async () => {
    const registry = new Registry();
    const outbox = outboxRepository(database);
    let clock = 0;
    let reads = 0;
    const counted =
      <T>(read: () => Promise<T>) =>
      () => {
        reads++;
        return read();
      };
    shopStateMetrics(
      registry,
      {
        // The orders and payments modules' counts (no orders here); what is read is counted.
        ordersByStatus: counted(async () => []),
        invoicesByStatus: counted(async () => []),
        outboxDepth: counted(outbox.depth),
      },
      { log: pino({ level: 'silent' }) as FastifyBaseLogger, ttlMs: 5000, now: () => clock },
    );
    const unsent = async () => /^kram_mail_outbox_unsent (\d+)$/m.exec(await registry.metrics())?.[1];
    expect(await unsent()).toBe('0');
    await Promise.all([registry.metrics(), registry.metrics(), registry.metrics()]);
    expect(reads).toBe(3);
    await outbox.enqueue([
      {
        orderId: null,
        kind: 'order_placed',
        dedupeKey: 'shop-state-test',
        message: { to: 'buyer@example.com', subject: 'Order', html: '<p>Order</p>', text: 'Order' },
      },
    ]);
    clock += 4999;
    expect(await unsent()).toBe('0');
    clock += 1;
    expect(await unsent()).toBe('1');
    expect(reads).toBe(6);
  });
});
