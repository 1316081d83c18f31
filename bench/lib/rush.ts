import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '@kram/server/db/client';
import { emptyShop, serverCli } from './fresh-shop.ts';
import { type RunningServer, startServer, type Target } from './target.ts';

/**
 * What the rush benches share (the last units of a variant, the last uses of a promo code): a fresh
 * shop with a member of staff signed in, many guest checkouts fired at once, their latencies, the
 * database read after the server stops, and the report.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The value at `p` (0–1) of unsorted times, rounded to a millisecond. */
export const percentile = (times: readonly number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
};

/** The answer's JSON; any failed answer stops the bench with its status and body. */
export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface StaffShop {
  target: Target;
  server: RunningServer;
  /** Headers of a JSON call as the shop's administrator. */
  staff: Record<string, string>;
  /** Products on sale with their sizes and colours, as a signed-in shopper lists them. */
  products: { id: number; sizes: { id: number }[]; colors: { id: number }[] }[];
}

/**
 * An empty shop (bench/.data/<name>-pglite, or `postgresUrl` dropped and made again) with a
 * 300-product catalogue whose demo stock is counted, an administrator, the server started and the
 * administrator signed in.
 */
export async function shopWithStaff(kind: Target['kind'], name: string, postgresUrl: string): Promise<StaffShop> {
  const email = `${name}-bench@example.com`;
  const password = crypto.randomBytes(12).toString('base64url');
  const dataDir = path.join(root, `bench/.data/${name}-pglite`);
  const env = await emptyShop(kind, { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', '300', '--no-images'], env);
  await serverCli(['carrier-sync', '--bundled'], env);
  await serverCli(['create-admin', '--email', email, '--password', password], env);
  const target: Target = { kind, env };
  const server = await startServer(target, { TRUST_PROXY: 'true', SEED_DEMO: 'false' });
  try {
    const { access } = await json<{ access: string }>(
      await fetch(`${server.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_or_phone: email, password }),
      }),
    );
    const staff = { 'content-type': 'application/json', authorization: `Bearer ${access}` };
    const listing = await json<{
      results: { products: (StaffShop['products'][number] & { is_on_sale: boolean })[] };
    }>(await fetch(`${server.url}/api/products?limit=100`, { headers: staff }));
    return { target, server, staff, products: listing.results.products.filter((p) => p.is_on_sale) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One answer of a rush: its status, its error codes header, and how long it took. */
export interface RushAnswer {
  status: number;
  codes: string;
  ms: number;
}

/**
 * `count` guest checkouts of one unit of `item`, fired at once, each from its own address and buyer;
 * `extra` adds to each order (a promo code).
 */
export async function rush(
  url: string,
  round: number,
  count: number,
  item: { product: number; size: number | null; color: number | null },
  extra: Record<string, unknown> = {},
): Promise<{ answers: RushAnswer[]; seconds: number }> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i): Promise<RushAnswer> => {
      const sent = performance.now();
      const res = await fetch(`${url}/api/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${round}.${i >> 8}.${(i % 254) + 1}` },
        body: JSON.stringify({
          first_name: 'Олена',
          last_name: 'Коваль',
          email: `rush-${round}-${i}@example.com`,
          phone_number: `+38067${String(round * 1000 + i).padStart(7, '0')}`,
          payment_method: 'cash',
          delivery_type: 'branch',
          shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
          items: [{ ...item, quantity: 1 }],
          isAgreement: true,
          ...extra,
        }),
      });
      await res.arrayBuffer();
      return { status: res.status, codes: res.headers.get('kram-error-codes') ?? '', ms: performance.now() - sent };
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/** The shop's database, opened once its server has stopped. */
export const openShopDatabase = (target: Target, postgresUrl: string): Promise<Database> =>
  openDatabase(
    target.kind === 'postgres'
      ? { url: postgresUrl, poolSize: 2 }
      : { pgliteDir: path.join(target.env.DATA_DIR as string, 'pglite') },
  );

/** Runs `run` on each database, prints the rows, and fails the process with the problems found. */
export async function report(
  kinds: readonly Target['kind'][],
  run: (kind: Target['kind']) => Promise<{ rows: Record<string, string | number>[]; problems: string[] }>,
  success: string,
): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const problems: string[] = [];
  for (const kind of kinds) {
    console.log(`${kind}: preparing an empty shop…`);
    const result = await run(kind);
    rows.push(...result.rows);
    problems.push(...result.problems);
  }
  console.table(rows);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  } else {
    console.log(success);
  }
}

/**
 * A round's answers counted: placed (201), refused as the bench expects (`isRefusal`), and anything
 * else, which is a problem; `expected` is how many should be placed.
 */
export function tally(
  answers: readonly RushAnswer[],
  isRefusal: (answer: RushAnswer) => boolean,
  expected: number,
  where: string,
): { placed: number; refused: number; other: number; problems: string[]; times: number[] } {
  const placed = answers.filter((a) => a.status === 201).length;
  const refused = answers.filter(isRefusal).length;
  const other = answers.length - placed - refused;
  const problems: string[] = [];
  if (placed !== expected) problems.push(`${where}: ${placed} placed, not ${expected}`);
  if (other > 0) {
    const statuses = [...new Set(answers.map((a) => a.status))].join(', ');
    problems.push(`${where}: ${other} answers were neither placed nor the expected refusal (${statuses})`);
  }
  return { placed, refused, other, problems, times: answers.map((a) => a.ms) };
}
