import { bearer, login, newAccount, register, storeSession } from '../accounts.ts';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, isPhone, open, shownMoney, test } from '../fixtures.ts';
import { mailsTo } from '../outbox.ts';

test('the account area is for signed-in shoppers only', async ({ page, request }) => {
  for (const path of ['/profile', '/profile-wishlist', '/profile-orders']) {
    await open(page, path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-menu')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  }
  // The server sends the page without any account data: the placeholder only.
  const html = await (await request.get('/profile')).text();
  expect(html).toContain('account__placeholder');
  expect(html).not.toContain('data-testid="account-menu"');
});

test('profile, wishlist, orders and logout in the account area', async ({ page, request }) => {
  const account = newAccount('profile');
  await register(request, account);
  const tokens = await login(request, account.email, account.password);
  const auth = bearer(tokens.access);

  await open(page, '/');
  await storeSession(page, tokens);
  await page.getByTestId('profile-link').click();
  await expect(page).toHaveURL(/\/profile$/);

  // The side menu: who is signed in, the three pages, logout.
  const menu = page.getByTestId('account-menu');
  await expect(menu.getByTestId('account-name')).toHaveText('Леся Українка');
  await expect(menu.getByTestId('account-email')).toHaveText(account.email);
  await expect(menu.getByRole('link', { name: 'Профіль' })).toHaveAttribute('aria-current', 'page');

  // View mode, then Edit: the full name is split on its first space.
  await expect(page.getByTestId('profile-full-name')).toHaveText('Леся Українка');
  await expect(page.getByTestId('profile-telephone')).toHaveText(account.telephone);
  await page.getByRole('button', { name: 'Редагувати' }).click();
  const form = page.getByTestId('profile-form');
  await expect(form.getByLabel("Ім'я та прізвище")).toBeFocused();
  await form.getByLabel("Ім'я та прізвище").fill('Лариса Петрівна Косач');
  const telephone = `+380${account.telephone.slice(-9, -1)}${(Number(account.telephone.at(-1)) + 1) % 10}`;
  await form.getByLabel('Телефон').fill(telephone);
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByTestId('profile-form')).toHaveCount(0);
  await expect(page.getByTestId('profile-full-name')).toHaveText('Лариса Петрівна Косач');
  await expect(menu.getByTestId('account-name')).toHaveText('Лариса Петрівна Косач');
  const saved = await (await request.get('/api/user-profile/', auth)).json();
  expect(saved).toEqual({
    first_name: 'Лариса',
    last_name: 'Петрівна Косач',
    email: account.email,
    telephone,
  });
  await page.reload();
  await expect(page.getByTestId('profile-full-name')).toHaveText('Лариса Петрівна Косач');

  // Order history: empty, then the order placed with this account.
  await menu.getByRole('link', { name: 'Історія замовлень' }).click();
  await expect(page.getByTestId('orders-empty')).toHaveText('У вас ще немає замовлень.');
  const list = await (await request.get('/api/products?page=1&limit=12&sort=default')).json();
  const product = (
    list.results.products as { id: number; is_on_sale: boolean; slug: string; sizes: { id: number }[] }[]
  ).find((p) => p.is_on_sale);
  if (!product) throw new Error('no product in stock in the demo catalogue');
  const placed = await request.post('/api/orders/', {
    ...auth,
    data: {
      first_name: 'Лариса',
      last_name: 'Косач',
      email: account.email,
      phone_number: telephone,
      payment_method: 'cash',
      delivery_type: 'self_delivery',
      items: [{ product: product.id, quantity: 2, size: product.sizes[0]?.id ?? null }],
      isAgreement: true,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { order_id: string; amount: string };
  await page.reload();
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('order-number')).toHaveText(`Замовлення #${order.order_id.slice(-7)}`);
  await expect(card.getByTestId('order-status')).toHaveText('Нове');
  await expect(card).toContainText('При отриманні');
  await expect(card.getByTestId('order-total')).toHaveText(shownMoney(order.amount, 'грн'));
  await expect(card.getByTestId('order-item')).toContainText('Кількість: 2 шт');
  await expect(card.getByTestId('order-item').getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`/${product.slug}$`),
  );

  // The server wishlist with remove crosses.
  await menu.getByRole('link', { name: 'Обране' }).click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  expect((await request.post('/api/wishlist/', { ...auth, data: { product_id: product.id } })).status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  await page.getByTestId('wishlist-remove').click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  await expect(page.getByTestId('wishlist-count')).toHaveText('0');
  await expect.poll(async () => (await (await request.get('/api/wishlist/', auth)).json()).results).toEqual([]);

  // Logout clears the session and goes home.
  if (isPhone(page)) await menu.getByRole('button', { name: 'Вийти' }).scrollIntoViewIfNeeded();
  await menu.getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const left = await page.evaluate(() =>
    ['access', 'refresh', 'is_staff', 'is_superuser'].map((key) => localStorage.getItem(key)),
  );
  expect(left).toEqual([null, null, null, null]);
  // What was saved stays on the server.
  const relogged = await login(request, account.email, account.password);
  expect((await (await request.get('/api/user-profile/', bearer(relogged.access))).json()).last_name).toBe(
    'Петрівна Косач',
  );
});

test('a new e-mail is confirmed with the password; the old address hears of it and other sign-ins end', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = newAccount('move');
  await register(request, account);
  const elsewhere = await login(request, account.email, account.password);
  await open(page, '/');
  await storeSession(page, await login(request, account.email, account.password));
  await open(page, '/profile');
  await page.getByRole('button', { name: 'Редагувати' }).click();
  const form = page.getByTestId('profile-form');
  const password = form.getByLabel('Поточний пароль');
  // Only a changed e-mail asks for the password.
  await expect(password).toHaveCount(0);
  const moved = `moved-${account.email}`;
  await form.getByLabel('E-mail').fill(moved);
  await expect(password).toBeVisible();
  await expect(form.getByTestId('profile-current-password')).toContainText(
    'Щоб змінити e-mail, підтвердьте його паролем.',
  );
  // Reached from the e-mail field with the keyboard.
  await form.getByLabel('E-mail').focus();
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();

  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(form.getByTestId('current-password-error')).toHaveText('Щоб змінити e-mail, введіть поточний пароль');
  await expect(password).toBeFocused();
  await password.fill('not-my-password');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(form.getByTestId('current-password-error')).toHaveText('Невірний пароль');
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill(account.password);
  await password.press('Enter');
  await expect(page.getByTestId('profile-form')).toHaveCount(0);
  await expect(page.getByTestId('profile-email')).toHaveText(moved);
  // This browser stays signed in; the other sign-in is over.
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(moved);
  expect((await request.get('/api/user-profile/', bearer(elsewhere.access))).status()).toBe(401);
  expect((await request.post('/api/token/refresh/', { data: { refresh: elsewhere.refresh } })).status()).toBe(401);
  await expect
    .poll(() => mailsTo(account.email).find((text) => text.includes(`змінено на ${moved}`)), { timeout: 10_000 })
    .toBeTruthy();
  expectFailedResponses(consoleErrors, [{ status: 400, path: '/api/user-profile/' }]);
});

test('a request cut short by a newer navigation is no error of the page; any other failure still is', async ({
  page,
  consoleErrors,
}) => {
  // Signing in or out revalidates the root's data; a click on a link right after cuts that request
  // short, and the router leaves its AbortError unhandled. The shop treats such rejections as handled.
  await open(page, '/');
  const firstReported = page.waitForEvent('pageerror');
  await page.evaluate(() => {
    Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    setTimeout(() => Promise.reject(new Error('a real failure')), 50);
  });
  expect((await firstReported).message).toBe('a real failure');
  // That one was on purpose; the fixture checks that nothing else was reported.
  consoleErrors.splice(consoleErrors.indexOf('pageerror: a real failure'), 1);
});
