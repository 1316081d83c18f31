import { expect, isPhone, open, test } from '../fixtures.ts';

test('home → category → colour filter → product → size → cart sidebar with line and total', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');

  // The first category, from the category blocks (visible at every width).
  await page.locator('.category-block h3 a').first().click();
  await expect(page).toHaveURL(/\/category\/odyag$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Одяг' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  if (isPhone(page)) await page.getByRole('button', { name: 'Фільтри' }).click();
  const colours = page.getByTestId('color-filter');
  // The filter applies through the URL, so the box is ticked once the new page is in.
  await colours.getByLabel('Олива').click();
  await expect(page).toHaveURL(/color=1(&|$)/);
  await expect(colours.getByLabel('Олива')).toBeChecked();
  // A camouflage colour has no RGB value but a pattern swatch, so it can be chosen.
  await expect(colours.getByLabel('Мультикам', { exact: true })).toBeEnabled();
  // On a phone the filters are a drawer: its button shows the products.
  if (isPhone(page)) await page.getByTestId('filter-drawer-show').click();

  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('.card__name').innerText()).trim();
  await card.locator('.card__name a').click();
  await expect(page).toHaveURL(/\/product\/odyag\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Without a size the product page asks for one.
  const purchase = page.getByTestId('purchase');
  const sizes = purchase.getByTestId('size-options');
  const hasSizes = (await sizes.count()) > 0;
  if (hasSizes) {
    await purchase.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('notification-message')).toHaveText('Будь ласка, оберіть розмір');
    await page.getByRole('button', { name: 'Закрити' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(0);
    await sizes.locator('label').first().click();
  }
  await page.getByRole('button', { name: 'Збільшити кількість' }).click();
  await purchase.getByTestId('add-to-cart').click();
  // The confirmation does not block the page: no modal, a toast with a way to the cart.
  await expect(page.getByTestId('cart-toast')).toContainText('Товар додано до кошика');
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByTestId('cart-button').click();
  const sidebar = page.getByTestId('cart-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByTestId('cart-line')).toHaveCount(1);
  await expect(sidebar.getByTestId('cart-line')).toContainText(name);
  await expect(sidebar.getByTestId('cart-line')).toContainText('Колір: Олива');
  // Guests see no prices: instead of a zero total, the cart says when prices appear.
  await expect(sidebar.getByTestId('cart-total')).toContainText("Ціни з'являться після входу");
  await expect(page.locator('html')).toHaveClass(/scroll-locked/);

  await sidebar.getByRole('button', { name: 'Продовжити покупки' }).click();
  await expect(sidebar).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
});

test('pagination moves through the catalogue and disables prev on the first page', async ({ page }) => {
  await open(page, '/category/odyag');
  const pagination = page.getByTestId('pagination');
  await expect(pagination.getByRole('button', { name: 'Попередня сторінка' })).toBeDisabled();
  await expect(pagination.getByRole('link', { name: 'Сторінка 01' })).toHaveText('01');
  await pagination.getByRole('link', { name: 'Сторінка 02' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination.getByRole('link', { name: 'Сторінка 02' })).toHaveAttribute('aria-current', 'page');
});
