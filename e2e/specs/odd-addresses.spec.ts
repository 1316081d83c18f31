import { expect, open, test } from '../fixtures.ts';

// Addresses no link of the shop makes, as crawlers and people typing send them (#10): each is the
// shop's not-found page with status 404 from the real server rendering, never a 500 or a JSON 400.
const oddAddresses = [
  // Object.prototype's keys are no categories.
  '/category/valueOf',
  '/category/__proto__',
  '/category/constructor',
  '/category/toString',
  '/category/odyag/hasOwnProperty',
  // Slugs longer than the API looks up.
  `/category/${'a'.repeat(201)}`,
  `/product/${'a'.repeat(201)}`,
  `/product/odyag/${'a'.repeat(201)}`,
  // A NUL, which the database cannot hold, and an escape that does not decode.
  '/product/x/%00',
  '/product/%E0%A4%A',
];

test('odd storefront addresses answer the not-found page with 404', async ({ request }) => {
  for (const path of oddAddresses) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'], path).toContain('text/html');
    const html = await response.text();
    expect(html, path).toContain('<h1 class="page-title">Сторінку не знайдено</h1>');
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
  }
});

test('the not-found page of an odd address hydrates and leads home', async ({ page }) => {
  for (const path of ['/category/valueOf', '/product/x/%00']) {
    const response = await open(page, path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('h1'), path).toHaveText('Сторінку не знайдено');
  }
  await page.locator('main').getByRole('link', { name: 'На головну' }).click();
  await expect(page).toHaveURL(/\/$/);
});
