import { login, newAccount, register, storeSession } from '../accounts.ts';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, open, shownMoney, test } from '../fixtures.ts';
import {
  addToCartFromProductPage,
  buyerEmail,
  chooseOdesaBranch,
  fillContact,
  mailsTo,
  orderStatus,
  productToBuy,
} from './checkout-helpers.ts';

test('a guest buys two products with cash: city and branch from the autocompletes', async ({ page, request }, info) => {
  const first = await productToBuy(request, 0);
  const second = await productToBuy(request, 1);
  const email = buyerEmail(info, 'cash');
  await addToCartFromProductPage(page, first);
  await addToCartFromProductPage(page, second, 1);

  // The confirmation leads to the cart; a guest sees no zero total but when prices appear.
  await page.getByTestId('cart-toast').getByRole('button', { name: 'Перейти до кошика' }).click();
  const sidebar = page.getByTestId('cart-sidebar');
  await expect(sidebar.getByTestId('cart-line')).toHaveCount(2);
  await expect(sidebar.getByTestId('cart-items-count')).toHaveText('2 товари');
  await expect(sidebar.getByTestId('cart-total')).toContainText("Ціни з'являться після входу");
  await expect(sidebar).not.toContainText('0.00');
  await sidebar.getByRole('link', { name: 'Перейти до оформлення' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Оформлення замовлення' })).toBeVisible();
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('cart-line')).toHaveCount(2);
  await expect(summary.getByTestId('checkout-count')).toHaveText('2 товари');
  await expect(summary.getByTestId('checkout-delivery')).toHaveText('0 грн');
  await expect(summary.getByTestId('checkout-guest-price')).toContainText('Ціну підтвердить менеджер');
  await expect(page.getByLabel('Телефон')).toHaveAttribute('placeholder', '+38 (0__) ___-__-__');

  await fillContact(page, email);
  const branch = await chooseOdesaBranch(page);
  await page.getByLabel('Я приймаю умови').check();
  await expect(page.getByRole('radio', { name: 'Готівкою або карткою при отриманні' })).toBeChecked();

  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders/') && r.request().method() === 'POST');
  await page.getByTestId('place-order').click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  const order = (await answer.json()) as { order_id: string; amount: string };
  await expect(page.getByTestId('checkout-done')).toContainText('Замовлення прийнято');

  // After a second, the success page.
  await expect(page).toHaveURL(/\/success-order$/);
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-number')).toHaveText(`#${order.order_id.slice(-7)}`);
  await expect(details.getByTestId('order-status')).toHaveText('Нове');
  await expect(details.getByTestId('order-payment')).toHaveText('Готівкою або карткою при отриманні');
  await expect(details.getByTestId('order-total')).toHaveText(shownMoney(order.amount, 'грн'));
  await expect(details.getByTestId('order-item')).toHaveCount(2);
  await expect(details.getByTestId('order-item').first()).toContainText(first.name);
  await expect(details.getByRole('link', { name: second.name })).toHaveAttribute('href', /\/product\//);
  // The cart is empty; the stored order was read once and is gone.
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  expect(await page.evaluate(() => localStorage.getItem('orderData'))).toBeNull();
  await page.reload();
  await expect(page).toHaveURL(/\/$/);

  // What the server holds: the order, new and on cash, and the buyer's mail about it.
  expect(await orderStatus(request, order.order_id)).toEqual({
    order_id: order.order_id,
    status: 'new',
    payment_method: 'cash',
  });
  const [mail] = await mailsTo(email);
  expect(mail).toContain(`#${order.order_id.slice(-7)}`);
  expect(mail).toContain(first.name);
  expect(mail).toContain(branch);
});

test('every checkout error shows its text and blocks the order', async ({ page, request }) => {
  const product = await productToBuy(request, 2);
  await open(page, '/checkout');
  await expect(page.getByTestId('checkout-empty')).toContainText('Немає чого оформлювати');

  await addToCartFromProductPage(page, product);
  await open(page, '/checkout');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(orders|create-monobank-invoice)\//.test(r.url())) posted++;
  });
  await page.getByTestId('place-order').click();
  const errors = {
    'checkout-first_name-error': "Вкажіть ім'я",
    'checkout-last_name-error': 'Вкажіть прізвище',
    'checkout-email-error': 'Вкажіть e-mail',
    'checkout-phone-error': 'Вкажіть номер телефону',
    'checkout-city-error': 'Вкажіть місто',
    'checkout-branch-error': 'Оберіть відділення',
    'checkout-agreement-error': 'Потрібна ваша згода з умовами',
  };
  for (const [id, text] of Object.entries(errors)) await expect(page.getByTestId(id)).toHaveText(text);
  // The first field at fault takes the focus.
  await expect(page.getByLabel("Ім'я")).toBeFocused();

  await page.getByLabel('E-mail').fill('olena@');
  await page.getByLabel('Телефон').fill('+38067123');
  await page.getByRole('radio', { name: "Кур'єром Нової пошти за адресою" }).check();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('checkout-email-error')).toHaveText('Невірний формат e-mail');
  await expect(page.getByTestId('checkout-phone-error')).toHaveText('Номер телефону у форматі +380XXXXXXXXX');
  await expect(page.getByTestId('checkout-address-error')).toHaveText('Вкажіть адресу доставки');
  await expect(page.getByTestId('checkout-branch-error')).toHaveCount(0);

  // Pickup needs no city: the shop's address in Odesa stands instead.
  await page.getByRole('radio', { name: 'Самовивіз з магазину' }).check();
  await expect(page.getByTestId('pickup-address')).toContainText('Одеса');
  await expect(page.getByRole('combobox', { name: 'Місто' })).toHaveCount(0);
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('checkout-city-error')).toHaveCount(0);
  await expect(page.getByTestId('checkout-agreement-error')).toBeVisible();

  // A signed-in shopper whose only product has sold out: nothing is left to order.
  const account = newAccount('soldout');
  await register(request, account);
  const tokens = await login(request, account.email, account.password);
  // It sold out after it was put in the cart (the shop's cart button refuses a sold-out one).
  let soldOut: { slug: string } | undefined;
  for (let pageNo = 1; !soldOut && pageNo <= 10; pageNo++) {
    const list = await request.get(`/api/products?page=${pageNo}&limit=100&sort=default`);
    const { results } = (await list.json()) as { results: { products: { is_on_sale: boolean; slug: string }[] } };
    if (results.products.length === 0) break;
    soldOut = results.products.find((p) => !p.is_on_sale);
  }
  expect(soldOut).toBeDefined();
  const gone = await (await request.get(`/api/products/${soldOut?.slug}`)).json();
  await page.evaluate((p) => {
    const line = {
      id: p.id,
      slug: p.slug,
      name: p.name,
      name_ru: p.name_ru,
      price: null,
      count: 1,
      category_full_path: p.category_full_path,
      product_images: p.product_images,
      selectedColor: null,
      selectedSize: p.sizes[0] ?? null,
    };
    localStorage.setItem('cart', JSON.stringify([line]));
  }, gone);
  await storeSession(page, tokens);
  await open(page, '/checkout');
  await expect(page.getByTestId('cart-line-unavailable')).toBeVisible();
  await expect(page.getByTestId('checkout-count')).toHaveText('0 товарів');
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('checkout-items-error')).toHaveText('У кошику немає товарів');
  expect(posted).toBe(0);
});

test('a double click on place-order places one order', async ({ page, request }, info) => {
  const product = await productToBuy(request, 3);
  const email = buyerEmail(info, 'double');
  await addToCartFromProductPage(page, product);
  await open(page, '/checkout');
  await fillContact(page, email);
  await chooseOdesaBranch(page);
  await page.getByRole('radio', { name: 'За домовленістю з менеджером' }).check();
  await page.getByLabel('Я приймаю умови').check();

  const ids = new Set<string>();
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/orders/') && r.request().method() === 'POST') ids.add((await r.json()).order_id);
  });
  await page.getByTestId('place-order').dblclick();
  await expect(page).toHaveURL(/\/success-order$/);
  await expect(page.getByTestId('order-payment')).toHaveText('За домовленістю з менеджером');
  expect(ids.size).toBe(1);
  const [orderId] = [...ids] as [string];
  expect(await orderStatus(request, orderId)).toMatchObject({ status: 'new', payment_method: 'matching' });
  // One order, one mail to its buyer.
  await mailsTo(email, 1);
});

test('a guest’s cart shows the shop’s prices once signed in', async ({ page, request }) => {
  const product = await productToBuy(request, 4);
  await addToCartFromProductPage(page, product);
  const account = newAccount('prices');
  await register(request, account);
  const tokens = await login(request, account.email, account.password);
  const { price } = await (
    await request.get(`/api/products/${product.slug}`, { headers: { Authorization: `Bearer ${tokens.access}` } })
  ).json();
  expect(price).toMatch(/^\d+\.\d{2}$/);

  await storeSession(page, tokens);
  // Stored back into the line on sign-in, before the sidebar is even opened.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]')[0]?.price)).toBe(price);
  await page.getByTestId('cart-button').click();
  const sidebar = page.getByTestId('cart-sidebar');
  await expect(sidebar.getByTestId('cart-total')).toHaveText(`Загальна вартість: ${shownMoney(price)}`);
  await sidebar.getByRole('link', { name: 'Перейти до оформлення' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText(shownMoney(price, 'грн'));
  // The profile fills the contact fields.
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  await expect(page.getByLabel('Телефон')).toHaveValue(account.telephone);
});

test('an order the shop refuses shows error_order in the error popup and keeps the cart', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  const product = await productToBuy(request, 8);
  await addToCartFromProductPage(page, product);
  await open(page, '/checkout');
  // 9999 of anything is over the 50,000 UAH that one order may hold (the terms).
  const quantity = page.getByTestId('checkout-summary').getByLabel(`Кількість «${product.name}»`);
  await quantity.fill('9999');
  await quantity.press('Tab');
  await expect(page.getByTestId('checkout-count')).toHaveText('9999 товарів');
  await fillContact(page, buyerEmail(info, 'refused'));
  await page.getByRole('radio', { name: 'Самовивіз з магазину' }).check();
  await page.getByLabel('Я приймаю умови').check();
  await page.getByTestId('place-order').click();

  const popup = page.getByTestId('notification');
  await expect(popup).toHaveClass(/notification--error/);
  await expect(popup.getByTestId('notification-message')).toHaveText(
    'Не вдалося оформити замовлення. Спробуйте ще раз або зателефонуйте нам. ' +
      'Замовлення понад 50 000 грн оформлюється лише телефоном: зателефонуйте нам.',
  );
  await popup.getByRole('button', { name: 'Закрити' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-summary').getByTestId('cart-line')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('orderData'))).toBeNull();
  expectFailedResponses(consoleErrors, [{ status: 400, path: '/api/orders/' }]);
});
