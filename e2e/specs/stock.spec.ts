import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, login, staffAccount } from '../accounts.ts';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, open, test } from '../fixtures.ts';
import { buyerEmail, fillContact, mailsTo, productToBuy, type ShopProduct } from './checkout-helpers.ts';

// Stock per variant as shoppers meet it: the last unit of a size goes to whoever orders first, and the
// other buyer is told so at the checkout; a sold-out size is dimmed and offers a mail when it is back.

type Variant = { size: number | null; color: number | null; quantity: number | null };

/** Sets the counts of a product's variants through the back office's API, as a manager does. */
async function setStock(request: APIRequestContext, product: ShopProduct, variants: Variant[]) {
  const staff = await login(request, staffAccount.email, staffAccount.password);
  const response = await request.patch(`/api/admin/products/${product.id}/stock/`, {
    ...bearer(staff.access),
    data: { mode: 'set', variants, note: 'e2e' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return staff;
}

/** Every colour of the product in one size, at `quantity` (null: not counted, always available). */
const inEveryColour = (product: ShopProduct, size: number, quantity: number | null): Variant[] =>
  product.colors.map((color) => ({ size, color: color.id, quantity }));

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** The product found as a shopper finds it: typed into the header's search, then its card. */
async function findProduct(page: Page, product: ShopProduct) {
  await open(page, '/');
  const input = page.getByTestId('search-input');
  await input.fill(product.name);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=/);
  await page
    .locator('.card__name a', { hasText: exactly(product.name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

const sizeChoice = (page: Page, name: string) =>
  page.getByTestId('size-options').locator('label', { hasText: exactly(name) });

/** Product page → the size → to cart → the cart → its checkout button, then pickup and the buyer. */
async function checkoutWithSize(page: Page, product: ShopProduct, size: string, email: string) {
  await findProduct(page, product);
  await sizeChoice(page, size).click();
  await page.getByTestId('purchase').getByTestId('add-to-cart').click();
  await page.getByTestId('cart-toast').getByRole('button', { name: 'Перейти до кошика' }).click();
  await page.getByTestId('cart-sidebar').getByRole('link', { name: 'Перейти до оформлення' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-summary').getByTestId('cart-line')).toContainText(`Розмір: ${size}`);
  await fillContact(page, email);
  await page.getByRole('radio', { name: 'Самовивіз з магазину' }).check();
  await page.getByLabel('Я приймаю умови').check();
}

test('the last unit of a size goes to the first order; the other buyer is told at the checkout', async ({
  page,
  browser,
  request,
  extraHTTPHeaders,
  consoleErrors,
}, info) => {
  const product = await productToBuy(request, 14);
  const size = product.sizes.at(-1);
  if (!size) throw new Error('the product has no sizes');
  await setStock(request, product, inEveryColour(product, size.id, 1));
  const other = await browser.newContext({ extraHTTPHeaders });
  try {
    // The second buyer gets as far as the place-order button first.
    await checkoutWithSize(page, product, size.name, buyerEmail(info, 'stock-late'));

    // Meanwhile another shopper, in a browser of their own, buys the last one.
    const first = await other.newPage();
    const firstErrors: string[] = [];
    first.on('console', (m) => m.type() === 'error' && firstErrors.push(m.text()));
    await checkoutWithSize(first, product, size.name, buyerEmail(info, 'stock-first'));
    const placed = first.waitForResponse((r) => r.url().endsWith('/api/orders/') && r.request().method() === 'POST');
    await first.getByTestId('place-order').click();
    expect((await placed).status()).toBe(201);
    await expect(first).toHaveURL(/\/success-order$/);
    expect(firstErrors).toEqual([]);

    // Now the second: the shop refuses and says which product and size are gone.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/orders/') && r.request().method() === 'POST');
    await page.getByTestId('place-order').click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByTestId('notification-message')).toContainText(`«${product.name}», розмір ${size.name}`);
    await expect(page.getByTestId('notification-message')).toContainText('більше немає в наявності');
    await page.getByRole('button', { name: 'Закрити' }).click();

    // Still on the checkout, everything typed kept, the line marked.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Ім'я")).toHaveValue('Олена');
    await expect(page.getByLabel('Я приймаю умови')).toBeChecked();
    const line = page.getByTestId('checkout-summary').getByTestId('cart-line');
    await expect(line.getByTestId('cart-line-unavailable')).toHaveText('Немає в наявності — приберіть з кошика');
    expectFailedResponses(consoleErrors, [{ status: 409, path: '/api/orders/' }]);
  } finally {
    await other.close();
    await setStock(request, product, inEveryColour(product, size.id, null));
  }
});

test('a sold-out size is dimmed, says why, and the shopper is mailed once it is back', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  // The shop's mail goes out after the stock is back: more than the usual time.
  test.slow();
  const product = await productToBuy(request, 15);
  const size = product.sizes[0];
  if (!size) throw new Error('the product has no sizes');
  const email = buyerEmail(info, 'stock-alert');
  const staff = await setStock(request, product, inEveryColour(product, size.id, 0));
  try {
    await findProduct(page, product);
    const choice = sizeChoice(page, size.name);
    const radio = choice.getByRole('radio');
    await expect(choice).toHaveClass(/is-out/);
    await expect(choice).toHaveAttribute('title', 'немає в наявності');
    await expect(radio).toHaveAttribute('aria-disabled', 'true');
    await expect(radio).toHaveAccessibleDescription('немає в наявності');

    // Chosen with the keyboard, as any size.
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    // The colour the page is on, as its legend names it ("Колір: Олива").
    const legend = await page.getByTestId('purchase').locator('legend', { hasText: 'Колір:' }).innerText();
    const colour = legend.replace(/^Колір:\s*/, '').trim();
    await expect(page.getByTestId('stock-reason')).toContainText(
      `Розміру ${size.name} у кольорі ${colour} немає в наявності`,
    );
    const add = page.getByTestId('purchase').getByTestId('add-to-cart');
    await expect(add).toHaveText('Немає в наявності');
    // It stays in the keyboard's reach and, pressed, says why instead of adding.
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('notification-message')).toContainText(`Розміру ${size.name}`);
    await page.getByRole('button', { name: 'Закрити' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    const form = page.getByRole('form', { name: "Повідомити, коли з'явиться" });
    const field = form.getByRole('textbox', { name: 'Ваш e-mail' });
    await field.fill(email);
    await expect(field).toHaveValue(email);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/stock-alerts/'));
    await form.getByRole('button', { name: 'Повідомити мене' }).click();
    expect((await sent).status()).toBe(201);
    await expect(form.getByRole('status')).toHaveText(`Готово! Ми напишемо на ${email}, щойно товар з'явиться.`);

    // The shop counts the shopper as waiting for that size.
    const stock = await request.get(`/api/admin/products/${product.id}/stock/`, bearer(staff.access));
    const { variants } = (await stock.json()) as { variants: { size: number; waiting: number }[] };
    expect(variants.filter((v) => v.size === size.id).reduce((sum, v) => sum + v.waiting, 0)).toBe(1);

    // Back in stock: one mail, whose link unsubscribes (and says so once it is already done).
    await setStock(request, product, inEveryColour(product, size.id, 5));
    const [mail] = await mailsTo(email, 1);
    const link = /https?:\/\/[^\s"<>]+\/stock-alerts\/[^\s"<>/]+\/unsubscribe/.exec(mail ?? '')?.[0];
    expect(link, 'the mail’s unsubscribe link').toBeDefined();
    const unsubscribe = page.getByTestId('stock-unsubscribe');
    await open(page, new URL(link as string).pathname);
    await expect(unsubscribe).toHaveAttribute('data-state', /^(done|gone)$/);
    await open(page, new URL(link as string).pathname);
    await expect(unsubscribe).toHaveAttribute('data-state', 'gone');
    await expect(unsubscribe.getByRole('status')).toHaveText(
      'Цієї підписки вже немає: ви відписалися раніше або лист уже надіслано.',
    );
    // The second visit's call found nothing to cancel: the browser logs that answer.
    const token = new URL(link as string).pathname.split('/')[2];
    expectFailedResponses(consoleErrors, [{ status: 404, path: `/api/stock-alerts/${token}/` }]);
  } finally {
    await setStock(request, product, inEveryColour(product, size.id, null));
  }
});
