import { expect, open, test } from '../fixtures.ts';
import {
  addToCartFromProductPage,
  buyerEmail,
  chooseOdesaBranch,
  fillContact,
  mailsTo,
  orderStatus,
  productToBuy,
} from './checkout-helpers.ts';

/** A guest's card order up to the shop's sandbox payment page; the invoice's answer is returned. */
async function payByCard(
  page: import('@playwright/test').Page,
  email: string,
  product: Parameters<typeof addToCartFromProductPage>[1],
) {
  await addToCartFromProductPage(page, product);
  await open(page, '/checkout');
  await fillContact(page, email);
  const branch = await chooseOdesaBranch(page);
  await page.getByRole('radio', { name: 'Карткою онлайн (Visa, Mastercard)' }).check();
  await page.getByLabel('Коментар до замовлення').fill('Після 18:00');
  await page.getByLabel('Я приймаю умови').check();
  // The invoice's answer, passed through as it is; the page leaves for the payment page at once.
  let answer: { status: number; key: string | undefined; body: { order_id: string; payment_url: string } } | undefined;
  await page.route('**/api/create-monobank-invoice/', async (route) => {
    const response = await route.fetch();
    answer = {
      status: response.status(),
      key: route.request().headers()['idempotency-key'],
      body: await response.json(),
    };
    await route.fulfill({ response });
  });
  await page.getByTestId('place-order').click();
  await expect.poll(() => answer?.status).toBe(201);
  expect(answer?.key).toMatch(/^[0-9a-f]{32}$/);
  const invoice = answer?.body as { order_id: string; payment_url: string };
  // The cart is emptied and the shopper goes to the returned payment page.
  await expect(page).toHaveURL(invoice.payment_url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${invoice.order_id.slice(-7)}`);
  return { ...invoice, branch };
}

test('card: Pay on the payment page brings the shopper to the success page with the paid status', async ({
  page,
  request,
}, info) => {
  const product = await productToBuy(request, 5);
  const email = buyerEmail(info, 'card-paid');
  const invoice = await payByCard(page, email, product);
  expect(await orderStatus(request, invoice.order_id)).toMatchObject({ status: 'awaiting_payment' });

  await page.getByRole('button', { name: 'Сплатити' }).click();
  await expect(page).toHaveURL(new RegExp(`/success-order\\?order_id=${invoice.order_id}$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оплату отримано. Дякуємо!');
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-number')).toHaveText(`#${invoice.order_id.slice(-7)}`);
  await expect(details.getByTestId('order-status')).toHaveText('Сплачене');
  await expect(details.getByTestId('order-payment')).toHaveText('Карткою онлайн');
  // A guest's total is the manager's to confirm; the items are those of the cart.
  await expect(details.getByTestId('order-total')).toHaveText('підтвердить менеджер');
  await expect(details.getByTestId('order-item')).toHaveCount(1);
  await expect(details.getByTestId('order-item')).toContainText(product.name);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // The order is placed and paid: the checkout's kept form is gone with it.
  expect(await page.evaluate(() => sessionStorage.getItem('checkoutForm'))).toBeNull();

  expect(await orderStatus(request, invoice.order_id)).toEqual({
    order_id: invoice.order_id,
    status: 'paid',
    payment_method: 'card',
  });
  // Two mails: the order placed, then its payment received; each names the order.
  const mails = await mailsTo(email, 2);
  for (const mail of mails) expect(mail).toContain(`#${invoice.order_id.slice(-7)}`);
  expect(mails.filter((mail) => mail.includes('Ми отримали оплату карткою'))).toHaveLength(1);
});

test('card: Decline brings the shopper back to checkout with the failure and the cart, the order unpaid', async ({
  page,
  request,
}, info) => {
  const product = await productToBuy(request, 6);
  const email = buyerEmail(info, 'card-declined');
  const invoice = await payByCard(page, email, product);

  await page.getByRole('button', { name: 'Відхилити' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?payment=failed&order_id=${invoice.order_id}$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const alert = page.getByTestId('payment-failed');
  await expect(alert).toContainText(`Оплату замовлення #${invoice.order_id.slice(-7)} не завершено`);
  await expect(alert).toContainText('Ми повернули товари до кошика.');
  await expect(page.getByTestId('checkout-summary').getByTestId('cart-line')).toContainText(product.name);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The form is as the shopper left it, every field and choice, but the agreement is ticked anew.
  const filledAsLeft = async () => {
    await expect(page.getByLabel("Ім'я")).toHaveValue('Олена');
    await expect(page.getByLabel('Прізвище')).toHaveValue('Коваль');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Телефон')).toHaveValue('+380671234567');
    await expect(page.getByRole('radio', { name: 'У відділення чи поштомат Нової пошти' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Місто' })).toHaveValue('Одеса');
    const branch = page.getByRole('combobox', { name: 'Відділення або поштомат' });
    await expect(branch).toHaveValue(invoice.branch);
    await expect(branch).toBeEnabled();
    await expect(page.getByRole('radio', { name: 'Карткою онлайн (Visa, Mastercard)' })).toBeChecked();
    await expect(page.getByLabel('Коментар до замовлення')).toHaveValue('Після 18:00');
    await expect(page.getByLabel('Я приймаю умови')).not.toBeChecked();
  };
  await filledAsLeft();
  // A reload keeps it too.
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await filledAsLeft();

  expect(await orderStatus(request, invoice.order_id)).toEqual({
    order_id: invoice.order_id,
    status: 'awaiting_payment',
    payment_method: 'card',
  });
});
