/**
 * Order placement under concurrency, against a real server process, on PGlite and PostgreSQL.
 *
 *   node orders.bench.ts [--db pglite|postgres|both] [--orders 200] [--rounds 3]
 *
 * Each round fires `--orders` checkouts at once (guests, 1–3 lines each, each with its own
 * Idempotency-Key and client address), then fires the same requests again: the replays must answer
 * the same orders. After the server stops, the database is read directly: every order answered must
 * be there once, with its lines, and nothing else. Each run starts from an empty database
 * (bench/.data/orders-pglite, or BENCH_ORDERS_DATABASE_URL — default
 * postgres://postgres@127.0.0.1:5432/kram_bench_orders — which is dropped and created again).
 * Mail goes to the outbox ($DATA_DIR/outbox), as in a shop without SMTP_URL.
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
    rounds: { type: 'string', default: '3' },
  },
});
const perRound = Number(values.orders);
const rounds = Number(values.rounds);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];

const root = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.BENCH_ORDERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_orders';

/** An empty database with the demo-sized catalogue (no images) and the bundled delivery directory. */
async function prepare(kind: Target['kind']): Promise<Target> {
  const dataDir = path.join(root, 'bench/.data/orders-pglite');
  const env = await emptyShop(kind, { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', '300', '--no-images', '--uncounted-stock'], env);
  await serverCli(['carrier-sync', '--bundled'], env);
  return { kind, env };
}

interface Placement {
  status: number;
  orderId: string | undefined;
  ms: number;
}

async function fire(url: string, requests: { body: string; key: string; ip: string }[]): Promise<Placement[]> {
  return Promise.all(
    requests.map(async ({ body, key, ip }) => {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/orders/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': ip },
          body,
        });
        const answer = (await res.json()) as { order_id?: string };
        return { status: res.status, orderId: answer.order_id, ms: performance.now() - started };
      } catch {
        return { status: 0, orderId: undefined, ms: performance.now() - started };
      }
    }),
  );
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
};

interface Row {
  db: string;
  round: number;
  orders: number;
  'orders/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
  errors: number;
  'replays same': string;
}

async function run(kind: Target['kind']): Promise<{ rows: Row[]; problems: string[] }> {
  console.log(`${kind}: preparing an empty shop…`);
  const target = await prepare(kind);
  const server = await startServer(target, { TRUST_PROXY: 'true', SEED_DEMO: 'false' });
  const rows: Row[] = [];
  const problems: string[] = [];
  const answered = new Map<string, { email: string; lines: number }>();
  try {
    const listing = (await (await fetch(`${server.url}/api/products?in_stock=true&limit=100`)).json()) as {
      results: { products: { id: number; sizes: { id: number }[]; colors: { id: number }[] }[] };
    };
    const products = listing.results.products;
    const request = (round: number, i: number) => {
      const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => {
        const p = products[(round * 31 + i * 7 + k * 13) % products.length] as (typeof products)[number];
        return {
          product: p.id,
          quantity: 1 + (k % 2),
          size: p.sizes[0]?.id ?? null,
          color: p.colors[0]?.id ?? null,
          price: '1.00',
        };
      });
      const email = `bench-${round}-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const body = JSON.stringify({
        first_name: 'Олена',
        last_name: 'Коваль',
        email,
        phone_number: '+380671234567',
        payment_method: i % 2 ? 'cash' : 'matching',
        delivery_type: 'branch',
        shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
        need_call_back: false,
        description: '',
        items: lines,
        amount: 1,
        isChecked: false,
        isAgreement: true,
      });
      return {
        body,
        email,
        lines: lines.length,
        key: crypto.randomUUID(),
        ip: `10.${round}.${i >> 8}.${(i % 254) + 1}`,
      };
    };

    // Warm-up: connections, JIT, the catalogue cache.
    await fire(
      server.url,
      Array.from({ length: 20 }, (_, i) => request(99, i)),
    );

    for (let round = 1; round <= rounds; round++) {
      const batch = Array.from({ length: perRound }, (_, i) => request(round, i));
      const started = performance.now();
      const placed = await fire(server.url, batch);
      const seconds = (performance.now() - started) / 1000;
      const replayed = await fire(server.url, batch);
      const errors = placed.filter((p) => p.status !== 201).length;
      const same = replayed.filter((r, i) => r.status === 200 && r.orderId === placed[i]?.orderId).length;
      placed.forEach((p, i) => {
        const sent = batch[i] as (typeof batch)[number];
        if (p.orderId) answered.set(p.orderId, { email: sent.email, lines: sent.lines });
      });
      if (errors)
        problems.push(
          `${kind} round ${round}: ${errors} placements failed (${[...new Set(placed.map((p) => p.status))]})`,
        );
      if (same !== perRound)
        problems.push(`${kind} round ${round}: only ${same}/${perRound} replays answered the same order`);
      rows.push({
        db: kind,
        round,
        orders: perRound,
        'orders/s': Math.round(perRound / seconds),
        'p50 ms': percentile(
          placed.map((p) => p.ms),
          0.5,
        ),
        'p95 ms': percentile(
          placed.map((p) => p.ms),
          0.95,
        ),
        'max ms': percentile(
          placed.map((p) => p.ms),
          1,
        ),
        errors,
        'replays same': `${same}/${perRound}`,
      });
      console.log(`${kind}: round ${round}: ${perRound} orders in ${seconds.toFixed(2)} s`);
    }
  } finally {
    await server.stop();
  }

  // The server is gone: read what it wrote.
  const database = await openDatabase(
    kind === 'postgres'
      ? { url: postgresUrl, poolSize: 2 }
      : { pgliteDir: path.join(target.env.DATA_DIR as string, 'pglite') },
  );
  try {
    const stored = await database.rows<{ id: string; email: string; lines: number }>(sql`
      select o.id, o.email, (select count(*)::int from order_items i where i.order_id = o.id) as lines
      from orders o where o.email like 'bench-%' and o.email not like 'bench-99-%'`);
    const byId = new Map(stored.map((o) => [o.id, o]));
    const lost = [...answered.keys()].filter((id) => !byId.has(id));
    const unanswered = stored.filter((o) => !answered.has(o.id));
    const emails = new Set(stored.map((o) => o.email));
    const wrongLines = stored.filter((o) => answered.get(o.id) && answered.get(o.id)?.lines !== o.lines);
    console.log(
      `${kind}: ${answered.size} orders answered, ${stored.length} stored, ${emails.size} distinct shoppers; ` +
        `lost ${lost.length}, duplicated or unanswered ${unanswered.length}, with wrong lines ${wrongLines.length}`,
    );
    if (lost.length || unanswered.length || wrongLines.length || stored.length !== rounds * perRound) {
      problems.push(`${kind}: the database does not hold exactly the orders answered`);
    }
  } finally {
    await database.close();
  }
  return { rows, problems };
}

const rows: Row[] = [];
const problems: string[] = [];
for (const kind of kinds) {
  const result = await run(kind);
  rows.push(...result.rows);
  problems.push(...result.problems);
}
console.log(`\n${perRound} concurrent order placements per round, ${rounds} rounds, then each replayed with its key\n`);
console.table(rows);
for (const kind of kinds) {
  const rates = rows.filter((r) => r.db === kind).map((r) => r['orders/s']);
  console.log(`${kind}: ${Math.round(rates.reduce((a, b) => a + b, 0) / rates.length)} orders/s on average`);
}
if (problems.length) {
  console.error(`\nProblems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('\nNo errors, no lost and no duplicated orders.');
