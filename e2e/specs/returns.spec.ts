import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, login, newAccount, register, storeSession } from '../accounts.ts';
import { signInToBackOffice } from '../back-office.ts';
import { expect, open, test } from '../fixtures.ts';
import {
  addToCartFromProductPage,
  chooseOdesaBranch,
  fillContact,
  mailsTo,
  orderStatus,
  productToBuy,
  type ShopProduct,
} from './checkout-helpers.ts';

interface Receipt {
  id: string;
  kind: 'sell' | 'return';
  status: string;
  amount: string;
  fiscal_code: string | null;
  page_url: string | null;
}

/** The order's receipts as the buyer's pages read them. */
async function receiptsOf(request: APIRequestContext, orderId: string): Promise<Receipt[]> {
  const response = await request.get(`/api/orders/${orderId}/receipts/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { receipts: Receipt[] }).receipts;
}

/** Units of a variant that can still be sold, as the back office's stock grid counts them. */
async function available(
  request: APIRequestContext,
  staffToken: string,
  product: ShopProduct,
  variant: { size: number | null; color: number | null },
) {
  const response = await request.get(`/api/admin/products/${product.id}/stock/`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(response.status()).toBe(200);
  const grid = (await response.json()) as {
    variants: { size: number | null; color: number | null; available: number | null }[];
  };
  return grid.variants.find((v) => v.size === variant.size && v.color === variant.color)?.available;
}

/** The customer, signed in, buys both products by card and pays on the shop's payment page. */
async function buyByCard(page: Page, customer: Account, products: ShopProduct[]): Promise<string> {
  for (const product of products) await addToCartFromProductPage(page, product);
  await open(page, '/checkout');
  await fillContact(page, customer.email);
  await chooseOdesaBranch(page);
  await page.getByRole('radio', { name: 'Карткою онлайн (Visa, Mastercard)' }).check();
  await page.getByLabel('Я приймаю умови').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Сплатити' }).click();
  await expect(page).toHaveURL(/\/success-order\?order_id=/);
  const orderId = new URL(page.url()).searchParams.get('order_id') as string;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('order-status')).toHaveText('Сплачене');
  return orderId;
}

/** A manager's page of the back office, in a browser of its own (the customer stays signed in in theirs). */
async function managerPage(browser: Browser, customerPage: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: new URL(customerPage.url()).origin,
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.1' },
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
  });
  const page = await context.newPage();
  await signInToBackOffice(page);
  return page;
}

/** The manager moves the order along its statuses from its page, as after the parcel's news. */
async function moveOrder(page: Page, orderId: string, statuses: string[]): Promise<void> {
  const number = `#${orderId.slice(-7)}`;
  await page.getByRole('menu').getByText('Замовлення').click();
  await page.getByPlaceholder(/Номер, ім’я, пошта або телефон/).fill(orderId.slice(-7));
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(orderId.slice(-7)));
  await page.getByRole('cell', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Замовлення ${number}` })).toBeVisible();
  for (const status of statuses) {
    await page.getByTestId(`order-to-${status}`).click();
    await page.getByTestId('order-status-confirm').click();
    await expect(page.getByTestId(`order-to-${status}`)).toHaveCount(0);
  }
}

/** The return's step button on its back-office page, and the dialog's confirmation. */
async function takeStep(page: Page, step: 'accept' | 'receive' | 'refund', status: string): Promise<void> {
  await page.getByTestId(`return-step-${step}`).click();
  await expect(page.getByTestId('return-dialog')).toBeVisible();
  await page.getByTestId('return-dialog-confirm').click();
  await expect(page.getByTestId('return-dialog')).toHaveCount(0);
  await expect(page.getByTestId('return-status').first()).toHaveText(status);
}

test('a card order gets its receipt; one line comes back, and the money, the receipt and the stock with it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = newAccount('returns');
  await register(request, customer);
  const tokens = await login(request, customer.email, customer.password);
  const staff = await login(request, 'staff-manager@example.com', 'e2e-staff-password-1');
  const products = [await productToBuy(request, 16), await productToBuy(request, 17)];
  const [returned] = products as [ShopProduct];

  await open(page, '/');
  await storeSession(page, tokens);
  const orderId = await buyByCard(page, customer, products);
  const number = `#${orderId.slice(-7)}`;

  // The register fiscalises the payment; the payment mail links the receipt, which leads to its page.
  await expect
    .poll(async () => (await receiptsOf(request, orderId)).map((r) => `${r.kind}:${r.status}`), { timeout: 30_000 })
    .toEqual(['sell:done']);
  const [sell] = (await receiptsOf(request, orderId)) as [Receipt];
  expect(sell.fiscal_code).toBeTruthy();
  const mails = await mailsTo(customer.email, 2);
  const paid = mails.find((mail) => mail.includes('Ми отримали оплату карткою')) as string;
  const link = paid.match(/https?:\/\/\S+\/receipt\/[0-9a-f-]{36}/)?.[0] as string;
  expect(link, 'the payment mail links the receipt').toBeTruthy();
  const receiptPage = await page.context().newPage();
  await receiptPage.goto(new URL(link).pathname);
  await expect(receiptPage.locator('body')).toContainText(sell.fiscal_code as string);
  await receiptPage.close();

  // The parcel reaches the buyer.
  const manager = await managerPage(browser, page);
  await moveOrder(manager, orderId, ['shipped', 'delivered']);
  expect((await orderStatus(request, orderId)).status).toBe('delivered');

  // The order's page shows the receipt and offers the return; the buyer asks to return the first line.
  await open(page, '/profile-orders');
  const card = page.getByTestId('order-card').filter({ hasText: number });
  await expect(card.getByTestId('receipt-link')).toContainText(sell.fiscal_code as string);
  await card.getByTestId('return-request-link').click();
  await expect(page).toHaveURL(new RegExp(`/returns/${orderId}$`));
  const form = page.getByTestId('return-form');
  const line = form.getByTestId('return-form-line').filter({ hasText: returned.name });
  await line.getByRole('checkbox').check();
  await form.getByLabel('Причина повернення').fill('Не підійшов розмір');
  await form.getByRole('radio', { name: 'Привезу або надішлю на адресу магазину' }).check();
  await expect(form.getByTestId('return-sum')).toContainText('Повернемо');
  await form.getByTestId('return-submit').click();
  const done = page.getByTestId('return-done');
  await expect(done).toBeVisible();
  const returnNumber = ((await done.locator('h2, h1').first().innerText()).match(/П-[0-9a-f]{7}/) ?? [])[0] as string;
  expect(returnNumber).toBeTruthy();

  // The manager finds it under Returns, accepts it, receives the goods and refunds them.
  await manager.getByRole('menu').getByText('Повернення').click();
  await expect(manager).toHaveURL(/\/uk\/admin\/returns/);
  await manager.getByRole('cell', { name: returnNumber }).click();
  await expect(manager.getByTestId('return-lines')).toContainText(returned.name);
  await takeStep(manager, 'accept', 'Прийнято');
  await takeStep(manager, 'receive', 'Товар отримано');

  const history = await request.get('/api/orders/', { headers: { authorization: `Bearer ${tokens.access}` } });
  const orders = (await history.json()) as {
    order_id: string;
    items: { product: number | null; size: { id: number } | null; color: { id: number } | null }[];
  }[];
  const item = orders.find((o) => o.order_id === orderId)?.items.find((i) => i.product === returned.id);
  const variant = { size: item?.size?.id ?? null, color: item?.color?.id ?? null };
  const before = await available(request, staff.access, returned, variant);
  await takeStep(manager, 'refund', 'Кошти повернено');

  // Monobank's cancel was sent and answered; a return receipt is issued; the units are back in stock.
  await expect(manager.getByTestId('return-bank-status')).toHaveText('успішно');
  const returnId = manager.url().match(/returns\/([0-9a-f-]{36})/)?.[1] ?? '';
  const record = await request.get(`/api/admin/returns/${returnId}/`, {
    headers: { authorization: `Bearer ${staff.access}` },
  });
  expect(record.status()).toBe(200);
  expect((await record.json()).refund).toMatchObject({ method: 'card', bank_status: 'success' });
  await expect
    .poll(async () => (await receiptsOf(request, orderId)).map((r) => `${r.kind}:${r.status}`), { timeout: 30_000 })
    .toEqual(['sell:done', 'return:done']);
  expect(before, 'the demo catalogue counts its stock').toEqual(expect.any(Number));
  expect(await available(request, staff.access, returned, variant)).toBe((before as number) + 1);

  // The customer sees every step on the order's page, with the return receipt.
  await open(page, '/profile-orders');
  const after = page.getByTestId('order-card').filter({ hasText: number });
  const view = after.getByTestId('return-card');
  await expect(view.getByTestId('return-status')).toHaveText('Кошти повернено');
  await expect(view.getByTestId('return-steps').getByRole('listitem')).toHaveCount(4);
  await expect(after.getByTestId('receipt-link')).toHaveCount(2);
  await expect(after.getByTestId('return-why-not').or(after.getByTestId('return-request-link'))).toHaveCount(1);
  await manager.context().close();
});
