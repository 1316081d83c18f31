import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, login, newAccount, register, storeSession } from '../accounts.ts';
import { confirmInBackOffice, signInToBackOffice } from '../back-office.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';
import { mailsTo, orderStatus, productToBuy } from './checkout-helpers.ts';

/** A customer's order paid on receipt, to a Kyiv branch picked from the directory, as the checkout sends it. */
async function orderToKyivBranch(request: APIRequestContext, email: string, token: string) {
  const cities = await (await request.get('/api/novaposhta/cities/?search=Київ')).json();
  const city = cities.cities[0] as { ref: string; description: string };
  const branches = await (await request.get(`/api/novaposhta/warehouses/?city_ref=${city.ref}&search=1`)).json();
  const branch = branches.warehouses[0] as { ref: string; description: string };
  const product = await productToBuy(request, 9);
  const placed = await request.post('/api/orders/', {
    ...bearer(token),
    data: {
      first_name: 'Олена',
      last_name: 'Коваль',
      email,
      phone_number: '+380671234567',
      payment_method: 'cash',
      delivery_type: 'branch',
      shipping_address: {
        city: city.description,
        branch: branch.description,
        city_ref: city.ref,
        branch_ref: branch.ref,
      },
      items: [{ product: product.id, quantity: 1, size: product.sizes[0]?.id ?? null }],
      isAgreement: true,
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { order_id: string };
}

/** The shop as sender, picked once on the shipping settings screen from what the carrier knows. */
async function setSender(page: Page): Promise<void> {
  await page.getByRole('menu').getByText('Доставка', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Налаштування доставки' })).toBeVisible();
  await page.getByLabel('Контрагент').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('settings-phone')).toHaveValue(/^\+380\d{9}$/);
  await page.getByTestId('settings-city').fill('Київ');
  await page.getByRole('option', { name: /^Київ/ }).first().click();
  await page.getByTestId('settings-warehouse').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('Налаштування збережено')).toBeVisible();
}

/** On the carrier's side (the shop's stand-in without a key): moves the parcel, then asks the shop to track. */
async function carrierMoves(carrierPage: Page, number: string, buttons: string[]): Promise<void> {
  await carrierPage.goto('/shipping/sandbox/');
  for (const name of buttons) {
    await carrierPage
      .getByRole('row', { name: new RegExp(number) })
      .getByRole('button', { name })
      .click();
    await expect(carrierPage).toHaveURL(/\/shipping\/sandbox\/$/);
  }
  await carrierPage.getByRole('button', { name: 'Оновити статуси в магазині' }).click();
  await expect(carrierPage.getByText(/Магазин запитав \d+ накладн/)).toBeVisible();
}

test.describe('shipping an order with Nova Poshta', () => {
  test.skip(({ page }) => isPhone(page), 'staff work at a desk; the storefront journeys cover phones');
  test.slow();

  test('a manager makes the waybill, the parcel is tracked to the branch and received, and the buyer follows it', async ({
    page,
    browser,
    request,
  }) => {
    const customer = newAccount('parcel');
    await register(request, customer);
    const tokens = await login(request, customer.email, customer.password);
    const order = await orderToKyivBranch(request, customer.email, tokens.access);

    await signInToBackOffice(page);
    await setSender(page);

    // The order, from the list, confirmed after the phone call.
    await confirmInBackOffice(page, order.order_id);

    // The waybill form comes filled from the order; the carrier prices it, then makes it.
    const form = page.getByTestId('waybill-form');
    await expect(form.getByTestId('waybill-recipient_last_name')).toHaveValue('Коваль');
    await form.getByTestId('waybill-estimate-button').click();
    await expect(form.getByTestId('waybill-estimate')).toContainText('Доставка ≈');
    await form.getByTestId('waybill-save').click();
    const waybill = page.getByTestId('shipment-number');
    await expect(waybill).toHaveText(/\d{14}/);
    const number = ((await waybill.textContent()) ?? '').match(/\d{14}/)?.[0] as string;
    await expect(page.getByTestId('shipment-status')).toHaveText('Накладну створено');

    // The carrier takes the parcel and brings it to the branch.
    const carrier = await browser.newPage();
    await carrierMoves(carrier, number, ['Прийняти до відправки']);
    await page.reload();
    await expect(page.getByTestId('shipment-status')).toHaveText('У дорозі');
    expect((await orderStatus(request, order.order_id)).status).toBe('shipped');
    await carrierMoves(carrier, number, ['Прибула у відділення']);
    await page.reload();
    await expect(page.getByTestId('shipment-status')).toHaveText('Чекає у відділенні');
    await expect(page.getByTestId('shipment-storage')).toBeVisible();
    expect((await orderStatus(request, order.order_id)).status).toBe('delivered');
    const mails = await mailsTo(customer.email, 4);
    expect(
      mails.some((mail) => mail.includes(`Номер накладної: ${number}`) && mail.includes('передано Новій Пошті')),
    ).toBe(true);
    expect(mails.some((mail) => mail.includes('Заберіть його до'))).toBe(true);

    // The buyer sees the parcel in their order history.
    const buyer = await browser.newPage();
    await open(buyer, '/');
    await storeSession(buyer, tokens);
    await open(buyer, '/profile-orders');
    const parcel = buyer.getByTestId('order-card').getByTestId('parcel');
    await expect(parcel.getByTestId('parcel-waybill')).toContainText(number);
    await expect(parcel.getByTestId('parcel-status')).toHaveText('Чекає у відділенні');
    await expect(parcel.getByTestId('parcel-storage')).toContainText('Зберігається до');

    // Received, and the cash on delivery handed over: the order is done.
    await carrierMoves(carrier, number, ['Видати одержувачу', 'Переказати гроші магазину']);
    await expect.poll(async () => (await orderStatus(request, order.order_id)).status).toBe('completed');
    await page.reload();
    await expect(page.getByTestId('shipment-status')).toHaveText('Отримано');
    await carrier.close();
    await buyer.close();
  });
});
