// Lighthouse (mobile preset, Debian Chromium) on the storefront's home, a catalogue page, a
// product page and the checkout with a cart, in Ukrainian and in Russian (under /ru/), and a
// catalogue page of 100 products, beside a bare React Router page built and served the same way, in
// one run.
// `npm run lighthouse --workspace @kram/bench [-- --runs 3] [--pages "100,product"] [--cpu-slowdown 8]`
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, run, startServer, stop } from '../lib/processes.ts';
import { type Lhr, mostChildren, type PageResult, runLighthouse, summarize } from './lighthouse-run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    // Lighthouse's mobile preset slows this machine's CPU down 4×; more stands for a slower phone.
    'cpu-slowdown': { type: 'string', default: '4' },
  },
});
const runs = Math.max(1, Number(values.runs));
const cpuSlowdown = Math.max(1, Number(values['cpu-slowdown']));
const root = fileURLToPath(new URL('../..', import.meta.url));
// The bare page lives in the storefront's folder so that it resolves the storefront's React Router, which
// npm installs there (the back office's React Router 7 holds the root's `node_modules`).
const bareDir = path.join(root, 'apps/storefront/lighthouse-bare');
// The CLI's file is not in the package's exports; its package.json is.
const routerCli = path.join(
  path.dirname(
    createRequire(path.join(root, 'apps/storefront/package.json')).resolve('@react-router/dev/package.json'),
  ),
  'bin.cjs',
);
const compress = path.join(root, 'scripts/compress-assets.ts');

console.log('Building the storefront (when stale) and the bare page…');
await run(process.execPath, [path.join(root, 'scripts/ensure-build.ts'), 'storefront']);
await run(process.execPath, [routerCli, 'build', bareDir], { cwd: bareDir });
await run(process.execPath, [compress, path.join(bareDir, 'build/client')]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-lighthouse-'));
const [shopPort, barePort] = [await freePort(), await freePort()];
const shopUrl = `http://127.0.0.1:${shopPort}`;
const bareUrl = `http://127.0.0.1:${barePort}`;
console.log('Starting the shop (demo catalogue) and the bare page…');
const shop = await startServer([path.join(root, 'apps/server/src/server.ts')], `${shopUrl}/api/health`, {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PUBLIC_URL: shopUrl,
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
});
const bare = await startServer(
  [path.join(root, 'bench/lib/serve-storefront-build.ts'), path.join(bareDir, 'build'), String(barePort)],
  `${bareUrl}/`,
);

/** A guest's cart line (the storefront's `cart` entry, spec section 3) of one size and colour. */
async function cartLine(productUrl: string) {
  const p = (await (await fetch(productUrl)).json()) as {
    id: number;
    slug: string;
    name: string;
    name_ru: string;
    category_full_path: string;
    product_images: unknown[];
    sizes: { id: number; name: string }[];
    colors: { id: number; name: string; name_ru: string }[];
  };
  const color = p.colors[0];
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    name_ru: p.name_ru,
    price: null,
    count: 1,
    category_full_path: p.category_full_path,
    product_images: p.product_images,
    selectedColor: color ? { id: color.id, name: color.name, name_ru: color.name_ru } : null,
    selectedSize: p.sizes[0] ?? null,
  };
}

// A page kept out of search engines on purpose fails Lighthouse's is-crawlable audit by design.
const results: (PageResult & { noindex?: boolean })[] = [];
try {
  const list = (await (await fetch(`${shopUrl}/api/products?category_slug=kurtky&limit=12`)).json()) as {
    results: { products: { slug: string; category_full_path: string }[] };
  };
  const product = list.results.products[0];
  if (!product) throw new Error('The demo catalogue has no jackets');
  // The checkout renders its form only with a cart: a guest's, with the jacket in it.
  const cart = { cart: JSON.stringify([await cartLine(`${shopUrl}/api/products/${product.slug}`)]) };
  const productPath = `/product/${product.category_full_path}/${product.slug}`;
  const pages: { name: string; url: string; storage?: Record<string, string>; noindex?: boolean }[] = [
    { name: 'bare React Router page', url: `${bareUrl}/` },
    { name: 'home', url: `${shopUrl}/` },
    { name: 'catalogue', url: `${shopUrl}/category/odyag` },
    // The largest page size (spec section 9): 100 cards.
    { name: 'catalogue, 100 a page', url: `${shopUrl}/category/odyag?limit=100` },
    { name: 'product', url: `${shopUrl}${productPath}` },
    { name: 'checkout', url: `${shopUrl}/checkout`, storage: cart, noindex: true },
    // Russian lives under /ru/ (decision 029).
    { name: 'home (ru)', url: `${shopUrl}/ru/` },
    { name: 'catalogue (ru)', url: `${shopUrl}/ru/category/odyag` },
    { name: 'product (ru)', url: `${shopUrl}/ru${productPath}` },
    { name: 'checkout (ru)', url: `${shopUrl}/ru/checkout`, storage: cart, noindex: true },
  ];
  // --pages "100,product": only the pages whose name holds one of these (and the bare page), for a quick look.
  const wanted = values.pages?.split(',').map((name) => name.trim());
  if (wanted) {
    const kept = pages.filter((page, i) => i === 0 || wanted.some((name) => page.name.includes(name)));
    pages.splice(0, pages.length, ...kept);
  }
  // Warm the server's caches, as a shop in use has them.
  for (const page of pages) await fetch(page.url);
  // Round after round over every page, the bare one included, so that a busy moment of the
  // machine falls on all of them alike instead of on one page's every run.
  const lhrs = pages.map((): Lhr[] => []);
  for (let run = 1; run <= runs; run++) {
    for (const [i, page] of pages.entries()) {
      console.log(`Lighthouse run ${run}/${runs}: ${page.name} (${page.url})`);
      lhrs[i]?.push(await runLighthouse(page.url, page.storage, cpuSlowdown));
    }
  }
  for (const [i, page] of pages.entries()) {
    results.push({ ...(await summarize(page.name, page.url, lhrs[i] ?? [])), noindex: page.noindex ?? false });
  }
  // A checkout without its cart would be measured as the short "nothing to check out" page.
  for (const [i, page] of pages.entries()) {
    if (!page.storage) continue;
    for (const run of lhrs[i] ?? []) {
      const requests = (run.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items;
      if (!requests?.some((r) => r.url.includes('/media/products/')))
        throw new Error(`The ${page.name} was measured without its cart line (no product image was loaded)`);
    }
  }
  // The page of 100 must have shown 100 cards by the end of each run (its document holds the first
  // 12, decision 035), or it measured a shorter page.
  for (const [i, page] of pages.entries()) {
    if (!page.name.includes('100')) continue;
    for (const run of lhrs[i] ?? []) {
      // A failed run (no score) has no reading of the page's elements either.
      if (run.categories.performance?.score == null) continue;
      if (mostChildren(run) < 100) throw new Error(`The ${page.name} showed ${mostChildren(run)} cards at most`);
    }
  }
} finally {
  await Promise.all([stop(shop), stop(bare)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `\nCPU slowed down ${cpuSlowdown}×; Lighthouse's benchmark index of this machine: ${results[0]?.benchmarkIndex ?? '?'}`,
);
console.log('\npage                     perf  (runs)            a11y  seo   CLS    LCP     TBT    JS gzip');
for (const r of results) {
  const js = r.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(
    [
      r.name.padEnd(24),
      r.performance.toFixed(2),
      `(${r.performanceRuns.map((p) => p.toFixed(2)).join(' ')})`.padEnd(17),
      r.accessibility.toFixed(2),
      r.seo.toFixed(2),
      r.cls.toFixed(3).padEnd(6),
      `${Math.round(r.lcpMs)} ms`.padEnd(7),
      `${Math.round(r.tbtMs)} ms`.padEnd(6),
      `${kb(js)} in ${r.scripts.length} files`,
    ].join(' '),
  );
}

const [baseline, ...shopPages] = results as [PageResult, ...(PageResult & { noindex?: boolean })[]];
console.log(
  '\nGoals: performance ≥ 0.90 and within 0.05 of the bare page, accessibility 1, SEO 1 (a noindex page: every SEO',
  'audit but is-crawlable), CLS < 0.05',
);
let met = true;
for (const r of shopPages) {
  const misses = [
    r.performance < 0.9 && `performance ${r.performance.toFixed(2)} < 0.90`,
    baseline.performance - r.performance > 0.05 &&
      `performance ${r.performance.toFixed(2)} more than 0.05 below the bare page's ${baseline.performance.toFixed(2)}`,
    r.accessibility < 1 && `accessibility ${r.accessibility.toFixed(2)}`,
    r.seo < 1 &&
      (!r.noindex || r.failing.some((f) => f.startsWith('seo:') && !f.startsWith('seo: is-crawlable '))) &&
      `SEO ${r.seo.toFixed(2)}`,
    r.cls >= 0.05 && `CLS ${r.cls.toFixed(3)}`,
  ].filter(Boolean);
  met &&= misses.length === 0;
  console.log(`  ${r.name}: ${misses.length ? `MISSED — ${misses.join('; ')}` : 'met'}`);
  for (const failing of r.failing) console.log(`    ${failing}`);
}
fs.mkdirSync(path.join(root, 'bench/.data'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/.data/lighthouse.json'),
  `${JSON.stringify(
    results.map(({ lhr: _, ...summary }) => summary),
    null,
    2,
  )}\n`,
);
for (const r of results) {
  const file = `lighthouse-${r.name.replace(/\W+/g, '-')}.report.json`;
  fs.writeFileSync(path.join(root, 'bench/.data', file), JSON.stringify(r.lhr));
}
console.log(`\n${met ? 'All goals met.' : 'Some goals missed.'} Details: bench/.data/lighthouse*.json`);
