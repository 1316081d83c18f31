import { expectFailedResponses } from '../expected-failures.ts';
import { expect, open, test } from '../fixtures.ts';

async function productPage(request: import('@playwright/test').APIRequestContext) {
  const list = await (await request.get('/api/products?page=1&limit=12&sort=default')).json();
  const product = list.results.products[2] as { id: number; slug: string; category_full_path: string };
  return { id: product.id, path: `/product/${product.category_full_path}/${product.slug}` };
}

const average = async (request: import('@playwright/test').APIRequestContext, id: number) =>
  ((await (await request.get(`/api/rate-product/?product_id=${id}`)).json()) as { average_rating: number })
    .average_rating;

test('a guest who rates is asked to sign in; the stars work from the keyboard', async ({ page, request }) => {
  const product = await productPage(request);
  const before = await average(request, product.id);
  await open(page, product.path);
  const stars = page.getByTestId('rating');
  await expect(stars).toHaveAttribute('role', 'radiogroup');
  await expect(stars.getByRole('radio')).toHaveCount(5);

  await stars.getByRole('radio', { name: '3 з 5' }).click();
  await expect(page.getByTestId('notification-message')).toHaveText(
    'Оцінювати товари можуть лише зареєстровані покупці. Увійдіть, щоб поставити оцінку.',
  );
  await page.getByRole('button', { name: 'Закрити' }).click();
  await expect(page.getByTestId('notification')).toHaveCount(0);

  // One Tab stop; arrows move along the scale without rating, Space rates the focused star.
  const current = Math.round(before);
  const first = stars.getByRole('radio', { name: `${current >= 1 ? current : 1} з 5` });
  await first.focus();
  await expect(stars.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('End');
  await expect(stars.getByRole('radio', { name: '5 з 5' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(stars.getByRole('radio', { name: '4 з 5' })).toBeFocused();
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('notification-message')).toContainText('зареєстровані покупці');

  expect(await average(request, product.id)).toBe(before);
});

test('a rating that fails to load says so instead of showing 0', async ({ page, request, consoleErrors }) => {
  await open(page, '/category/vzuttia');
  // The next page's data is loaded by the browser, where the rating's answer can fail.
  await page.route('**/api/rate-product/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail": "Service unavailable."}' }),
  );
  const card = page.getByTestId('product-card').first();
  const href = (await card.locator('.card__name a').getAttribute('href')) ?? '';
  await card.locator('.card__name a').click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('rating-error')).toHaveText('Не вдалося завантажити рейтинг');
  await expect(page.getByTestId('rating')).toHaveCount(0);

  // The server itself still answers: the failure was the page's to report, not to hide as 0.
  const product = (await (await request.get(`/api/products/${href.split('/').at(-1)}`)).json()) as { id: number };
  expect((await request.get(`/api/rate-product/?product_id=${product.id}`)).status()).toBe(200);
  expectFailedResponses(consoleErrors, [{ status: 503, path: '/api/rate-product/' }]);
});
