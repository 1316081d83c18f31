/**
 * Searches eight at a time: answered on the event loop that serves HTTP, or by worker threads each
 * holding the index. The two ways the catalogue service could hold its search index, measured on the
 * same catalogue and queries.
 *
 *   node --max-old-space-size=4096 search-threads.bench.ts [--products 100000] [--db postgres|pglite] [--clients 8]
 *
 * Each of `--clients` clients sends the search bench's queries one after another; a query's time runs
 * from its being asked until its page of ids is back, so it includes waiting behind the others. On the
 * event loop that wait is the queue of synchronous searches; with workers, the searches of different
 * clients run side by side, at the price of a copy of the index per worker and a message each way.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from '@kram/server/db/client';
import { catalogRepository } from '@kram/server/modules/catalog/catalog.repository';
import type { ListingDocument } from '@kram/server/modules/catalog/listing-index';
import { SearchIndex } from '@kram/server/modules/catalog/search-index';
import { spread } from './lib/search-http.ts';
import { generateQueries } from './lib/search-queries.ts';
import { prepareTarget, type Target } from './lib/target.ts';

interface Loaded {
  documents: ListingDocument[];
}

const search = (index: SearchIndex, text: string) => {
  const plan = index.plan(text);
  if (plan.variants.length === 0) return [];
  return index.listing.page({ plan, filter: {}, sort: 'default', limit: 12, offset: 0 }).ids;
};

if (!isMainThread) {
  // A worker: builds its own index from the documents it is sent, then answers searches.
  const { documents } = workerData as Loaded;
  const index = await SearchIndex.build(documents);
  parentPort?.postMessage({ ready: true, heap: process.memoryUsage().heapUsed });
  parentPort?.on('message', ({ n, text }: { n: number; text: string }) => {
    parentPort?.postMessage({ n, ids: search(index, text) });
  });
} else {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'postgres' },
      clients: { type: 'string', default: '8' },
    },
  });
  const products = Number(values.products);
  const clients = Number(values.clients);
  if (!Number.isInteger(products) || products < 1 || !Number.isInteger(clients) || clients < 1) {
    console.error('--products and --clients must be whole numbers of at least 1.');
    process.exit(1);
  }
  if (values.db !== 'postgres' && values.db !== 'pglite') {
    console.error(`--db must be postgres or pglite, not "${values.db}".`);
    process.exit(1);
  }
  const target = await prepareTarget(values.db as Target['kind'], products);
  const database = await openDatabase(
    values.db === 'postgres'
      ? { url: target.env.DATABASE_URL as string }
      : { pgliteDir: path.join(target.env.DATA_DIR as string, 'pglite') },
  );
  const documents = await catalogRepository(database).listingDocuments();
  await database.close();
  const entries = documents.map((d) => ({ id: d.id, name: d.name, name_ru: d.name_ru, sku: '' }));
  const texts = generateQueries(entries, 25, 2).map((q) => q.text);
  console.log(`${documents.length} products, ${texts.length} queries, ${clients} clients, ${os.cpus().length} cores`);

  /** Every client asks every query once, in its own order; the times of all answers. */
  async function drive(ask: (text: string) => Promise<unknown>) {
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let n = 0; n < texts.length; n++) {
          const text = texts[(n + c * 29) % texts.length] as string;
          const asked = performance.now();
          await ask(text);
          times.push(performance.now() - asked);
        }
      }),
    );
    return { ...spread(times), perSecond: Math.round((times.length / (performance.now() - started)) * 1000) };
  }

  const rows: Record<string, unknown>[] = [];
  {
    const index = await SearchIndex.build(documents);
    // Asked from the event loop as a request handler would: each search waits for the loop.
    const ask = async (text: string) => {
      await new Promise((resolve) => setImmediate(resolve));
      return search(index, text);
    };
    await drive(ask);
    rows.push({ way: 'on the event loop', indexes: 1, ...(await drive(ask)) });
  }
  for (const workers of [1, 2]) {
    const pool = await Promise.all(
      Array.from({ length: workers }, async () => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { documents } satisfies Loaded });
        const waiting = new Map<number, (ids: number[]) => void>();
        await new Promise<void>((resolve) =>
          worker.on('message', (message: { ready?: true; n?: number; ids?: number[] }) => {
            if (message.ready) resolve();
            else waiting.get(message.n as number)?.(message.ids as number[]);
          }),
        );
        return { worker, waiting, busy: 0 };
      }),
    );
    let next = 0;
    const ask = (text: string) => {
      // The least busy worker takes the search.
      const chosen = pool.reduce((a, b) => (b.busy < a.busy ? b : a));
      const n = next++;
      chosen.busy++;
      return new Promise<number[]>((resolve) => {
        chosen.waiting.set(n, (ids) => {
          chosen.waiting.delete(n);
          chosen.busy--;
          resolve(ids);
        });
        chosen.worker.postMessage({ n, text });
      });
    };
    await drive(ask);
    rows.push({ way: `${workers} worker thread${workers > 1 ? 's' : ''}`, indexes: workers, ...(await drive(ask)) });
    await Promise.all(pool.map(({ worker }) => worker.terminate()));
  }
  console.table(rows);
}
