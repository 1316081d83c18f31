import { expect, isPhone, open, shownPricePattern, shownPriceValue, test } from '../fixtures.ts';

test('a signed-in shopper sees prices, the price filter and the price sorts', async ({ page, request }, info) => {
  // A fresh account per run and project.
  const id = `${Date.now()}${info.project.name === 'phone' ? 1 : 0}`.slice(-9);
  const email = `shopper${id}@example.com`;
  const password = 'secret-123';
  const registered = await request.post('/api/register/', {
    data: {
      first_name: 'Тарас',
      last_name: 'Шевченко',
      email,
      telephone: `+380${id}`,
      password,
      password2: password,
    },
  });
  expect(registered.status()).toBe(201);

  await open(page, '/category/odyag');
  // The guest view: no prices, no price sorts.
  await expect(page.getByTestId('price')).toHaveCount(0);
  await expect(page.getByTestId('sort-menu').locator('option[value="cheap"]')).toHaveCount(0);

  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal).toContainText('Вкажіть e-mail або телефон');
  await modal.getByLabel('E-mail або телефон').fill(email);
  await modal.getByLabel('Пароль').fill(password);
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('profile-link')).toBeVisible();

  // The page reloads its data with the token: prices and the price facets arrive in place.
  await expect(page.getByTestId('price').first()).toHaveText(shownPricePattern);
  await expect(page.getByTestId('sort-menu').locator('option[value="cheap"]')).toHaveCount(1);
  if (isPhone(page)) await page.getByRole('button', { name: 'Фільтри' }).click();
  await expect(page.getByTestId('price-filter')).toBeVisible();
  // On a phone the filters are a drawer over the listing: its button closes it.
  if (isPhone(page)) await page.getByTestId('filter-drawer-show').click();

  await page.getByTestId('sort-menu').selectOption('cheap');
  await expect(page).toHaveURL(/sort=cheap/);
  // The URL changes first; the cards follow when the listing's data arrives.
  const shownPrices = async () =>
    (await page.getByTestId('price').locator('.price__now').allInnerTexts()).map(shownPriceValue);
  await expect
    .poll(async () => {
      const numbers = await shownPrices();
      return numbers.length > 1 && numbers.every((n, i) => i === 0 || (numbers[i - 1] as number) <= n);
    })
    .toBe(true);
});
