import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

export interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  category_full_path: string;
  is_on_sale: boolean;
  sizes: { id: number; name: string }[];
  colors: { id: number; name: string }[];
}

/**
 * The `index`-th in-stock product with sizes and colours of the demo catalogue; each test takes its
 * own index, so a product one journey buys is not the one another counts on.
 */
export async function productToBuy(request: APIRequestContext, index: number): Promise<ShopProduct> {
  const response = await request.get('/api/products?page=1&limit=50&sort=default&in_stock=true');
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { products: ShopProduct[] } };
  const product = results.products.filter((p) => p.is_on_sale && p.sizes.length > 0 && p.colors.length > 0)[index];
  if (!product) throw new Error(`the demo catalogue has no in-stock product number ${index} with sizes and colours`);
  return product;
}

export const productUrl = (p: ShopProduct) => `/product/${p.category_full_path}/${p.slug}`;

/** A fresh buyer's e-mail per test and project, so what the server holds is this test's own. */
export function buyerEmail(info: TestInfo, tag: string): string {
  return `${tag}-${info.project.name}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
}

/** The product page's size, then "to cart": the confirmation comes without blocking the page. */
export async function addToCartFromProductPage(page: Page, product: ShopProduct, sizeIndex = 0): Promise<void> {
  await page.goto(productUrl(product));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const purchase = page.getByTestId('purchase');
  await purchase.getByTestId('size-options').locator('label').nth(sizeIndex).click();
  await purchase.getByTestId('add-to-cart').click();
  const toast = page.getByTestId('cart-toast');
  await expect(toast).toContainText('Товар додано до кошика');
  await expect(toast).toContainText(product.name);
}

/** City and branch chosen from the autocompletes; the branch's text is returned. */
export async function chooseOdesaBranch(page: Page): Promise<string> {
  const city = page.getByRole('combobox', { name: 'Місто' });
  await city.click();
  await city.pressSequentially('Оде');
  await page.getByRole('option', { name: 'Одеса', exact: true }).click();
  await expect(city).toHaveValue('Одеса');
  const branch = page.getByRole('combobox', { name: 'Відділення або поштомат' });
  await expect(branch).toBeEnabled();
  await branch.click();
  await branch.pressSequentially('1');
  const option = page.getByRole('option').first();
  await expect(option).toContainText('1');
  const text = (await option.innerText()).trim();
  await option.click();
  await expect(branch).toHaveValue(text);
  return text;
}

export async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel("Ім'я").fill('Олена');
  await page.getByLabel('Прізвище').fill('Коваль');
  await page.getByLabel('E-mail').fill(email);
  // Spaces, brackets and dashes go as typed; the field keeps +380XXXXXXXXX.
  await page.getByLabel('Телефон').fill('+38 (067) 123-45-67');
  await expect(page.getByLabel('Телефон')).toHaveValue('+380671234567');
}

function decodeMail(raw: string): string {
  // Each part's body is base64 (nodemailer's choice for Cyrillic); headers stay as they are.
  return raw.replace(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g, (_all, body: string) =>
    Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
}

/** The mails the shop wrote to `address` (no SMTP in the journeys: they go to $DATA_DIR/outbox). */
export async function mailsTo(address: string, expected = 1): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  let found: string[] = [];
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        found = files
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
          .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw))
          .map(decodeMail);
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBe(expected);
  return found;
}

/** The order's status as the server holds it, through the status call a guest may make. */
export async function orderStatus(request: APIRequestContext, orderId: string) {
  const response = await request.get(`/api/orders/${orderId}/status/`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { order_id: string; status: string; payment_method: string };
}
