import { expect, open, test } from '../fixtures.ts';

test('search: suggestions as you type, keyboard choice, and the results page', async ({ page }) => {
  await open(page, '/');
  const input = page.getByTestId('search-input');
  await input.fill('куртка');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();

  await input.press('ArrowDown');
  await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(listbox).toBeHidden();

  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0$/);
  await expect(page.getByTestId('search-title')).toHaveText('ПОШУК: куртка');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await input.fill('zzzzqqqxxx');
  await input.press('Enter');
  await expect(page.getByTestId('search-title')).toHaveText('ПОШУК');
  await expect(page.getByTestId('listing-empty')).toBeVisible();
});

test('search: choosing a suggestion with the keyboard opens it', async ({ page }) => {
  await open(page, '/');
  const input = page.getByTestId('search-input');
  await input.fill('kurtka');
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect(first).toBeVisible();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/(product|category)\//);
});

test('search: a query typed in the wrong layout says what was searched, and the exact query is one click away', async ({
  page,
}) => {
  await open(page, '/');
  const input = page.getByTestId('search-input');
  await input.fill('rehnrf');
  // The suggestions say whose they are, and still open a product or category first.
  await expect(page.getByText('Результати для «куртка»')).toBeVisible();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=rehnrf$/);
  await expect(page.getByTestId('search-title')).toHaveText('ПОШУК: rehnrf');
  await expect(page.getByTestId('search-reading')).toContainText('Показано результати для «куртка».');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.getByRole('link', { name: 'Шукати саме «rehnrf»' }).click();
  await expect(page).toHaveURL(/\/search\?query=rehnrf&exact=1$/);
  await expect(page.getByTestId('listing-empty')).toBeVisible();
  await expect(page.getByTestId('search-reading')).toBeHidden();
});

test('search: a typo’s results under its reading are the reading’s own, the same products and count', async ({
  page,
  request,
}) => {
  const response = await request.get(`/api/products?search=${encodeURIComponent('куртка')}&limit=100`);
  const { count } = (await response.json()) as { count: number };
  expect(count).toBeGreaterThan(0);
  // A page of 100: the whole list, its cards in order (a long page renders its cards in steps).
  const shown = async (query: string) => {
    await open(page, `/search?query=${encodeURIComponent(query)}&limit=100`);
    await expect(page.getByTestId('product-card')).toHaveCount(Math.min(count, 100));
    return page.getByTestId('product-card').locator('.card__name').allInnerTexts();
  };
  const typo = await shown('кутрка');
  await expect(page.getByTestId('search-reading')).toContainText('Показано результати для «куртка».');
  const reading = await shown('куртка');
  await expect(page.getByTestId('search-reading')).toBeHidden();
  expect(typo).toEqual(reading);
});
