import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

/** Debian's Chromium, with the flags the e2e tests use. */
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageResult {
  name: string;
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Every performance score of the runs, the median first used above. */
  performanceRuns: number[];
  /** Lighthouse's reading of this machine's speed (higher is faster), in the median run. */
  benchmarkIndex: number;
  scripts: { url: string; gzipBytes: number }[];
  /** Accessibility and SEO audits that did not pass, to act on. */
  failing: string[];
  /** The median run's full report, for a closer look. */
  lhr: unknown;
}

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One DevTools Protocol session over the browser's first page (Node's own WebSocket, no client library). */
async function devtools(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    type: string;
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((t) => t.type === 'page');
  if (!target) throw new Error('the browser has no page to prepare');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error('no DevTools connection'));
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : pending.get(message.id);
    if (!call) return;
    pending.delete(message.id as number);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/**
 * Puts `entries` into the localStorage of `url`'s origin before Lighthouse opens it, as a
 * returning shopper's browser holds them (the checkout renders its form only with a cart). The
 * origin is entered through its robots.txt, which loads no script, style or image; Lighthouse then
 * empties the cache as always but keeps localStorage (its default clearStorageTypes).
 */
async function seedLocalStorage(port: number, url: string, entries: Record<string, string>): Promise<void> {
  const { origin } = new URL(url);
  const session = await devtools(port);
  try {
    await session.send('Page.navigate', { url: `${origin}/robots.txt` });
    const evaluate = (expression: string) =>
      session.send<{ result: { value?: unknown } }>('Runtime.evaluate', { expression, returnByValue: true });
    for (let tries = 0; ; tries++) {
      // The old document's context may be gone mid-navigation: ask again.
      const now = await evaluate('location.origin + " " + document.readyState').catch(() => null);
      if (now?.result.value === `${origin} complete`) break;
      if (tries > 100) throw new Error(`${origin}/robots.txt did not load`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const script = `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value); localStorage.length`;
    const stored = await evaluate(script);
    if (typeof stored.result.value !== 'number' || stored.result.value < Object.keys(entries).length)
      throw new Error(`localStorage of ${origin} was not written`);
    await session.send('Page.navigate', { url: 'about:blank' });
  } finally {
    session.close();
  }
}

/**
 * One Lighthouse run in a fresh browser; `storage` is written into the origin's localStorage first.
 * `cpuSlowdown` above 4 stands for a slower phone, or this machine on a slower day.
 */
export async function runLighthouse(
  url: string,
  storage?: Record<string, string>,
  cpuSlowdown = throttling.mobileSlow4G.cpuSlowdownMultiplier,
): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    if (storage) await seedLocalStorage(chrome.port, url, storage);
    // No config: Lighthouse's default, the mobile preset (Moto G Power, slow 4G), with its CPU
    // slowdown (4×) unless another is asked for.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const gzipCache = new Map<string, number>();
/** The size of a script gzipped at level 9, as it would travel compressed. */
async function gzipSize(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (size === undefined) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    size = zlib.gzipSync(body, { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

/** The most children one element of the page had when the run ended (a grid's cards). */
export const mostChildren = (lhr: Lhr): number =>
  (lhr.audits['dom-size-insight']?.details as { debugData?: { maxChildren?: number } } | undefined)?.debugData
    ?.maxChildren ?? 0;

const numeric = (lhr: Lhr, id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);

/** A page's runs, summed up by the run with the median performance score. */
export async function summarize(name: string, url: string, runs: Lhr[]): Promise<PageResult> {
  const lhrs = [...runs];
  lhrs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = lhrs[Math.floor(lhrs.length / 2)] as Lhr;
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
    ?.items;
  const scriptUrls = [...new Set((requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url))];
  const failing = (['accessibility', 'seo'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${category}: ${audit?.id} (${audit?.title})`),
  );
  return {
    name,
    url,
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    seo: lhr.categories.seo?.score ?? 0,
    cls: numeric(lhr, 'cumulative-layout-shift'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    performanceRuns: lhrs.map((l) => l.categories.performance?.score ?? 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scripts: await Promise.all(scriptUrls.map(async (u) => ({ url: u, gzipBytes: await gzipSize(u) }))),
    failing,
    lhr,
  };
}
