import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, inLanguage, isPhone, open, test } from '../fixtures.ts';

// The catalogue on a 375 px phone (and that the desktop keeps its own layout): pagination on one
// row, badges clear of the wishlist heart, and the filters in a drawer.

interface ProductList {
  count: number;
  results: { products: { slug: string; is_on_sale: boolean }[]; available_colors: { id: number; name: string }[] };
}

const listOf = async (request: APIRequestContext, query: string) => {
  const response = await request.get(`/api/products?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductList;
};

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The drawer's button in Ukrainian: the noun takes the plural form of the count. */
const showText = (count: number) => {
  const form = new Intl.PluralRules('uk').select(count) as 'one' | 'few' | 'many' | 'other';
  return `Показати ${count} ${{ one: 'товар', few: 'товари', many: 'товарів', other: 'товару' }[form]}`;
};

/** Nothing sticks out sideways: the page does not scroll horizontally. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('pagination keeps both arrows and nine pages on one row, inside the screen', async ({ page, request }) => {
  // 300 products, 12 a page: 25 pages, so the full window of nine with both arrows active.
  const { count } = await listOf(request, 'limit=12');
  expect(Math.ceil(count / 12)).toBeGreaterThan(9);
  for (const lng of ['uk', 'ru'] as const) {
    await open(page, inLanguage('/search?page=13', lng));
    const nav = page.getByTestId('pagination');
    await nav.scrollIntoViewIfNeeded();
    const items = nav.locator('.pagination__step, .pagination__page');
    await expect(items).toHaveCount(11);
    const boxes = await Promise.all((await items.all()).map(box));
    const top = boxes[0]?.y ?? 0;
    for (const b of boxes) {
      expect(Math.abs(b.y - top), 'all on one row').toBeLessThan(1);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      // Still a comfortable target, and the two-digit number is readable.
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.width).toBeGreaterThanOrEqual(24);
    }
    await expect(nav.getByRole('link', { name: /13$/ })).toHaveAttribute('aria-current', 'page');
    expect(await noSidewaysScroll(page)).toBe(true);
  }
  // What the server holds: page 13 exists and is full.
  expect((await listOf(request, 'limit=12&page=13')).results.products).toHaveLength(12);
});

test('the out-of-stock badge is never under the wishlist heart', async ({ page, request }) => {
  // The default listing's order, to find a page that shows out-of-stock products.
  const all = await listOf(request, 'limit=100');
  const rest = await Promise.all([2, 3].map((p) => listOf(request, `limit=100&page=${p}`)));
  const products = [all, ...rest].flatMap((l) => l.results.products);
  const index = products.findIndex((p) => !p.is_on_sale);
  expect(index).toBeGreaterThanOrEqual(0);
  const pageNumber = Math.floor(index / 12) + 1;

  for (const lng of ['uk', 'ru'] as const) {
    await open(page, inLanguage(`/search${pageNumber > 1 ? `?page=${pageNumber}` : ''}`, lng));
    const cards = page.getByTestId('product-card').filter({ has: page.locator('.badge-tag') });
    const out = page.getByTestId('product-card').filter({ has: page.locator('.badge-tag--out') });
    await expect(out.first()).toBeVisible();
    // The card shown as out of stock is a product the server holds as out of stock.
    const href = (await out.first().locator('.card__name a').getAttribute('href')) ?? '';
    const shown = products.find((p) => p.slug === href.split('?')[0]?.split('/').at(-1));
    expect(shown?.is_on_sale, href).toBe(false);
    for (const card of await cards.all()) {
      await card.scrollIntoViewIfNeeded();
      const heart = await box(card.getByTestId('wishlist-heart'));
      const media = await box(card.locator('.card__media'));
      for (const badge of await card.locator('.badge-tag').all()) {
        const b = await box(badge);
        expect(overlaps(b, heart), `${lng}: ${await badge.innerText()}`).toBe(false);
        // Whole, inside the image.
        expect(b.x).toBeGreaterThanOrEqual(media.x);
        expect(b.x + b.width).toBeLessThanOrEqual(media.x + media.width);
      }
    }
  }
});

test('the filters: a drawer on a phone with focus kept inside, a column on a desktop', async ({ page, request }) => {
  await open(page, '/category/odyag');
  const toggle = page.getByTestId('filters-open');
  const colours = (await listOf(request, 'category_slug=odyag')).results.available_colors;
  const olive = colours.find((c) => c.name === 'Олива');
  if (!olive) throw new Error('no olive in the demo catalogue');

  if (!isPhone(page)) {
    // The desktop keeps the filters in the left column, without a button or a dialog.
    await expect(toggle).toBeHidden();
    await expect(page.getByTestId('color-filter')).toBeVisible();
    await expect(page.getByTestId('filter-drawer')).toHaveCount(0);
    // The box follows the address: it is ticked once the filtered listing has loaded.
    const box = page.getByTestId('color-filter').getByRole('checkbox', { name: 'Олива', exact: true });
    await box.click();
    await expect(page).toHaveURL(`/category/odyag?color=${olive.id}`);
    await expect(box).toBeChecked();
    return;
  }

  // On a phone the column is not in the page's flow: just the button.
  await expect(page.getByTestId('color-filter')).toBeHidden();
  // The column moves into the drawer when the drawer is first opened, not as the page wakes up
  // (building it again right after hydration was one long task on a page of 100 cards).
  await expect(page.getByTestId('filter-drawer')).toHaveCount(0);
  await expect(page.getByTestId('color-filter')).toHaveCount(1);
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Фільтри' });
  await expect(drawer).toBeVisible();
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
  expect(await inside()).toBe(true);
  // Focus stays inside whichever way it goes.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
  }

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  // The cross closes it.
  await toggle.click();
  await drawer.getByRole('button', { name: 'Закрити фільтри' }).click();
  await expect(drawer).toBeHidden();

  // A colour chosen in the drawer applies at once; the button says how many products are left.
  await toggle.click();
  const total = (await listOf(request, 'category_slug=odyag')).count;
  const show = drawer.getByTestId('filter-drawer-show');
  await expect(show).toHaveText(showText(total));
  const box = drawer.getByRole('checkbox', { name: 'Олива', exact: true });
  await box.click();
  await expect(page).toHaveURL(`/category/odyag?color=${olive.id}`);
  await expect(box).toBeChecked();
  const filtered = (await listOf(request, `category_slug=odyag&color=${olive.id}`)).count;
  await expect(show).toHaveText(showText(filtered));
  await expect(drawer).toBeVisible();
  await show.click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('.listing-count')).toContainText(String(filtered));

  // What the server holds: the listing the page shows is the API's answer for that colour.
  const cards = page.getByTestId('product-card');
  const first = (await listOf(request, `category_slug=odyag&color=${olive.id}`)).results.products[0];
  await expect(cards.first().locator('.card__name a')).toHaveAttribute('href', new RegExp(`/${first?.slug}\\?color=`));
  expect(await noSidewaysScroll(page)).toBe(true);
});
