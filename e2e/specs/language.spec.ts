import { expect, isPhone, open, test } from '../fixtures.ts';

test('switching to Russian moves to the same page under /ru/, shows Russian names and survives a reload', async ({
  page,
}) => {
  await open(page, '/category/odyag/verkhnii-odyag');
  await expect(page.getByRole('heading', { level: 1, name: 'Верхній одяг' })).toBeVisible();
  if (isPhone(page)) await page.getByTestId('burger').click();
  await page.getByTestId('language-ru').filter({ visible: true }).click();

  await expect(page).toHaveURL(/\/ru\/category\/odyag\/verkhnii-odyag$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Верхняя одежда' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lng')?.value).toBe('ru');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Верхняя одежда' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toContainText(/[ыэъё]|Куртка|Брюки/);
  // The cards lead on in Russian.
  await expect(page.getByTestId('product-card').first().locator('.card__name a')).toHaveAttribute(
    'href',
    /^\/ru\/product\//,
  );
});

test('a bookmarked Ukrainian page stays Ukrainian whatever the cookie says', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lng', value: 'ru', url: baseURL ?? '' }]);
  const response = await open(page, '/category/odyag/verkhnii-odyag');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Верхній одяг' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});
