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
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@kram/server/db/client';
import { sql } from 'drizzle-orm';
import { emptyShop, serverCli } from './lib/fresh-shop.ts';
import { startServer, type Target } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '200' },
    units: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
  },
});
const rush = Number(values.orders);
const units = Number(values.units);
const rounds = Number(values.rounds);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];

const root = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.BENCH_STOCK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_stock';
const staffEmail = 'stock-bench@example.com';
const staffPassword = crypto.randomBytes(12).toString('base64url');

async function prepare(kind: Target['kind']): Promise<Target> {
  const dataDir = path.join(root, 'bench/.data/stock-pglite');
  const env = await emptyShop(kind, { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', '300', '--no-images'], env);
  await serverCli(['carrier-sync', '--bundled'], env);
  await serverCli(['create-admin', '--email', staffEmail, '--password', staffPassword], env);
  return { kind, env };
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
};

interface Variant {
  product: number;
  size: number | null;
  color: number | null;
  price: string;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function run(kind: Target['kind']) {
  console.log(`${kind}: preparing an empty shop…`);
  const target = await prepare(kind);
  const server = await startServer(target, { TRUST_PROXY: 'true', SEED_DEMO: 'false' });
  const rows: Record<string, string | number>[] = [];
  const problems: string[] = [];
  const rushed: { variant: Variant; placed: string[] }[] = [];
  try {
    const { access } = await json<{ access: string }>(
      await fetch(`${server.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_or_phone: staffEmail, password: staffPassword }),
      }),
    );
    const listing = await json<{
      results: { products: { id: number; sizes: { id: number }[]; colors: { id: number }[] }[] };
    }>(await fetch(`${server.url}/api/products?limit=100`, { headers: { authorization: `Bearer ${access}` } }));
    const candidates = listing.results.products.filter((p) => p.sizes.length > 0);

    for (let round = 1; round <= rounds; round++) {
      const p = candidates[round * 7] as (typeof candidates)[number];
      const variant: Variant = {
        product: p.id,
        size: p.sizes[0]?.id ?? null,
        color: p.colors[0]?.id ?? null,
        price: '1.00',
      };
      await json(
        await fetch(`${server.url}/api/admin/products/${p.id}/stock/`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
          body: JSON.stringify({
            mode: 'set',
            variants: [{ size: variant.size, color: variant.color, quantity: units }],
          }),
        }),
      );
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: rush }, async (_, i) => {
          const sent = performance.now();
          const res = await fetch(`${server.url}/api/orders/`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${round}.${i >> 8}.${(i % 254) + 1}`,
            },
            body: JSON.stringify({
              first_name: 'Олена',
              last_name: 'Коваль',
              email: `stock-${round}-${i}@example.com`,
              phone_number: '+380671234567',
              payment_method: 'cash',
              delivery_type: 'branch',
              shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
              need_call_back: false,
              description: '',
              items: [{ ...variant, quantity: 1 }],
              amount: 1,
              isChecked: false,
              isAgreement: true,
            }),
          });
          const body = (await res.json()) as { order_id?: string };
          const codes = res.headers.get('kram-error-codes') ?? '';
          return { status: res.status, orderId: body.order_id, codes, ms: performance.now() - sent };
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const placed = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409 && a.codes.includes('stock.not_enough'));
      const other = answers.length - placed.length - refused.length;
      if (placed.length !== units) problems.push(`${kind} round ${round}: ${placed.length} placed, not ${units}`);
      if (other > 0) {
        const statuses = [...new Set(answers.map((a) => a.status))].join(', ');
        problems.push(`${kind} round ${round}: ${other} answers were neither 201 nor the stock 409 (${statuses})`);
      }
      rushed.push({ variant, placed: placed.flatMap((a) => (a.orderId ? [a.orderId] : [])) });
      rows.push({
        db: kind,
        round,
        orders: rush,
        units,
        placed: placed.length,
        'told gone': refused.length,
        other,
        seconds: Number(seconds.toFixed(2)),
        'p50 ms': percentile(
          answers.map((a) => a.ms),
          0.5,
        ),
        'p95 ms': percentile(
          answers.map((a) => a.ms),
          0.95,
        ),
      });
      console.log(
        `${kind}: round ${round}: ${placed.length} placed, ${refused.length} told gone, in ${seconds.toFixed(2)} s`,
      );
    }
  } finally {
    await server.stop();
  }

  const database = await openDatabase(
    kind === 'postgres'
      ? { url: postgresUrl, poolSize: 2 }
      : { pgliteDir: path.join(target.env.DATA_DIR as string, 'pglite') },
  );
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
      if (held?.orders !== placed.length)
        problems.push(`product ${variant.product}: ${held?.orders} orders hold it, ${placed.length} were placed`);
    }
  } finally {
    await database.close();
  }
  return { rows, problems };
}

const all: Record<string, string | number>[] = [];
const problems: string[] = [];
for (const kind of kinds) {
  const result = await run(kind);
  all.push(...result.rows);
  problems.push(...result.problems);
}
console.table(all);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log(`Every rush sold exactly ${units} units; every other shopper was told the size is gone.`);
}
