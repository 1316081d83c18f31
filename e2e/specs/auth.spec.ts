import type { APIRequestContext, Page } from '@playwright/test';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, open, test } from '../fixtures.ts';

/** A fresh account per run and project: e-mail and a +380 telephone nobody has. */
function newAccount(project: string) {
  const id = `${Date.now()}${project === 'phone' ? 3 : 2}`.slice(-9);
  return { email: `buyer${id}@example.com`, telephone: `+380${id}`, password: 'secret-123' };
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function serverWishlistSlugs(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await request.get('/api/wishlist/', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { results: { product: { slug: string } }[] };
  return body.results.map((entry) => entry.product.slug);
}

test('register, sign in: prices appear, guest hearts move to the account, rate a product', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  const account = newAccount(info.project.name);
  await open(page, '/category/vzuttia');
  await expect(page.getByTestId('price')).toHaveCount(0);

  // Two hearts as a guest, kept in the browser.
  const cards = page.getByTestId('product-card');
  const slugs: string[] = [];
  for (const index of [0, 1]) {
    const card = cards.nth(index);
    const href = (await card.locator('.card__name a').getAttribute('href')) ?? '';
    slugs.push(href.split('/').at(-1) ?? '');
    await card.getByTestId('wishlist-heart').click();
    await expect(card.getByTestId('wishlist-heart')).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('wishlist-count')).toHaveText('2');

  // Registration, then its success message.
  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect(modal.getByRole('heading', { name: 'Реєстрація' })).toBeVisible();
  const form = modal.getByTestId('register-form');
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  };
  const details = {
    "Ім'я": 'Тарас',
    Прізвище: 'Шевченко',
    'E-mail': account.email,
    Телефон: account.telephone,
    Пароль: account.password,
    'Повторіть пароль': account.password,
  };
  await fill(details);
  await form.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect(modal.getByTestId('registered')).toContainText('Ваш обліковий запис створено');

  // The same e-mail and telephone again: both are taken, and the form is cleared.
  await modal.getByRole('button', { name: 'Закрити' }).click();
  await expect(modal).toHaveCount(0);
  await page.getByTestId('sign-in').click();
  await expect(modal.getByTestId('login-form')).toBeVisible();
  await modal.getByRole('button', { name: 'Зареєструватися' }).click();
  await fill(details);
  await form.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect(form.getByTestId('register-failure')).toContainText('Цей e-mail вже зареєстровано');
  await expect(form.getByTestId('register-failure')).toContainText('Цей номер телефону вже зареєстровано');
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('');

  // Sign in with the telephone.
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await modal.getByLabel('E-mail або телефон').fill(account.telephone);
  await modal.getByLabel('Пароль').fill(account.password);
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('profile-link')).toBeVisible();
  await expect(page.getByTestId('sign-in')).toHaveCount(0);

  // Prices on the cards of the page already open, and the hearts now in the account.
  await expect(page.getByTestId('price').first()).toHaveText(/\d,\d{2}\s₴/);
  await expect(page.getByTestId('wishlist-count')).toHaveText('2');
  const token = (await stored(page, 'access')) ?? '';
  expect(token).not.toBe('');
  expect(await stored(page, 'refresh')).not.toBeNull();
  expect(await stored(page, 'is_staff')).toBe('false');
  await expect.poll(() => serverWishlistSlugs(request, token)).toEqual(expect.arrayContaining(slugs));
  await expect.poll(() => stored(page, 'wishlist')).toBeNull();

  // The product page shows the price too; rate it with a star other than the current one.
  await cards.first().locator('.card__name a').click();
  await expect(page).toHaveURL(new RegExp(`/${slugs[0]}$`));
  await expect(page.getByTestId('purchase').getByTestId('price')).toHaveText(/\d,\d{2}\s₴ \/ шт/);
  const product = (await (await request.get(`/api/products/${slugs[0]}`)).json()) as { id: number };
  const before = (await (await request.get(`/api/rate-product/?product_id=${product.id}`)).json()) as {
    average_rating: number;
  };
  const stars = page.getByTestId('rating');
  await expect(stars).toHaveAttribute('role', 'radiogroup');
  const current = Number(await stars.getAttribute('data-value'));
  const rating = current === 4 ? 5 : 4;
  await stars.getByRole('radio', { name: `${rating} з 5` }).click();
  await expect(stars.getByRole('radio', { name: `${rating} з 5` })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('notification-message')).toHaveText('Дякуємо! Вашу оцінку збережено.');
  const after = (await (await request.get(`/api/rate-product/?product_id=${product.id}`)).json()) as {
    average_rating: number;
  };
  expect(after.average_rating).not.toBe(before.average_rating);
  expectFailedResponses(consoleErrors, [{ status: 400, path: '/api/register/' }]);
});

test('a failed login shows the error-only view and clears the form', async ({ page, request, consoleErrors }) => {
  await open(page, '/');
  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel('E-mail або телефон').fill('nobody@example.com');
  await modal.getByLabel('Пароль').fill('wrong-password');
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal.getByTestId('login-failed')).toContainText('Невірний логін або пароль.');
  await expect(modal.getByTestId('login-form')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Спробувати ще раз' }).click();
  await expect(modal.getByLabel('E-mail або телефон')).toHaveValue('');
  await expect(modal.getByLabel('Пароль')).toHaveValue('');

  // Closing resets the views: the modal opens on the login form again.
  await modal.getByLabel('E-mail або телефон').fill('nobody@example.com');
  await modal.getByLabel('Пароль').fill('wrong-password');
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal.getByTestId('login-failed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await page.getByTestId('sign-in').click();
  await expect(modal.getByTestId('login-form')).toBeVisible();
  await expect(modal.getByLabel('E-mail або телефон')).toBeFocused();

  expect(await stored(page, 'access')).toBeNull();
  const profile = await request.get('/api/user-profile/');
  expect(profile.status()).toBe(401);
  expectFailedResponses(consoleErrors, [{ status: 401, path: '/api/login/' }]);
});

test('every rule of the registration form shows its message', async ({ page }) => {
  await open(page, '/');
  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByRole('button', { name: 'Зареєструватися' }).click();
  const form = modal.getByTestId('register-form');
  const submit = form.getByRole('button', { name: 'Зареєструватися' });
  const errorOf = (label: string) =>
    form.locator('.auth-field', { has: page.getByLabel(label, { exact: true }) }).getByTestId('field-error');

  await submit.click();
  await expect(errorOf("Ім'я")).toHaveText("Вкажіть ім'я");
  await expect(errorOf('Прізвище')).toHaveText('Вкажіть прізвище');
  await expect(errorOf('E-mail')).toHaveText('Вкажіть e-mail');
  await expect(errorOf('Телефон')).toHaveText('Вкажіть номер телефону');
  await expect(errorOf('Пароль')).toHaveText('Вкажіть пароль');
  await expect(form.getByLabel("Ім'я", { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Whitespace is stripped as typed from every field but the passwords.
  await form.getByLabel("Ім'я", { exact: true }).fill(' Тарас ');
  await expect(form.getByLabel("Ім'я", { exact: true })).toHaveValue('Тарас');
  await form.getByLabel('Прізвище', { exact: true }).fill('Шевченко');
  await form.getByLabel('E-mail', { exact: true }).fill('taras @example');
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('taras@example');
  await form.getByLabel('Телефон', { exact: true }).fill('0501234567');
  await form.getByLabel('Пароль', { exact: true }).fill('12345');
  await submit.click();
  await expect(errorOf("Ім'я")).toHaveCount(0);
  await expect(errorOf('E-mail')).toHaveText('Невірний формат e-mail');
  await expect(errorOf('Телефон')).toHaveText('Номер телефону у форматі +380XXXXXXXXX');
  await expect(errorOf('Пароль')).toHaveText('Пароль має містити від 6 до 20 символів');

  await form.getByLabel('Пароль', { exact: true }).fill('123456789012345678901');
  await submit.click();
  await expect(errorOf('Пароль')).toHaveText('Пароль має містити від 6 до 20 символів');

  // The telephone field takes at most 13 characters.
  await form.getByLabel('Телефон', { exact: true }).fill('+3805012345678');
  await expect(form.getByLabel('Телефон', { exact: true })).toHaveValue('+380501234567');
  await form.getByLabel('E-mail', { exact: true }).fill('taras@example.com');
  await form.getByLabel('Пароль', { exact: true }).fill('secret 1');
  await form.getByLabel('Повторіть пароль', { exact: true }).fill('secret 2');
  await submit.click();
  await expect(errorOf('Повторіть пароль')).toHaveText('Паролі не збігаються');
  await expect(form.getByLabel('Пароль', { exact: true })).toHaveValue('secret 1');
  for (const label of ["Ім'я", 'Прізвище', 'E-mail', 'Телефон', 'Пароль']) await expect(errorOf(label)).toHaveCount(0);

  // The form never reached the server: there is no such account.
  const login = await page.request.post('/api/login/', {
    data: { email_or_phone: 'taras@example.com', password: 'secret 1' },
  });
  expect(login.status()).toBe(401);
});
