/**
 * Relevance and speed of the catalogue search on a large catalogue, kram beside MiniSearch.
 *
 *   node --expose-gc search.bench.ts [--products 100000] [--db postgres|pglite] [--queries-per-class 25]
 *                                    [--duration 10] [--connections 64] [--edits 1000]
 *
 * Queries of nine classes are drawn from the catalogue's own names (lib/search-queries.ts); each engine
 * is scored on recall@12 and top-1 and timed in this process; then kram is timed over HTTP on a real
 * server process on the same database: searches one and eight at a time, listings right after a
 * catalogue change, and listing throughput against /api/health. Figures go to the console and to
 * bench/.data/search.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@kram/server/db/client';
import { catalogRepository } from '@kram/server/modules/catalog/catalog.repository';
import type { ListingDocument } from '@kram/server/modules/catalog/listing-index';
import { sql } from 'drizzle-orm';
import { buildKram, buildMiniSearch, type Engine, type MiniSearchDocument } from './lib/search-engines.ts';
import { spread } from './lib/search-http.ts';
import { generateQueries } from './lib/search-queries.ts';
import { type EngineReport, printReport } from './lib/search-report.ts';
import { relevance } from './lib/search-score.ts';
import { measureServer } from './lib/search-server.ts';
import { prepareTarget, type Target } from './lib/target.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        products: { type: 'string', default: '100000' },
        db: { type: 'string', default: 'postgres' },
        'queries-per-class': { type: 'string', default: '25' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '64' },
        edits: { type: 'string', default: '1000' },
        'relevance-only': { type: 'boolean', default: false },
      },
    });
    const count = (name: keyof typeof values) => {
      const n = Number(values[name]);
      const least = name === 'edits' ? 0 : 1;
      if (!Number.isInteger(n) || n < least)
        fail(`--${name} must be a whole number of at least ${least}, not "${values[name]}".`);
      return n;
    };
    if (values.db !== 'postgres' && values.db !== 'pglite')
      fail(`--db must be postgres or pglite, not "${values.db}".`);
    return {
      products: count('products'),
      db: values.db as Target['kind'],
      perClass: count('queries-per-class'),
      duration: count('duration'),
      connections: count('connections'),
      edits: count('edits'),
      relevanceOnly: values['relevance-only'] as boolean,
    };
  } catch (error) {
    // parseArgs names the option it does not know; say which ones there are.
    fail(
      `${(error as Error).message.split('. ')[0]}; the options are --products, --db, --queries-per-class, --duration, --connections, --edits and --relevance-only.`,
    );
  }
}

/** Full collections, when the process runs with --expose-gc. */
function collect(): void {
  // One collection can leave garbage that a finalizer or a weak reference only freed during it.
  for (let i = 0; i < 3; i++) globalThis.gc?.();
}

/** Heap and array buffers in use, after a full collection when the process runs with --expose-gc. */
function memory(): number {
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
const megabytes = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** Every query once to warm the engine up, then once more timed; the timed answers are scored. */
function run(engine: Engine, texts: readonly string[]) {
  for (const text of texts) engine.search(text);
  const times: number[] = [];
  const results = texts.map((text) => {
    const started = performance.now();
    const ids = engine.search(text);
    times.push(performance.now() - started);
    return ids;
  });
  return { results, latency: spread(times) };
}

const opts = options();
if (!globalThis.gc) console.warn('Run with node --expose-gc for memory figures after a full collection.');
const target = await prepareTarget(opts.db, opts.products);

const database = await openDatabase(
  opts.db === 'postgres'
    ? { url: target.env.DATABASE_URL as string }
    : { pgliteDir: path.join(target.env.DATA_DIR as string, 'pglite') },
);
let documents: ListingDocument[];
let texts: { id: number; sku: string; search_text: string }[];
try {
  documents = await catalogRepository(database).listingDocuments();
  texts = await database.rows(sql`select id, sku, search_text from products order by id`);
} finally {
  // PGlite admits one process: the server started below needs the database to itself.
  await database.close();
}
const textById = new Map(texts.map((t) => [t.id, t]));
const entries = documents.map((d) => ({
  id: d.id,
  name: d.name,
  name_ru: d.name_ru,
  sku: textById.get(d.id)?.sku ?? '',
}));
const queries = generateQueries(entries, opts.perClass, 1);
const queryTexts = queries.map((q) => q.text);
console.log(`${documents.length} products, ${queries.length} queries`);

const beforeKram = memory();
const kram = await buildKram(documents);
const kramMemory = memory() - beforeKram;

const engines: EngineReport[] = [];
const kramRun = run(kram, queryTexts);
engines.push({
  name: kram.name,
  build: Math.round(kram.build * 100) / 100,
  memoryMb: megabytes(kramMemory),
  terms: kram.terms,
  latency: kramRun.latency,
  relevance: relevance(queries, kramRun.results),
  results: kramRun.results,
});
if (opts.relevanceOnly) {
  // Quick turns on ranking: kram's relevance per class, without the library or the server.
  const scores = relevance(queries, kramRun.results);
  console.table(Object.fromEntries(Object.entries(scores).map(([cls, score]) => [cls, score])));
  for (const [i, q] of queries.entries()) {
    const first = kramRun.results[i]?.[0];
    if (first === undefined || !q.relevant.has(first)) console.log(`miss ${q.cls}: ${q.text}`);
  }
  process.exit(0);
}
const miniDocuments: MiniSearchDocument[] = documents.map((d) => ({
  id: d.id,
  name: d.name,
  name_ru: d.name_ru,
  sku: textById.get(d.id)?.sku ?? '',
  description: textById.get(d.id)?.search_text ?? '',
}));
const beforeMini = memory();
let mini: ReturnType<typeof buildMiniSearch> | undefined = buildMiniSearch(miniDocuments, kram.vocabulary);
const miniMemory = memory() - beforeMini;

for (const combination of ['AND', 'OR'] as const) {
  const engine = mini.searching(combination);
  const measured = run(engine, queryTexts);
  engines.push({
    name: engine.name,
    build: Math.round(mini.build * 100) / 100,
    memoryMb: megabytes(miniMemory),
    terms: mini.terms,
    latency: measured.latency,
    relevance: relevance(queries, measured.results),
    results: measured.results,
  });
}
// The server process is measured next, by clients on a thread of their own (measureServer): a
// collection of this process's heap, which holds kram's index and the documents, would otherwise stall
// them and count as the server's time. The library's index is dropped and collected first, so that
// this thread does not spend the two cores on it meanwhile.
mini = undefined;
collect();

// A second set of queries, none of them in the first, for searches the server has never answered.
const firstTexts = new Set(queryTexts);
const freshTexts = generateQueries(entries, opts.perClass, 2)
  .map((q) => q.text)
  .filter((t) => !firstTexts.has(t));
// A third, which the server answers before anything is timed: a shop's process has been searched before.
const measured = new Set([...firstTexts, ...freshTexts]);
const warmUpTexts = generateQueries(entries, opts.perClass, 3)
  .map((q) => q.text)
  .filter((t) => !measured.has(t));
const http = await measureServer(target, {
  queries: queryTexts,
  freshQueries: freshTexts,
  warmUpQueries: warmUpTexts,
  expected: kramRun.results,
  connections: opts.connections,
  duration: opts.duration,
  edits: opts.edits,
});

const report = {
  date: new Date().toISOString(),
  products: documents.length,
  db: opts.db,
  queriesPerClass: opts.perClass,
  kramBuild: kram.build,
  engines: engines.map(({ results: _, ...rest }) => rest),
  http,
  queries: queries.map((q, i) => ({
    cls: q.cls,
    text: q.text,
    intended: q.intended,
    relevant: q.relevant.size,
    answers: Object.fromEntries(engines.map((e) => [e.name, e.results[i]])),
  })),
};
const nameById = new Map(documents.map((d) => [d.id, d.name]));
printReport(report, queries, engines, (id) => nameById.get(id) ?? `#${id}`);
const out = fileURLToPath(new URL('./.data/search.json', import.meta.url));
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
