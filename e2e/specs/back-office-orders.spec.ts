import type { APIRequestContext } from '@playwright/test';
import { bearer, login, newAccount, register, storeSession } from '../accounts.ts';
import { confirmInBackOffice, signInToBackOffice } from '../back-office.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';
import { mailsTo, orderStatus, productToBuy } from './checkout-helpers.ts';

/** An order paid on receipt, picked up in the shop, placed through the API as the storefront does. */
async function placeOrder(
  request: APIRequestContext,
  email: string,
  productIndex: number,
  token?: string,
): Promise<{ order_id: string }> {
  const product = await productToBuy(request, productIndex);
  const placed = await request.post('/api/orders/', {
    ...(token ? bearer(token) : {}),
    data: {
      first_name: 'Олена',
      last_name: 'Коваль',
      email,
      phone_number: '+380671234567',
      payment_method: 'cash',
      delivery_type: 'self_delivery',
      items: [{ product: product.id, quantity: 1, size: product.sizes[0]?.id ?? null }],
      isAgreement: true,
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { order_id: string };
}

test.describe('the back office and orders', () => {
  test.skip(({ page }) => isPhone(page), 'staff work at a desk; the storefront journeys cover phones');
  test.slow();

  test('a manager confirms a guest’s order: the status follows and the guest gets a mail', async ({
    page,
    request,
  }, info) => {
    const email = `guest-${info.project.name}-${Date.now()}@example.com`;
    const order = await placeOrder(request, email, 5);
    await mailsTo(email, 1);

    await signInToBackOffice(page);
    await confirmInBackOffice(page, order.order_id);

    expect((await orderStatus(request, order.order_id)).status).toBe('confirmed');
    const mails = await mailsTo(email, 2);
    expect(mails.some((mail) => mail.includes('Менеджер підтвердив ваше замовлення.'))).toBe(true);
  });

  test('a manager confirms a customer’s order and the customer sees it in their order history', async ({
    page,
    request,
  }) => {
    const customer = newAccount('history');
    await register(request, customer);
    const tokens = await login(request, customer.email, customer.password);
    const order = await placeOrder(request, customer.email, 6, tokens.access);

    await signInToBackOffice(page);
    await confirmInBackOffice(page, order.order_id);
    await mailsTo(customer.email, 2);

    // The same browser becomes the customer's: the back office keeps its session under the
    // storefront's keys, which the customer's session now replaces.
    await open(page, '/');
    await storeSession(page, tokens);
    await open(page, '/profile-orders');
    const card = page.getByTestId('order-card');
    await expect(card.getByTestId('order-number')).toHaveText(`Замовлення #${order.order_id.slice(-7)}`);
    await expect(card.getByTestId('order-status')).toHaveText('Підтверджене');
  });
});
