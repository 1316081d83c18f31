import { expect, open, test } from '../fixtures.ts';

const pages = [
  '/',
  '/category/odyag',
  '/category/sporiadzhennia/riukzaky-ta-sumky',
  '/search?query=ніж',
  '/search',
  '/wishlist',
];

for (const path of pages) {
  test(`${path} renders without console errors, with its own title and canonical`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page).toHaveTitle(/kram/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http/);
  });
}

test('an unknown page answers 404 in the shop frame; unknown API paths stay JSON', async ({ page, request }) => {
  const response = await open(page, '/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Сторінку не знайдено');
  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ detail: 'Not found.' });
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  // An index of files (decision 029): pages, categories and the products.
  const files = [...(await sitemap.text()).matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/[^<]+)<\/loc>/g)].map(
    (m) => m[1],
  );
  expect(files).toEqual(
    expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/categories.xml', '/sitemaps/products-1.xml']),
  );
  const pages = await (await request.get('/sitemaps/pages.xml')).text();
  for (const page of ['/delivery', '/contacts', '/about', '/conf', '/return', '/oferta']) {
    expect(pages).toContain(`${page}</loc>`);
    expect(pages).toContain(`/ru${page}</loc>`);
  }
  expect(await (await request.get('/sitemaps/products-1.xml')).text()).toContain('/ru/product/');
});
