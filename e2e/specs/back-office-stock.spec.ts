import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, login, staffAccount } from '../accounts.ts';
import { searchList, signInToBackOffice } from '../back-office.ts';
import { expect, open, test } from '../fixtures.ts';
import { productUrl, type ShopProduct } from './checkout-helpers.ts';

// Stock is counted per variant, a size in a colour: a manager counts it in the product's grid in the
// back office, every change is written to the product's history with its note, and the storefront
// dims a size only in the colour that has run out of it.

/** A cell of the stock grid, named as a screen reader reads it. */
const cell = (page: Page, size: string, colour: string) =>
  page.getByTestId('stock-grid').getByRole('textbox', { name: `Розмір ${size}, колір ${colour}`, exact: true });

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The history's row of a size in a colour, written with the note of one save. */
const movement = (page: Page, note: string, size: string, colour: string) => {
  // By column: a shoe's size ("41") may also be a count in the row.
  const column = (index: number, text: string) =>
    page
      .getByRole('cell')
      .nth(index)
      .filter({ hasText: exactly(text) });
  return page
    .getByTestId('stock-movements')
    .getByRole('row')
    .filter({ has: column(2, size) })
    .filter({ has: column(3, colour) })
    .filter({ has: column(9, note) });
};

/**
 * A product on sale with two sizes and two colours, from the second hundred of the catalogue: the
 * journeys that buy take theirs from the first fifty (`productToBuy`). Each copy of a repeated run
 * (`--repeat-each`) takes its own, as copies run side by side.
 */
async function productOfItsOwn(request: APIRequestContext, copy: number): Promise<ShopProduct> {
  const response = await request.get('/api/products?page=2&limit=100&sort=default&in_stock=true');
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { products: ShopProduct[] } };
  const fit = results.products.filter((p) => p.is_on_sale && p.sizes.length >= 2 && p.colors.length >= 2);
  const product = fit[copy % fit.length];
  if (!product) throw new Error('the demo catalogue has no product with two sizes and two colours');
  return product;
}

test('a manager counts a product’s sizes per colour; the storefront dims the sold-out size in that colour only', async ({
  page,
  request,
}, info) => {
  test.slow();
  const product = await productOfItsOwn(request, info.repeatEachIndex);
  const [gone, kept] = product.sizes;
  const [colour, other] = product.colors;
  if (!gone || !kept || !colour || !other) throw new Error('the product needs two sizes and two colours');
  const { sku } = (await (await request.get(`/api/products/${product.slug}`)).json()) as { sku: string };

  // The journey owns this product's two sizes: it starts them from five in every colour, so a
  // repeated or interrupted run starts the same.
  const staff = await login(request, staffAccount.email, staffAccount.password);
  const start = await request.patch(`/api/admin/products/${product.id}/stock/`, {
    ...bearer(staff.access),
    data: {
      mode: 'set',
      note: 'e2e: start',
      variants: [gone, kept].flatMap((size) =>
        product.colors.map((c) => ({ size: size.id, color: c.id, quantity: 5 })),
      ),
    },
  });
  expect(start.status(), await start.text()).toBe(200);

  // The manager finds the product by its SKU in the list and opens its stock tab.
  await signInToBackOffice(page);
  await page.getByRole('menu').getByText('Товари').click();
  await expect(page).toHaveURL(/\/uk\/admin\/products/);
  await searchList(page, 'Назва, артикул або адреса', sku);
  await page.getByRole('row').filter({ hasText: sku }).getByText(product.name, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/uk/admin/products/${product.id}$`));
  await page.getByRole('tab', { name: 'Залишки' }).click();
  await expect(page.getByRole('heading', { name: 'Залишки за розмірами й кольорами' })).toBeVisible();

  // One size sold out in one colour, another counted anew; the note says why.
  const note = `Ревізія складу ${Date.now()}`;
  await expect(cell(page, gone.name, colour.name)).toHaveValue('5');
  await cell(page, gone.name, colour.name).fill('0');
  await cell(page, kept.name, colour.name).fill('12');
  await expect(page.getByTestId('stock-pending')).toHaveText('2 зміни');
  await page.getByRole('textbox', { name: 'Примітка до зміни' }).fill(note);
  await page.getByRole('button', { name: 'Зберегти залишки' }).click();
  await expect(page.getByText('Залишки збережено')).toBeVisible();
  await expect(cell(page, gone.name, colour.name)).toHaveValue('0');
  await expect(cell(page, kept.name, colour.name)).toHaveValue('12');

  // Each change is a movement in the history: what moved, what is left, who did it and the note.
  const any = /.+/;
  await expect(movement(page, note, gone.name, colour.name).getByRole('cell')).toHaveText([
    any,
    'Коригування',
    gone.name,
    colour.name,
    '\u22125',
    '0',
    '0',
    '—',
    staffAccount.email,
    note,
  ]);
  await expect(movement(page, note, kept.name, colour.name).getByRole('cell')).toHaveText([
    any,
    'Коригування',
    kept.name,
    colour.name,
    '+7',
    '12',
    '0',
    '—',
    staffAccount.email,
    note,
  ]);

  // The storefront, in another tab: in that colour the sold-out size is dimmed and says why, and
  // names the colours it is still in; the other size can be bought.
  const shop = await page.context().newPage();
  const shopErrors: string[] = [];
  shop.on('console', (message) => message.type() === 'error' && shopErrors.push(message.text()));
  await open(shop, productUrl(product));
  const colours = shop.getByTestId('color-options');
  const pickColour = async (name: string) => {
    await colours.locator('label', { has: shop.getByRole('radio', { name, exact: true }) }).click();
    await expect(colours.getByRole('radio', { name, exact: true })).toBeChecked();
  };
  const sizes = shop.getByTestId('size-options');
  const sizeChip = (name: string) => sizes.locator('label', { has: shop.getByRole('radio', { name, exact: true }) });
  const reason = shop.getByTestId('stock-reason');
  const addToCart = shop.getByTestId('purchase').getByTestId('add-to-cart');

  await pickColour(colour.name);
  await expect(sizeChip(gone.name)).toHaveClass(/is-out/);
  await expect(sizeChip(gone.name)).toHaveAttribute('title', 'немає в наявності');
  await expect(sizeChip(kept.name)).not.toHaveClass(/is-out/);
  // Still chosen with a click: the radio is only aria-disabled, which Playwright takes for disabled.
  await sizeChip(gone.name).click({ force: true });
  await expect(sizes.getByRole('radio', { name: gone.name, exact: true })).toBeChecked();
  await expect(reason).toContainText(`Розміру ${gone.name} у кольорі ${colour.name} немає в наявності`);
  await expect(reason).toContainText(
    `Є в кольорах: ${product.colors
      .filter((c) => c.id !== colour.id)
      .map((c) => c.name)
      .join(', ')}`,
  );
  await expect(addToCart).toHaveText('Немає в наявності');
  await sizeChip(kept.name).click();
  await expect(reason).toBeEmpty();
  await expect(addToCart).not.toHaveText('Немає в наявності');

  // In another colour the same size is there to buy.
  await pickColour(other.name);
  await expect(sizeChip(gone.name)).not.toHaveClass(/is-out/);
  await shop.close();
  expect(shopErrors, 'console errors on the storefront').toEqual([]);

  // Goods received: three of every variant, added to what each has.
  await page.getByRole('textbox', { name: 'Кількість для всіх' }).fill('3');
  await expect(page.getByRole('textbox', { name: 'Кількість для всіх' })).toHaveValue('3');
  await page.getByRole('button', { name: 'Додати всім' }).click();
  const invoice = `Накладна ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Примітка до зміни' }).fill(invoice);
  await expect(page.getByRole('button', { name: 'Додати (надходження)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, gone.name, colour.name)).toHaveValue('3');
  await page.getByRole('button', { name: 'Зберегти залишки' }).click();
  await expect(page.getByText('Залишки збережено').first()).toBeVisible();

  // Saved, the grid counts again, each variant three more than before.
  await expect(page.getByRole('button', { name: 'Встановити кількість' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, gone.name, colour.name)).toHaveValue('3');
  await expect(cell(page, kept.name, colour.name)).toHaveValue('15');
  await expect(cell(page, gone.name, other.name)).toHaveValue('8');
  await expect(movement(page, invoice, kept.name, colour.name).getByRole('cell')).toHaveText([
    any,
    'Надходження',
    kept.name,
    colour.name,
    '+3',
    '15',
    '0',
    '—',
    staffAccount.email,
    invoice,
  ]);
});
