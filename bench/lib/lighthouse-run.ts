import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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
  scripts: { url: string; gzipBytes: number }[];
  /** Accessibility and SEO audits that did not pass, to act on. */
  failing: string[];
  /** The median run's full report, for a closer look. */
  lhr: unknown;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function once(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    // No config: Lighthouse's default, the mobile preset (Moto G Power, slow 4G, 4× CPU slowdown).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
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

const numeric = (lhr: Lhr, id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);

/** Audits a page `runs` times and keeps the run with the median performance score. */
export async function auditPage(name: string, url: string, runs: number): Promise<PageResult> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await once(url));
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
    scripts: await Promise.all(scriptUrls.map(async (u) => ({ url: u, gzipBytes: await gzipSize(u) }))),
    failing,
    lhr,
  };
}
