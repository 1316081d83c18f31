import type { Locator, Page } from '@playwright/test';
import { expect, open, test } from '../fixtures.ts';
import { buyerEmail, mailsTo, orderStatus, productToBuy, productUrl } from './checkout-helpers.ts';

/** Presses Tab until `target` has the focus: the keyboard's way there, no pointer. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never took the focus`);
}

test('a guest buys with the keyboard alone', async ({ page, request }, info) => {
  const product = await productToBuy(request, 7);
  const email = buyerEmail(info, 'keyboard');
  await open(page, productUrl(product));

  // Size with Space, then "to cart" with Enter.
  const purchase = page.getByTestId('purchase');
  await tabTo(page, purchase.getByTestId('size-options').getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(purchase.getByTestId('size-options').getByRole('radio').first()).toBeChecked();
  await tabTo(page, purchase.getByTestId('add-to-cart'));
  await page.keyboard.press('Enter');
  const toast = page.getByTestId('cart-toast');
  await expect(toast).toContainText('Товар додано до кошика');

  // The confirmation's way to the cart, then to checkout.
  await tabTo(page, toast.getByRole('button', { name: 'Перейти до кошика' }));
  await page.keyboard.press('Enter');
  const sidebar = page.getByTestId('cart-sidebar');
  await expect(sidebar.getByTestId('cart-line')).toHaveCount(1);
  await tabTo(page, sidebar.getByRole('link', { name: 'Перейти до оформлення' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  await tabTo(page, page.getByLabel("Ім'я"));
  await page.keyboard.type('Олена');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Коваль');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('067 123 45 67');
  await expect(page.getByLabel('Телефон')).toHaveValue('+380671234567');

  // The delivery choices are one stop; the branch is the default.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'У відділення чи поштомат Нової пошти' })).toBeFocused();

  // City: type, arrow to the match, Enter picks it (and sends nothing).
  const city = page.getByRole('combobox', { name: 'Місто' });
  await page.keyboard.press('Tab');
  await expect(city).toBeFocused();
  await page.keyboard.type('Оде');
  await expect(page.getByRole('option', { name: 'Одеса', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(city).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(city).toHaveValue('Одеса');

  // Branch: ArrowDown opens the city's list without typing.
  const branch = page.getByRole('combobox', { name: 'Відділення або поштомат' });
  await page.keyboard.press('Tab');
  await expect(branch).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = (await page.getByRole('option').nth(1).innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(branch).toHaveValue(chosen);

  // Payment by arrows: cash → matching.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Готівкою або карткою при отриманні' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'За домовленістю з менеджером' })).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Коментар до замовлення')).toBeFocused();
  await page.keyboard.type('Після 18:00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Передзвоніть мені для уточнення замовлення')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Я приймаю умови')).toBeChecked();

  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders/') && r.request().method() === 'POST');
  await tabTo(page, page.getByTestId('place-order'));
  await page.keyboard.press('Enter');
  const order = (await (await placed).json()) as { order_id: string };

  await expect(page).toHaveURL(/\/success-order$/);
  await expect(page.getByTestId('order-status')).toHaveText('Нове');
  await expect(page.getByTestId('order-payment')).toHaveText('За домовленістю з менеджером');
  await expect(page.getByTestId('order-item')).toContainText(product.name);

  expect(await orderStatus(request, order.order_id)).toEqual({
    order_id: order.order_id,
    status: 'new',
    payment_method: 'matching',
  });
  const [mail] = await mailsTo(email);
  expect(mail).toContain(chosen);
});
