/**
 * Load benchmark of the catalogue API on a large catalogue, against a real server process.
 *
 *   node catalog.bench.ts [--db pglite|postgres|both] [--products 100000] [--duration 10] [--connections 64]
 *
 * The catalogue is generated once per database (kept in bench/.data for PGlite, in the database named by
 * BENCH_DATABASE_URL — default postgres://postgres@127.0.0.1:5432/kram_bench — for PostgreSQL).
 * Goals: the listing holds ≥ 25% of the health endpoint's throughput at 64 connections with p99 < 30 ms
 * on PostgreSQL; search p95 < 30 ms.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { prepareTarget, startServer, type Target } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
  },
});
const products = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as Target['kind']];

interface Row {
  db: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, paths: string[], title: string): Promise<Omit<Row, 'db' | 'endpoint'>> {
  const result = await autocannon({
    url,
    connections,
    duration,
    title,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** Latency of each path fetched once, `concurrency` requests at a time. */
async function latencies(url: string, paths: string[], concurrency: number) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const path = paths[next++] as string;
        const started = performance.now();
        const res = await fetch(`${url}${path}`);
        await res.arrayBuffer();
        if (!res.ok) failures++;
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
  return { count: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), failures };
}

const searchWords = [
  'куртка',
  'штани',
  'черевики',
  'рюкзак',
  'ніж',
  'ліхтар',
  'намет',
  'спальник',
  'футболка',
  'рукавиці',
  'куртка зимова',
  'тактичні штани',
  'ботинки',
  'рюкзак 40',
  'фляга',
  'аптечка',
  'пояс',
  'кепка',
  'флiс',
  'жилет',
];
/** The word, with its first letter lost, with a letter too many, and with two letters swapped. */
const typos = (w: string) => [
  w,
  w.slice(1),
  `${w}и`,
  w.length > 4 ? `${w.slice(0, 1)}${w.slice(2, 3)}${w.slice(1, 2)}${w.slice(3)}` : w,
];
const layoutEn: Record<string, string> = Object.fromEntries(
  [...'йцукенгшщзхїфівапролджєячсмитьбю'].map((c, i) => [c, "qwertyuiop[]asdfghjkl;'zxcvbnm,."[i] ?? c]),
);
const toLayout = (w: string) => [...w].map((c) => layoutEn[c] ?? c).join('');

async function run(kind: Target['kind']): Promise<Row[]> {
  const target = await prepareTarget(kind, products);
  const server = await startServer(target);
  try {
    const categories = (await (await fetch(`${server.url}/api/categories/`)).json()) as {
      results: { slug: string; subcategories: { slug: string }[] }[];
    };
    const listingPaths: string[] = [];
    for (const top of categories.results) {
      const colours = (await (await fetch(`${server.url}/api/products?category_slug=${top.slug}`)).json()) as {
        results: { available_colors: { id: number }[] };
      };
      const colourIds = colours.results.available_colors.map((c) => c.id);
      for (const [i, sort] of ['default', 'new', 'popular', 'sale'].entries()) {
        const sub = top.subcategories[i % top.subcategories.length]?.slug ?? top.slug;
        listingPaths.push(
          `/api/products?category_slug=${top.slug}&sort=${sort}&color=${colourIds.slice(0, 2).join(',')}`,
        );
        listingPaths.push(
          `/api/products?category_slug=${sub}&sort=${sort}&color=${colourIds[i % colourIds.length]}&page=2`,
        );
      }
    }
    // Each listing once, uncached: what a shopper meets right after a catalogue change.
    const uncached = await latencies(server.url, listingPaths, 1);
    console.log(
      `${kind}: ${listingPaths.length} listings uncached, one at a time: p50 ${uncached.p50} ms, p95 ${uncached.p95} ms, max ${uncached.max} ms`,
    );
    // Warm up the process (JIT, connections) before measuring.
    await load(server.url, ['/api/health'], 'warm-up');
    const rows: Row[] = [];
    rows.push({ db: kind, endpoint: 'GET /api/health', ...(await load(server.url, ['/api/health'], 'health')) });
    rows.push({
      db: kind,
      endpoint: `GET /api/products (category+sort+colour, ${listingPaths.length} URLs)`,
      ...(await load(server.url, listingPaths, 'listing')),
    });
    const distinct = [...new Set(searchWords.flatMap((w) => [...typos(w), toLayout(w)]))];
    const searchPaths = (qs: string[]) => qs.map((q) => `/api/products?search=${encodeURIComponent(q)}&limit=12`);
    const suggestPaths = (qs: string[]) => qs.map((q) => `/api/search/suggest?q=${encodeURIComponent(q.slice(0, 4))}`);
    // Half the queries one at a time (the cost of one search), half 8 at a time (one process under load);
    // every query is distinct, so each is a cache miss. Then all again, now cached.
    const half = Math.ceil(distinct.length / 2);
    const alone = await latencies(server.url, searchPaths(distinct.slice(0, half)), 1);
    const busy = await latencies(server.url, searchPaths(distinct.slice(half)), 8);
    const cached = await latencies(server.url, searchPaths(distinct), 8);
    console.log(
      `${kind}: search over ${products} products, uncached: one at a time p50 ${alone.p50} ms, p95 ${alone.p95} ms;` +
        ` 8 at a time p50 ${busy.p50} ms, p95 ${busy.p95} ms; cached p95 ${cached.p95} ms` +
        ` (failures: ${alone.failures + busy.failures + cached.failures})`,
    );
    const suggestAlone = await latencies(server.url, suggestPaths(distinct.slice(0, half)), 1);
    const suggestBusy = await latencies(server.url, suggestPaths(distinct.slice(half)), 8);
    console.log(
      `${kind}: suggest, uncached: one at a time p50 ${suggestAlone.p50} ms, p95 ${suggestAlone.p95} ms;` +
        ` 8 at a time p50 ${suggestBusy.p50} ms, p95 ${suggestBusy.p95} ms`,
    );
    return rows;
  } finally {
    await server.stop();
  }
}

const all: Row[] = [];
for (const kind of kinds) all.push(...(await run(kind)));
console.log(`\n${connections} connections, ${duration} s each, ${products} products\n`);
console.table(all);
for (const kind of kinds) {
  const health = all.find((r) => r.db === kind && r.endpoint.includes('health'));
  const listing = all.find((r) => r.db === kind && r.endpoint.includes('products'));
  if (health && listing) {
    console.log(
      `${kind}: listing throughput is ${Math.round((listing.rps / health.rps) * 100)}% of health (goal ≥ 25%), listing p99 ${listing.p99} ms (goal < 30 ms)`,
    );
  }
}
