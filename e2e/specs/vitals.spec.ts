import type { APIRequestContext } from '@playwright/test';
import { bearer, login, staffAccount } from '../accounts.ts';
import { expect, open, test } from '../fixtures.ts';

interface VitalSummary {
  samples: number;
  p75: number | null;
  rating: 'good' | 'needs_improvement' | 'poor' | null;
}
type Metrics = Record<'LCP' | 'INP' | 'CLS', VitalSummary>;
interface AdminVitals {
  pages: { page_type: string; metrics: Metrics }[];
}

/** The product pages' vitals as staff see them (the other tests' pages count too: compare, never assume zero). */
async function productVitals(request: APIRequestContext, token: string): Promise<Metrics | undefined> {
  const response = await request.get('/api/admin/vitals/', bearer(token));
  expect(response.status()).toBe(200);
  const vitals = (await response.json()) as AdminVitals;
  return vitals.pages.find((p) => p.page_type === 'product')?.metrics;
}

const samples = (metrics: Metrics | undefined) => ({
  LCP: metrics?.LCP.samples ?? 0,
  INP: metrics?.INP.samples ?? 0,
  CLS: metrics?.CLS.samples ?? 0,
});

test('a product page’s vitals reach the back office once the shopper leaves it', async ({ page, request }) => {
  const staff = await login(request, staffAccount.email, staffAccount.password);
  const before = samples(await productVitals(request, staff.access));
  const list = await (await request.get('/api/products?page=1&limit=12&sort=default')).json();
  const product = list.results.products[0] as { slug: string; category_full_path: string };

  await open(page, `/product/${product.category_full_path}/${product.slug}`);
  // The reporter loads once the browser is idle after hydration; an interaction before it observes
  // would not count towards INP.
  await page.locator('html[data-vitals="observing"]').waitFor({ state: 'attached' });
  // An interaction, for INP (and it settles LCP).
  await page.getByRole('heading', { level: 1 }).click();
  // The browser hands the interaction over after its next paint, and the library takes it in when
  // the page is next idle; leaving before that loses it (a forced report on hide would find none).
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
  // Leaving hides the page: its metrics are final and go out as beacons, which the server takes only
  // with the metric, the value and the kind of page (any other field, an address say, is refused).
  await open(page, '/about');

  // At least one more of each (another test's page may have reported since).
  await expect
    .poll(async () => {
      const now = samples(await productVitals(request, staff.access));
      return { LCP: now.LCP > before.LCP, INP: now.INP > before.INP, CLS: now.CLS > before.CLS };
    })
    .toEqual({ LCP: true, INP: true, CLS: true });
  const after = (await productVitals(request, staff.access)) as Metrics;
  for (const summary of Object.values(after)) {
    expect(summary.p75).toBeGreaterThanOrEqual(0);
    expect(['good', 'needs_improvement', 'poor']).toContain(summary.rating);
  }
});
