/**
 * The last uses of a promo code under a rush, against a real server process, on PGlite and PostgreSQL.
 *
 *   node promo.bench.ts [--db pglite|postgres|both] [--orders 100] [--uses 10] [--rounds 3]
 *
 * Each round a member of staff makes a promo code with `--uses` uses through the back office's API,
 * then `--orders` guest checkouts with it (each a different buyer) are fired at once. Exactly `--uses`
 * must be placed (201) and every other answer must be the 400 on `promo_code` coded `promo.used_up`;
 * after the server stops the database is read directly: the code counts `--uses` uses, and as many
 * orders and redemptions name it. Each run starts from an empty database (bench/.data/promo-pglite, or
 * BENCH_PROMO_DATABASE_URL — default postgres://postgres@127.0.0.1:5432/kram_bench_promo — dropped and
 * created again).
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { json, openShopDatabase, percentile, report, rush, shopWithStaff, tally } from './lib/rush.ts';
import type { Target } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '100' },
    uses: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const orders = Number(values.orders);
const uses = Number(values.uses);
const rounds = Number(values.rounds);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];
const postgresUrl = process.env.BENCH_PROMO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_promo';

async function run(kind: Target['kind']) {
  const { target, server, staff, products } = await shopWithStaff(kind, 'promo', postgresUrl);
  const rows: Record<string, string | number>[] = [];
  const problems: string[] = [];
  const codes: { id: number; code: string; placed: number }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const p = products[round] as (typeof products)[number];
      const item = { product: p.id, size: p.sizes[0]?.id ?? null, color: p.colors[0]?.id ?? null };
      // Plenty of the variant: only the code's uses run out.
      await json(
        await fetch(`${server.url}/api/admin/products/${p.id}/stock/`, {
          method: 'PATCH',
          headers: staff,
          body: JSON.stringify({
            mode: 'set',
            variants: [{ size: item.size, color: item.color, quantity: orders * 2 }],
          }),
        }),
      );
      const code = `RUSH-${round}-${crypto.randomBytes(3).toString('hex')}`.toUpperCase();
      const created = await json<{ id: number }>(
        await fetch(`${server.url}/api/admin/promo-codes/`, {
          method: 'POST',
          headers: staff,
          body: JSON.stringify({ code, kind: 'percent', value: '10', max_uses: uses }),
        }),
      );
      const { answers, seconds } = await rush(server.url, round, orders, item, { promo_code: code.toLowerCase() });
      const {
        placed,
        refused,
        other,
        problems: found,
        times,
      } = tally(answers, (a) => a.status === 400 && a.codes.includes('promo.used_up'), uses, `${kind} round ${round}`);
      problems.push(...found);
      codes.push({ id: created.id, code, placed });
      rows.push({
        db: kind,
        round,
        orders,
        uses,
        placed,
        'told used up': refused,
        other,
        seconds: Number(seconds.toFixed(2)),
        'p50 ms': percentile(times, 0.5),
        'p95 ms': percentile(times, 0.95),
      });
      console.log(`${kind}: round ${round}: ${placed} placed, ${refused} told used up, in ${seconds.toFixed(2)} s`);
    }
  } finally {
    await server.stop();
  }

  const database = await openShopDatabase(target, postgresUrl);
  try {
    for (const { id, code, placed } of codes) {
      const [counted] = await database.rows<{ used: number; orders: number; redemptions: number }>(sql`
        select used,
          (select count(*)::int from orders where promo_code = ${code}) as orders,
          (select count(*)::int from promo_redemptions where code_id = ${id}) as redemptions
        from promo_codes where id = ${id}`);
      if (counted?.used !== uses || counted.orders !== placed || counted.redemptions !== placed)
        problems.push(`${code}: ${JSON.stringify(counted)} after the rush, ${placed} placed`);
    }
  } finally {
    await database.close();
  }
  return { rows, problems };
}

await report(
  kinds,
  run,
  `Every rush placed exactly ${uses} orders with the code; every other buyer was told it is used up.`,
);
