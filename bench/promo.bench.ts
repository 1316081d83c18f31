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
    orders: { type: 'string', default: '100' },
    uses: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const rush = Number(values.orders);
const uses = Number(values.uses);
const rounds = Number(values.rounds);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];

const root = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.BENCH_PROMO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_promo';
const staffEmail = 'promo-bench@example.com';
const staffPassword = crypto.randomBytes(12).toString('base64url');

async function prepare(kind: Target['kind']): Promise<Target> {
  const dataDir = path.join(root, 'bench/.data/promo-pglite');
  const env = await emptyShop(kind, { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', '300', '--no-images'], env);
  await serverCli(['create-admin', '--email', staffEmail, '--password', staffPassword], env);
  return { kind, env };
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
};

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
  const codes: { id: number; code: string; placed: number }[] = [];
  try {
    const { access } = await json<{ access: string }>(
      await fetch(`${server.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_or_phone: staffEmail, password: staffPassword }),
      }),
    );
    const staff = { 'content-type': 'application/json', authorization: `Bearer ${access}` };
    const listing = await json<{
      results: { products: { id: number; is_on_sale: boolean; sizes: { id: number }[]; colors: { id: number }[] }[] };
    }>(await fetch(`${server.url}/api/products?limit=100`, { headers: staff }));
    const candidates = listing.results.products.filter((p) => p.is_on_sale);

    for (let round = 1; round <= rounds; round++) {
      const p = candidates[round] as (typeof candidates)[number];
      const item = { product: p.id, size: p.sizes[0]?.id ?? null, color: p.colors[0]?.id ?? null, quantity: 1 };
      // Plenty of the variant: only the code's uses run out.
      await json(
        await fetch(`${server.url}/api/admin/products/${p.id}/stock/`, {
          method: 'PATCH',
          headers: staff,
          body: JSON.stringify({ mode: 'set', variants: [{ size: item.size, color: item.color, quantity: rush * 2 }] }),
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
              email: `promo-${round}-${i}@example.com`,
              phone_number: `+38067${String(round * 1000 + i).padStart(7, '0')}`,
              payment_method: 'cash',
              delivery_type: 'branch',
              shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
              items: [item],
              isAgreement: true,
              promo_code: code.toLowerCase(),
            }),
          });
          await res.arrayBuffer();
          return { status: res.status, codes: res.headers.get('kram-error-codes') ?? '', ms: performance.now() - sent };
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const placed = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 400 && a.codes.includes('promo.used_up'));
      const other = answers.length - placed.length - refused.length;
      if (placed.length !== uses) problems.push(`${kind} round ${round}: ${placed.length} placed, not ${uses}`);
      if (other > 0) {
        const statuses = [...new Set(answers.map((a) => a.status))].join(', ');
        problems.push(`${kind} round ${round}: ${other} answers were neither 201 nor promo.used_up (${statuses})`);
      }
      codes.push({ id: created.id, code, placed: placed.length });
      const times = answers.map((a) => a.ms);
      rows.push({
        db: kind,
        round,
        orders: rush,
        uses,
        placed: placed.length,
        'told used up': refused.length,
        other,
        seconds: Number(seconds.toFixed(2)),
        'p50 ms': percentile(times, 0.5),
        'p95 ms': percentile(times, 0.95),
      });
      console.log(
        `${kind}: round ${round}: ${placed.length} placed, ${refused.length} told used up, in ${seconds.toFixed(2)} s`,
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
  console.log(`Every rush placed exactly ${uses} orders with the code; every other buyer was told it is used up.`);
}
