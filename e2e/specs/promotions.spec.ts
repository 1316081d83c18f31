import { expectFailedResponses } from '../expected-failures.ts';
import { expect, shownMoney, test } from '../fixtures.ts';
import {
  addToCartFromProductPage,
  buyerEmail,
  chooseOdesaBranch,
  fillContact,
  mailsTo,
  productToBuy,
} from './checkout-helpers.ts';

test('a guest applies the demo promo code at the checkout and finds the discount in the mail', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  const product = await productToBuy(request, 7);
  const email = buyerEmail(info, 'promo');
  await addToCartFromProductPage(page, product);
  await page.goto('/checkout');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  const promo = page.getByTestId('checkout-promo');
  const field = promo.getByLabel('Промокод');
  // A code the shop does not have is refused in the shopper's language.
  await field.fill('NO-SUCH-CODE');
  await promo.getByTestId('checkout-promo-apply').click();
  await expect(promo.getByTestId('checkout-promo-error')).toHaveText('Такого промокоду немає.');

  await field.fill('kram10');
  const checked = page.waitForResponse((r) => r.url().endsWith('/api/promo-codes/check/'));
  await promo.getByTestId('checkout-promo-apply').click();
  const preview = (await (await checked).json()) as { discount: string; amount: string | null };
  // A guest sees the discount, not the total it was taken from (no prices before the order).
  expect(preview.amount).toBeNull();
  await expect(promo.getByTestId('checkout-discount')).toContainText('Знижка за промокодом KRAM10');
  await expect(promo.getByTestId('checkout-discount')).toContainText(shownMoney(preview.discount, 'грн'));
  await expect(promo.getByTestId('checkout-promo-error')).toHaveCount(0);

  await fillContact(page, email);
  await chooseOdesaBranch(page);
  await page.getByLabel('Я приймаю умови').check();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders/') && r.request().method() === 'POST');
  await page.getByTestId('place-order').click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const order = (await answer.json()) as { order_id: string; amount: string; discount: string; promo_code: string };
  expect(order.promo_code).toBe('KRAM10');
  expect(order.discount).toBe(preview.discount);

  // The success page and the mail show the discount and what is left to pay.
  await expect(page).toHaveURL(/\/success-order$/);
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-discount')).toHaveText(`−${shownMoney(order.discount, 'грн')}`);
  await expect(details.getByTestId('order-total')).toHaveText(shownMoney(order.amount, 'грн'));
  const [mail] = await mailsTo(email);
  expect(mail).toContain('Знижка за промокодом KRAM10');
  expect(mail).toContain(`−${shownMoney(order.discount, 'грн')}`);
  expect(mail).toContain(shownMoney(order.amount, 'грн'));
  // The unknown code's refusal, asked for above.
  expectFailedResponses(consoleErrors, [{ status: 400, path: '/api/promo-codes/check/' }]);
});
