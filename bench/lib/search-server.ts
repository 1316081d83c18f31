/** kram's search and listings timed over HTTP on a real server process (the search bench's second half). */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { fetchAll, type Spread, spread, type Throughput, throughput } from './search-http.ts';
import { residentMemory, startServer, type Target } from './target.ts';

interface ProductPage {
  results: { products: { id: number }[] };
}

export interface ServerFigures {
  /** Seconds from the port answering to the first listing answered (the index built). */
  firstListingSeconds: number;
  search: {
    /** Each query's first request, one at a time: nothing cached yet. */
    uncachedAlone: Spread;
    /** The same queries again, one at a time and eight at a time: answered from the cache. */
    warmAlone: Spread;
    warmEight: Spread;
    /** Other queries, never asked before, eight at a time. */
    uncachedEight: Spread;
    /** Queries whose page over HTTP holds the same ids, in the same order, as kram in this process. */
    sameAsInProcess: number;
  };
  listing: {
    urls: number;
    /** Each listing once on a fresh process. */
    uncachedFresh: Spread;
    /** After a catalogue change (PostgreSQL only: PGlite admits one process): the first request waits
     * for the index to be rebuilt, then each listing once. */
    firstAfterChangeMs: number | null;
    uncachedAfterChange: Spread | null;
  };
  /**
   * Single-product edits made by another connection, as a back office on another process makes them
   * (PostgreSQL only): from each edit's commit until a search finds the product by its new word, and
   * the server's resident memory along the way.
   */
  edits: { count: number; visible: Spread; under100ms: number; rssMb: { after: number; mb: number }[] } | null;
  throughput: { connections: number; duration: number; health: Throughput; listing: Throughput; share: number };
  /** Search and listing requests that did not answer 200. */
  failures: number;
}

const searchPath = (q: string) => `/api/products?search=${encodeURIComponent(q)}&limit=12`;
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Listings a shopper browses: each top category and one of its subcategories, in each sort, by colour. */
async function listingPaths(url: string): Promise<string[]> {
  const tree = (await (await fetch(`${url}/api/categories/`)).json()) as {
    results: { slug: string; subcategories: { slug: string }[] }[];
  };
  const paths: string[] = [];
  for (const top of tree.results) {
    const page = (await (await fetch(`${url}/api/products?category_slug=${top.slug}`)).json()) as {
      results: { available_colors: { id: number }[] };
    };
    const colours = page.results.available_colors.map((c) => c.id);
    for (const [i, sort] of ['default', 'new', 'popular', 'sale'].entries()) {
      const sub = top.subcategories[i % top.subcategories.length]?.slug ?? top.slug;
      paths.push(`/api/products?category_slug=${top.slug}&sort=${sort}&color=${colours.slice(0, 2).join(',')}`);
      paths.push(`/api/products?category_slug=${sub}&sort=${sort}&color=${colours[i % colours.length]}&page=2`);
    }
  }
  return paths;
}

/** A write to the catalogue, as an edit in the back office makes: the database bumps the catalogue version. */
async function touchCatalogue(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update products set name = name where id = (select min(id) from products)');
  } finally {
    await client.end();
  }
}

/** A word no product name holds, for the `n`th edit (a token with digits: matched whole, never corrected). */
const editWord = (n: number) => `kramedit${n}`;

async function measureEdits(
  server: { url: string; pid: number },
  databaseUrl: string,
  count: number,
): Promise<NonNullable<ServerFigures['edits']>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const times: number[] = [];
  const rssMb: { after: number; mb: number }[] = [];
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  try {
    const { rows } = await client.query<{ id: number }>('select id from products order by md5(id::text) limit $1', [
      count,
    ]);
    rssMb.push({ after: 0, mb: mb(residentMemory(server.pid)) });
    for (const [n, { id }] of rows.entries()) {
      const word = editWord(n);
      await client.query(
        `update products set name = name || ' ' || $1, search_name = search_name || ' ' || $1 where id = $2`,
        [word, id],
      );
      const written = performance.now();
      for (;;) {
        const res = await fetch(`${server.url}${searchPath(word)}`);
        const body = (await res.json()) as ProductPage;
        if (body.results?.products[0]?.id === id) break;
        if (performance.now() - written > 10_000) throw new Error(`edit ${n} was not found by search within 10 s`);
      }
      times.push(performance.now() - written);
      if ((n + 1) % 100 === 0) rssMb.push({ after: n + 1, mb: mb(residentMemory(server.pid)) });
    }
  } finally {
    // The catalogue is kept for the next run: the words are taken out again (one write).
    await client.query(
      `update products set name = regexp_replace(name, ' kramedit[0-9]+$', ''),
         search_name = regexp_replace(search_name, ' kramedit[0-9]+$', '') where name ~ ' kramedit[0-9]+$'`,
    );
    await client.end();
  }
  return { count: times.length, visible: spread(times), under100ms: times.filter((t) => t < 100).length, rssMb };
}

export interface ServerOptions {
  queries: readonly string[];
  freshQueries: readonly string[];
  /** Asked once before anything is timed, none of them among the others. */
  warmUpQueries: readonly string[];
  expected: readonly (readonly number[])[];
  connections: number;
  duration: number;
  /** Single-product edits to time (PostgreSQL). */
  edits: number;
}

/** What `timeAnswers` measures: every figure but the throughput. */
export type AnswerFigures = Omit<ServerFigures, 'throughput'> & { listingPaths: string[] };

/**
 * kram's server on the bench's target, timed. Its answers are timed by clients on a thread of their
 * own (`search-server-thread.ts`): a collection of this process's heap, which holds the bench's own
 * index and documents (hundreds of MB), would otherwise stall those clients and count as the
 * server's time. The throughput is measured from here, by autocannon, which runs on the main thread.
 */
export async function measureServer(target: Target, options: ServerOptions): Promise<ServerFigures> {
  const server = await startServer(target);
  try {
    const { listingPaths: listings, ...answers } = await new Promise<AnswerFigures>((resolve, reject) => {
      const worker = new Worker(new URL('./search-server-thread.ts', import.meta.url), {
        workerData: { server: { url: server.url, pid: server.pid }, target, options },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (code !== 0) reject(new Error(`the measuring thread exited with ${code}`));
      });
    });
    await throughput(server.url, ['/api/health'], options.connections, Math.min(3, options.duration));
    const health = await throughput(server.url, ['/api/health'], options.connections, options.duration);
    const listing = await throughput(server.url, listings, options.connections, options.duration);
    return {
      ...answers,
      throughput: {
        connections: options.connections,
        duration: options.duration,
        health,
        listing,
        share: Math.round((listing.rps / Math.max(1, health.rps)) * 100) / 100,
      },
    };
  } finally {
    await server.stop();
  }
}

/** Searches and listings timed one and eight at a time, and edits timed until search finds them. */
export async function timeAnswers(
  server: { url: string; pid: number },
  target: Target,
  options: ServerOptions,
): Promise<AnswerFigures> {
  const started = performance.now();
  // The process warms its index in the background once listening; the first listing waits for it.
  await (await fetch(`${server.url}/api/products?sort=new&limit=25`)).arrayBuffer();
  const firstListingSeconds = Math.round((performance.now() - started) / 100) / 10;

  const listings = await listingPaths(server.url);
  const uncachedFresh = await fetchAll(server.url, listings, 1);

  // The code a search runs is compiled by the time a shop's process has answered a few hundred.
  await fetchAll(server.url, options.warmUpQueries.map(searchPath), 1);
  const paths = options.queries.map(searchPath);
  const first = await fetchAll<ProductPage>(server.url, paths, 1);
  const warmAlone = await fetchAll(server.url, paths, 1);
  const warmEight = await fetchAll(server.url, paths, 8);
  const uncachedEight = await fetchAll(server.url, options.freshQueries.map(searchPath), 8);
  const sameAsInProcess = first.bodies.filter((body, i) =>
    sameIds(body?.results.products.map((p) => p.id) ?? [], options.expected[i] ?? []),
  ).length;

  let firstAfterChangeMs: number | null = null;
  let uncachedAfterChange: Spread | null = null;
  let failures = first.failures + warmAlone.failures + warmEight.failures + uncachedEight.failures;
  if (target.kind === 'postgres') {
    await touchCatalogue(target.env.DATABASE_URL as string);
    const changed = performance.now();
    await (await fetch(`${server.url}/api/products?sort=new&limit=25`)).arrayBuffer();
    firstAfterChangeMs = Math.round(performance.now() - changed);
    const after = await fetchAll(server.url, listings, 1);
    uncachedAfterChange = spread(after.times);
    failures += after.failures;
  }
  const edits =
    target.kind === 'postgres' && options.edits > 0
      ? await measureEdits(server, target.env.DATABASE_URL as string, options.edits)
      : null;
  failures += uncachedFresh.failures;
  return {
    firstListingSeconds,
    search: {
      uncachedAlone: spread(first.times),
      warmAlone: spread(warmAlone.times),
      warmEight: spread(warmEight.times),
      uncachedEight: spread(uncachedEight.times),
      sameAsInProcess,
    },
    listing: {
      urls: listings.length,
      uncachedFresh: spread(uncachedFresh.times),
      firstAfterChangeMs,
      uncachedAfterChange,
    },
    edits,
    failures,
    listingPaths: listings,
  };
}
