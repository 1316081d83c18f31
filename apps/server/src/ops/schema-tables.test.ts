import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.ts';
import { foreignKeySafeOrder, schemaTables } from './schema-tables.ts';

describe('the tables a copy of the shop goes through', () => {
  it('are every table the migrations make, so a new table cannot be left out of a copy', async () => {
    const database = await freshDatabase('pglite');
    try {
      const made = await database.rows<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
      );
      expect(
        schemaTables()
          .map((t) => t.name)
          .sort(),
      ).toEqual(made.map((r) => r.tablename));
    } finally {
      await database.close();
    }
  });

  it('come in an order where each table follows every table it refers to', () => {
    const order = foreignKeySafeOrder(schemaTables()).map((t) => t.name);
    const position = new Map(order.map((name, i) => [name, i]));
    for (const table of schemaTables()) {
      for (const referred of table.refersTo) {
        expect(position.get(referred), `${table.name} → ${referred}`).toBeLessThan(position.get(table.name) ?? -1);
      }
    }
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_items'));
    expect(schemaTables().find((t) => t.name === 'categories')?.refersToItself).toBe(true);
  });

  it('refuses tables that refer to each other in a cycle rather than copying them in a failing order', () => {
    expect(() =>
      foreignKeySafeOrder([
        { name: 'a', refersTo: ['b'], refersToItself: false },
        { name: 'b', refersTo: ['a'], refersToItself: false },
      ]),
    ).toThrow(/cycle: a, b/);
  });
});
