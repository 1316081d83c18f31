import type { Product, ProductList } from '@kram/contract/catalog';
import type { APIRequestContext } from '@playwright/test';
import { expect, open, test } from '../fixtures.ts';

const path = '/category/odyag?limit=100';
const productHref = (p: Product) => `/product/${p.category_full_path}/${p.slug}`;
const cardsIn = (html: string) => html.match(/data-testid="product-card"/g)?.length ?? 0;

async function shownProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products?category_slug=odyag&limit=100');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as ProductList;
  // The demo catalogue's clothing fills more than a default page (12), or this test would prove nothing.
  expect(results.products.length).toBeGreaterThan(12);
  return results.products;
}

/** docs/decisions/035: a page of 100 cards holds 12 in its document, and shows all of them. */
test('a page of 100 cards: the document holds the first 12, the browser shows every one in order', async ({
  page,
  request,
}) => {
  const products = await shownProducts(request);
  const html = await (await request.get(path)).text();
  expect(cardsIn(html)).toBe(12);

  await open(page, path);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);
  const hrefs = await cards
    .locator('.card__name a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs).toEqual(products.map(productHref));

  // A card rendered after hydration is a whole card: its heart and its link work.
  const last = cards.last();
  const heart = last.getByTestId('wishlist-heart');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  await last.locator('.card__name a').click();
  await expect(page).toHaveURL(new RegExp(`${productHref(products.at(-1) as Product)}$`));

  // Back on the listing, a page the browser renders itself has every card at once.
  await page.goBack();
  await expect(cards).toHaveCount(products.length);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('a page of 100 cards: the first 12 as cards, the rest as links to their pages', async ({ page, request }) => {
    const products = await shownProducts(request);
    await page.goto(`/ru${path}`);
    await expect(page.getByTestId('product-card')).toHaveCount(12);
    const links = page.locator('.product-grid__links a');
    await expect(links).toHaveCount(products.length - 12);
    const rest = products.slice(12);
    const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(rest.map((p) => `/ru${productHref(p)}`));
    const next = rest[0] as Product;
    await expect(links.first()).toHaveText(next.name_ru || next.name);
  });
});
