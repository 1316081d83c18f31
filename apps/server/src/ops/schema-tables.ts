import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../tables.ts';

export interface SchemaTable {
  name: string;
  /** Tables this one refers to (other than itself). */
  refersTo: string[];
  /** A row may refer to another row of the same table (a category's parent). */
  refersToItself: boolean;
}

/** Every table the schema declares, read from its definitions so a new table is copied without a list to update. */
export function schemaTables(): SchemaTable[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const targets = config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
      return {
        name: config.name,
        refersTo: [...new Set(targets.filter((t) => t !== config.name))].sort(),
        refersToItself: targets.includes(config.name),
      };
    });
}

/** The tables in an order where each comes after every table it refers to (alphabetical among equals). */
export function foreignKeySafeOrder(tables: SchemaTable[]): SchemaTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const order: SchemaTable[] = [];
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const index = remaining.findIndex((t) => t.refersTo.every((r) => placed.has(r) || !byName.has(r)));
    if (index < 0) {
      throw new Error(`Tables refer to each other in a cycle: ${remaining.map((t) => t.name).join(', ')}`);
    }
    const [next] = remaining.splice(index, 1);
    if (!next) break;
    placed.add(next.name);
    order.push(next);
  }
  return order;
}
