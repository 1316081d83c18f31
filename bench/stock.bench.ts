/**
 * The last units of a variant under a rush, against a real server process, on PGlite and PostgreSQL.
 *
 *   node stock.bench.ts [--db pglite|postgres|both] [--orders 200] [--units 5] [--rounds 3]
 *
 * Each round a member of staff sets one variant of another product to `--units` through the back
 * office's API, then `--orders` guest checkouts for one unit of it are fired at once. Exactly `--units`
 * must be placed (201) and every other answer must be the 409 that names the product (`stock.not_enough`);
 * after the server stops the database is read directly: the variant has 0 available and `--units`
 * reserved, and as many orders hold it. Each run starts from an empty database
 * (bench/.data/stock-pglite, or BENCH_STOCK_DATABASE_URL — default
 * postgres://postgres@127.0.0.1:5432/kram_bench_stock — dropped and created again).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { json, openShopDatabase, percentile, report, rush, shopWithStaff, tally } from './lib/rush.ts';
import type { Target } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '200' },
    units: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
  },
});
const orders = Number(values.orders);
const units = Number(values.units);
const rounds = Number(values.rounds);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];
const postgresUrl = process.env.BENCH_STOCK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_stock';

interface Variant {
  product: number;
  size: number | null;
  color: number | null;
}

async function run(kind: Target['kind']) {
  const { target, server, staff, products } = await shopWithStaff(kind, 'stock', postgresUrl);
  const rows: Record<string, string | number>[] = [];
  const problems: string[] = [];
  const rushed: { variant: Variant; placed: number }[] = [];
  try {
    const candidates = products.filter((p) => p.sizes.length > 0);
    for (let round = 1; round <= rounds; round++) {
      const p = candidates[round * 7] as (typeof candidates)[number];
      const variant: Variant = { product: p.id, size: p.sizes[0]?.id ?? null, color: p.colors[0]?.id ?? null };
      await json(
        await fetch(`${server.url}/api/admin/products/${p.id}/stock/`, {
          method: 'PATCH',
          headers: staff,
          body: JSON.stringify({
            mode: 'set',
            variants: [{ size: variant.size, color: variant.color, quantity: units }],
          }),
        }),
      );
      const { answers, seconds } = await rush(server.url, round, orders, variant);
      const {
        placed,
        refused,
        other,
        problems: found,
        times,
      } = tally(
        answers,
        (a) => a.status === 409 && a.codes.includes('stock.not_enough'),
        units,
        `${kind} round ${round}`,
      );
      problems.push(...found);
      rushed.push({ variant, placed });
      rows.push({
        db: kind,
        round,
        orders,
        units,
        placed,
        'told gone': refused,
        other,
        seconds: Number(seconds.toFixed(2)),
        'p50 ms': percentile(times, 0.5),
        'p95 ms': percentile(times, 0.95),
      });
      console.log(`${kind}: round ${round}: ${placed} placed, ${refused} told gone, in ${seconds.toFixed(2)} s`);
    }
  } finally {
    await server.stop();
  }

  const database = await openShopDatabase(target, postgresUrl);
  try {
    for (const { variant, placed } of rushed) {
      const [level] = await database.rows<{ available: number; reserved: number }>(sql`
        select available, reserved from stock_levels
        where product_id = ${variant.product} and coalesce(size_id, 0) = ${variant.size ?? 0}
          and coalesce(color_id, 0) = ${variant.color ?? 0}`);
      const [held] = await database.rows<{ orders: number }>(sql`
        select count(distinct order_id)::int as orders from stock_reservations
        where product_id = ${variant.product} and state = 'reserved'`);
      if (level?.available !== 0 || level.reserved !== units)
        problems.push(`product ${variant.product}: ${JSON.stringify(level)} after the rush`);
      if (held?.orders !== placed)
        problems.push(`product ${variant.product}: ${held?.orders} orders hold it, ${placed} were placed`);
    }
  } finally {
    await database.close();
  }
  return { rows, problems };
}

await report(kinds, run, `Every rush sold exactly ${units} units; every other shopper was told the size is gone.`);
