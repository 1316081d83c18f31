/**
 * A bounded mixed load on a real server process, for minutes, on PGlite and PostgreSQL: what a shop's
 * day looks like to the process (listing, product, search, suggest, sign-in, orders), to see that it
 * keeps answering and that its memory settles.
 *
 *   node soak.bench.ts [--db pglite|postgres|both] [--minutes 5] [--connections 16] [--products N]
 *
 * The shop is the one `npm start` makes (the demo catalogue, or a generated one of --products N without
 * images), on a fresh data folder (bench/.data/soak-pglite) or database (BENCH_SOAK_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/kram_soak, dropped and created again). Reports requests,
 * errors, p50/p99 per kind and overall, and the server's RSS at the start of the load, every 30 s, and
 * at the end; writes them to bench/.data/soak-<db>.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emptyShop, serverCli } from './lib/fresh-shop.ts';
import { freePort } from './lib/processes.ts';
import { residentMemory, startFlags } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    minutes: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    products: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const connections = Number(values.connections);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.join(root, 'apps/server');
const dataRoot = path.join(root, 'bench/.data');
const postgresUrl = process.env.BENCH_SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_soak';

type Kind = 'listing' | 'product' | 'search' | 'suggest' | 'login' | 'order';
/** How often each kind of request comes, out of 100. */
const mix: [Kind, number][] = [
  ['listing', 30],
  ['product', 22],
  ['search', 15],
  ['suggest', 15],
  ['login', 8],
  ['order', 10],
];

async function prepare(kind: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const env = await emptyShop(kind, { dataDir: path.join(dataRoot, `soak-${kind}`), postgresUrl });
  if (values.products) {
    await serverCli(['seed', '--products', values.products, '--no-images', '--uncounted-stock'], env);
    env.SEED_DEMO = 'false';
  }
  return env;
}

/** The resident set of a process, in MiB, as the kernel counts it. */
const rssMiB = (pid: number): number => Math.round(residentMemory(pid) / 1024 / 1024);

async function start(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const flags = startFlags();
  console.log(`node ${flags.join(' ')} src/server.ts`);
  const child = spawn(process.execPath, [...flags, 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;

const pick = <T>(list: readonly T[]): T => list[crypto.randomInt(list.length)] as T;
const clientIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

interface ShopFacts {
  categories: string[];
  slugs: string[];
  products: { id: number; size: number | null; color: number | null }[];
  words: string[];
  shoppers: { email: string; password: string }[];
  city: string;
  branch: string;
}

async function learnShop(url: string): Promise<ShopFacts> {
  const json = async (p: string) => (await fetch(url + p)).json() as Promise<Record<string, unknown>>;
  // The category tree as GET /api/categories/ answers it (the contract's CategoryList).
  type Category = { slug: string; subcategories: Category[] };
  const tree = (await json('/api/categories/')) as unknown as { results: Category[] };
  const categories: string[] = [];
  const walk = (nodes: Category[]) => {
    for (const node of nodes) {
      categories.push(node.slug);
      walk(node.subcategories);
    }
  };
  walk(tree.results);
  if (categories.length === 0) throw new Error('the shop answered no categories: the listing load would be unfiltered');
  const listing = (await json('/api/products?in_stock=true&limit=100')) as {
    results: {
      products: { id: number; slug: string; name: string; sizes: { id: number }[]; colors: { id: number }[] }[];
    };
  };
  const found = listing.results.products;
  const words = [...new Set(found.flatMap((p) => p.name.toLowerCase().split(/\s+/)).filter((w) => w.length > 3))];
  // Shoppers to sign in as: registered once, before the clock starts.
  const shoppers = [];
  for (let i = 0; i < 20; i++) {
    const email = `soak-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = `soak-pw-${i}`;
    const res = await fetch(`${url}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
      body: JSON.stringify({
        first_name: 'Олена',
        last_name: 'Коваль',
        email,
        telephone: `+38067${String(1_000_000 + i * 7919).slice(-7)}`,
        password,
        password2: password,
      }),
    });
    if (res.status === 201) shoppers.push({ email, password });
  }
  return {
    categories,
    slugs: found.map((p) => p.slug),
    products: found.map((p) => ({ id: p.id, size: p.sizes[0]?.id ?? null, color: p.colors[0]?.id ?? null })),
    words: words.length > 0 ? words : ['куртка'],
    shoppers,
    city: 'Київ',
    branch: 'Відділення №1: вул. Хрещатик, 22',
  };
}

function requestOf(kind: Kind, shop: ShopFacts): { path: string; init: RequestInit } {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp() };
  switch (kind) {
    case 'listing': {
      const sort = pick(['new', 'cheap', 'expensive', 'popular']);
      const category = shop.categories.length ? `&category_slug=${pick(shop.categories)}` : '';
      return { path: `/api/products?sort=${sort}&page=${1 + crypto.randomInt(3)}${category}`, init: { headers } };
    }
    case 'product':
      return { path: `/api/products/${pick(shop.slugs)}`, init: { headers } };
    case 'search':
      return { path: `/api/products?search=${encodeURIComponent(pick(shop.words))}`, init: { headers } };
    case 'suggest': {
      const word = pick(shop.words);
      return {
        path: `/api/search/suggest?q=${encodeURIComponent(word.slice(0, 2 + crypto.randomInt(4)))}`,
        init: { headers },
      };
    }
    case 'login': {
      const shopper = pick(shop.shoppers);
      return {
        path: '/api/login/',
        init: {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ email_or_phone: shopper.email, password: shopper.password }),
        },
      };
    }
    case 'order': {
      const product = pick(shop.products);
      return {
        path: '/api/orders/',
        init: {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({
            first_name: 'Олена',
            last_name: 'Коваль',
            email: `soak-buyer-${crypto.randomBytes(4).toString('hex')}@example.com`,
            phone_number: '+380671234567',
            payment_method: 'cash',
            delivery_type: 'branch',
            shipping_address: { city: shop.city, branch: shop.branch },
            need_call_back: false,
            description: '',
            items: [{ product: product.id, quantity: 1, size: product.size, color: product.color, price: '1.00' }],
            amount: 1,
            isChecked: false,
            isAgreement: true,
          }),
        },
      };
    }
  }
}

function chooseKind(): Kind {
  let roll = crypto.randomInt(100);
  for (const [kind, share] of mix) {
    if (roll < share) return kind;
    roll -= share;
  }
  return 'listing';
}

interface Result {
  db: string;
  minutes: number;
  connections: number;
  requests: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  perKind: Record<string, { requests: number; p50: number; p99: number }>;
  p50: number;
  p99: number;
  rssStartMiB: number;
  rssEndMiB: number;
  rssPeakMiB: number;
  rssSamplesMiB: { atSeconds: number; rss: number }[];
}

async function soak(kind: 'pglite' | 'postgres'): Promise<Result> {
  console.log(`${kind}: preparing a fresh shop…`);
  const env = await prepare(kind);
  const server = await start(env);
  const pid = server.child.pid as number;
  try {
    const shop = await learnShop(server.url);
    const times = new Map<Kind, number[]>(mix.map(([k]) => [k, []]));
    const errorsByStatus: Record<string, number> = {};
    let requests = 0;
    const rssStart = rssMiB(pid);
    const samples = [{ atSeconds: 0, rss: rssStart }];
    const startedAt = performance.now();
    const endAt = Date.now() + minutes * 60_000;
    const sampler = setInterval(() => {
      const sample = { atSeconds: Math.round((performance.now() - startedAt) / 1000), rss: rssMiB(pid) };
      samples.push(sample);
      console.log(`${kind}: ${sample.atSeconds} s, ${requests} requests, RSS ${sample.rss} MiB`);
    }, 30_000);
    const worker = async () => {
      while (Date.now() < endAt) {
        const k = chooseKind();
        const { path: p, init } = requestOf(k, shop);
        const began = performance.now();
        let status = 0;
        try {
          const res = await fetch(server.url + p, init);
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 0;
        }
        requests++;
        (times.get(k) as number[]).push(performance.now() - began);
        if (status === 0 || status >= 400) {
          const key = `${k} ${status}`;
          errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    clearInterval(sampler);
    const rssEnd = rssMiB(pid);
    samples.push({ atSeconds: Math.round((performance.now() - startedAt) / 1000), rss: rssEnd });
    const all = [...times.values()].flat().sort((a, b) => a - b);
    const perKind: Result['perKind'] = {};
    for (const [k, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      perKind[k] = { requests: list.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    }
    return {
      db: kind,
      minutes,
      connections,
      requests,
      errors: Object.values(errorsByStatus).reduce((a, b) => a + b, 0),
      errorsByStatus,
      perKind,
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      rssStartMiB: rssStart,
      rssEndMiB: rssEnd,
      rssPeakMiB: Math.max(...samples.map((s) => s.rss)),
      rssSamplesMiB: samples,
    };
  } finally {
    await stop(server.child);
  }
}

const results: Result[] = [];
for (const kind of kinds) {
  const result = await soak(kind);
  results.push(result);
  fs.mkdirSync(dataRoot, { recursive: true });
  fs.writeFileSync(path.join(dataRoot, `soak-${kind}.json`), JSON.stringify(result, null, 2));
}
console.table(
  results.map((r) => ({
    db: r.db,
    minutes: r.minutes,
    requests: r.requests,
    errors: r.errors,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'RSS start MiB': r.rssStartMiB,
    'RSS end MiB': r.rssEndMiB,
    'RSS peak MiB': r.rssPeakMiB,
  })),
);
for (const r of results) {
  console.log(`${r.db} per kind:`);
  console.table(r.perKind);
  if (r.errors > 0) console.log(`${r.db} errors:`, r.errorsByStatus);
}
if (results.some((r) => r.errors > 0)) process.exitCode = 1;
